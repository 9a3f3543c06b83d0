import { useId, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
// The same look as TextField, so single- and multi-line fields sit together in one form.
import fieldStyles from '../form/text-field.module.css';
import styles from './textarea-field.module.css';

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
  label: string;
  error?: string;
  hint?: string;
  /** Marks an optional field in the label, so required ones need no asterisk. */
  optional?: boolean;
};

/** A labelled multi-line text field with its hint and error wired up for assistive technology. */
export function TextareaField({
  label,
  error,
  hint,
  optional,
  ...textareaProps
}: TextareaFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const className = [fieldStyles.input, styles.textarea, error ? fieldStyles.invalid : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
        {optional ? <span className={fieldStyles.optional}> {t('field.optional')}</span> : null}
      </label>
      <textarea
        id={id}
        className={className}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        rows={4}
        {...textareaProps}
      />
      {hint ? (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
