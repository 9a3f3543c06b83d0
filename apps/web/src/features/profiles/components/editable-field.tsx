import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { notifyUpdateFailed } from '../utils/update-failure';
// The text field's box without its hover tint (a CSS `composes` from another file would copy the
// rules into this page's stylesheet, after the text field's own error border).
import fieldStyles from '@/components/ui/form/text-field.module.css';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import spread from '@/components/ui/spread-row/spread-row.module.css';
import styles from './editable-field.module.css';
import { PencilIcon } from '@/components/ui/icons/icons';

export type EditableFieldProps = {
  /** The field's name (in the reader's language), shown as the input's label and in 'Edit {label}'. */
  label: string;
  value: string;
  maxLength: number;
  /** Saves the new value; a rejection restores the previous value and shows `failureTitle`. */
  onSave: (next: string) => Promise<unknown>;
  /** The toast title on failure, e.g. 'failed to update title'. */
  failureTitle: string;
  /** A bio: a textarea where Enter is a new line and Ctrl+Enter saves. */
  multiline?: boolean;
  type?: 'text' | 'url';
  /** An empty value cannot be saved (the username). */
  required?: boolean;
  placeholder?: string;
  /** How the value shows when not editing; receives what is shown (the pending value while saving). */
  renderValue: (value: string) => ReactNode;
  /** Light text on the dark header. */
  tone?: 'light' | 'dark';
  className?: string;
};

/**
 * A profile field edited in place (spec §4 Field edit): Edit, then Save or Cancel. Enter saves
 * (Ctrl+Enter in a textarea), Escape cancels. The new value shows at once; if the server refuses
 * it, the previous value comes back and an error toast says why.
 */
export function EditableField({
  label,
  value,
  maxLength,
  onSave,
  failureTitle,
  multiline = false,
  type = 'text',
  required = false,
  placeholder,
  renderValue,
  tone = 'dark',
  className,
}: EditableFieldProps) {
  const { t, i18n } = useTranslation('profiles');
  const inputId = useId();
  const countId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [pending, setPending] = useState<string | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing]);

  const startEditing = () => {
    setDraft(pending ?? value);
    setEditing(true);
  };

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  const save = () => {
    const next = draft.trim();
    if (required && !next) return;
    close();
    if (next === value) return;
    setPending(next);
    onSave(next)
      .catch((error: unknown) => notifyUpdateFailed(failureTitle, error))
      .finally(() => setPending((current) => (current === next ? null : current)));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // The field's Escape must not also close a surrounding dialog.
      event.stopPropagation();
      close();
    } else if (multiline && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save();
    }
  };

  const toneClass = tone === 'light' ? styles.light : '';

  if (editing) {
    const inputProps = {
      id: inputId,
      value: draft,
      maxLength,
      placeholder,
      required,
      autoFocus: true,
      'aria-describedby': countId,
      onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
      onKeyDown,
    };
    return (
      <form
        className={[styles.form, toneClass, className].filter(Boolean).join(' ')}
        onSubmit={onSubmit}
        // The server judges the value, so a refusal reads like every other one (a toast).
        noValidate
      >
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {multiline ? (
          <textarea
            {...inputProps}
            className={`${fieldStyles.control} ${styles.textarea}`}
            rows={5}
          />
        ) : (
          <input {...inputProps} type={type} className={fieldStyles.control} />
        )}
        <div className={`${spread.row} ${spread.tight}`}>
          <span id={countId} className={styles.count}>
            {draft.length}/{maxLength} ·{' '}
            {multiline ? t('edit.keysHintMultiline') : t('edit.keysHint')}
          </span>
          <span className={styles.buttons}>
            <button
              type="submit"
              className="button button-primary"
              disabled={required && !draft.trim()}
            >
              {t('edit.save')}
            </button>
            <button type="button" className="button button-secondary" onClick={close}>
              {t('edit.cancel')}
            </button>
          </span>
        </div>
      </form>
    );
  }

  const shown = pending ?? value;
  return (
    <div className={[styles.display, toneClass, className].filter(Boolean).join(' ')}>
      <div className={styles.value}>{renderValue(shown)}</div>
      <button
        ref={editButtonRef}
        type="button"
        className={`${outline.button} ${outline.round} ${styles.edit}`}
        onClick={startEditing}
        aria-label={t('edit.field', { label: label.toLocaleLowerCase(i18n.language) })}
      >
        <PencilIcon width={16} height={16} />
        <span aria-hidden="true">{t('edit.button')}</span>
      </button>
      <span className={styles.saving} role="status">
        {pending !== null ? t('saving') : ''}
      </span>
    </div>
  );
}
