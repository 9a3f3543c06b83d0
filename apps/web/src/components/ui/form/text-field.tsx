import { useId, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './text-field.module.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  error?: string;
  hint?: string;
  /** Marks an optional field in the label, so required ones need no asterisk. */
  optional?: boolean;
};

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField({ label, error, hint, optional, ...inputProps }: TextFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> {t('field.optional')}</span> : null}
      </label>
      <input
        id={id}
        className={error ? `${styles.input} ${styles.invalid}` : styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
