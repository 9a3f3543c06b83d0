import {
  useEffect,
  useId,
  useRef,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import styles from './settings-section.module.css';

type SettingsFormSectionProps = {
  heading: string;
  /** The button that opens the form; not offered when `openLabel` is undefined. */
  openLabel?: string;
  /** A fuller name for the open button than its text ("Edit contact information"). */
  openAriaLabel?: string;
  onOpen: () => void;
  editing: boolean;
  saving: boolean;
  saveLabel: string;
  savingLabel: string;
  cancelLabel: string;
  onSubmit: () => void | Promise<void>;
  onCancel: () => void;
  /** The form's accessible name, where the heading alone would not say what it changes. */
  formLabel?: string;
  formRef?: RefObject<HTMLFormElement | null>;
  /** The form's fields, shown while editing. */
  children: ReactNode;
  /** What the section shows while not editing (the saved values), and any note above. */
  view?: ReactNode;
  description?: ReactNode;
  /** Said politely after a save ("Saved"). */
  status: string;
};

/**
 * A section of the settings window whose values change in a form opened by a button: heading and
 * open button, the form with Save and Cancel (Escape cancels; a second Escape closes the window),
 * the saved values while closed, and a status line. When the form closes, the keyboard goes back
 * to the button that opened it, not to the page behind the window.
 */
export function SettingsFormSection({
  heading,
  openLabel,
  openAriaLabel,
  onOpen,
  editing,
  saving,
  saveLabel,
  savingLabel,
  cancelLabel,
  onSubmit,
  onCancel,
  formLabel,
  formRef,
  children,
  view,
  description,
  status,
}: SettingsFormSectionProps) {
  const headingId = useId();
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (wasEditing.current && !editing) openerRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onCancel();
  };

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.heading}>
          {heading}
        </h3>
        {!editing && openLabel !== undefined ? (
          <button
            ref={openerRef}
            type="button"
            className="button button-secondary"
            onClick={onOpen}
            aria-label={openAriaLabel}
          >
            {openLabel}
          </button>
        ) : null}
      </div>
      {description}
      {editing ? (
        <form
          ref={formRef}
          className={styles.form}
          aria-label={formLabel}
          onSubmit={submit}
          onKeyDown={onKeyDown}
          noValidate
        >
          {children}
          <div className={styles.actions}>
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving ? savingLabel : saveLabel}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={onCancel}
              disabled={saving}
            >
              {cancelLabel}
            </button>
          </div>
        </form>
      ) : (
        view
      )}
      <p className={styles.status} role="status">
        {status}
      </p>
    </section>
  );
}
