import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { EMAIL_MAX_LENGTH, MESSAGES, PHONE_MAX_LENGTH } from '@symposia/shared';
import { TextField } from '@/components/ui/form/text-field';
import { PROFILE_TEXTS, PROFILE_UI } from '../texts';
import { notifyUpdateFailed } from '../utils/update-failure';
import sectionStyles from './settings-section.module.css';
import ownStyles from './contact-settings.module.css';

const styles = { ...sectionStyles, ...ownStyles };

type ContactSettingsProps = {
  email: string;
  phone: string;
  onSaveEmail: (email: string) => Promise<unknown>;
  onSavePhone: (phone: string) => Promise<unknown>;
};

/**
 * Contact Information in the settings panel: Edit, then Save or Cancel. A value is sent only when
 * it is non-empty and changed (spec §5); a refused one keeps the form open with what was typed
 * and shows 'Failed to update email' or 'Failed to update phone'.
 */
export function ContactSettings({ email, phone, onSaveEmail, onSavePhone }: ContactSettingsProps) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState({ email, phone });
  const [status, setStatus] = useState('');

  const startEditing = () => {
    setDraft({ email, phone });
    setStatus('');
    setEditing(true);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const calls: Promise<boolean>[] = [];
    const nextEmail = draft.email.trim();
    const nextPhone = draft.phone.trim();
    if (nextEmail && nextEmail !== email) {
      calls.push(
        onSaveEmail(nextEmail).then(
          () => true,
          (error: unknown) => {
            notifyUpdateFailed(MESSAGES.updateEmailFailed, error);
            return false;
          },
        ),
      );
    }
    if (nextPhone && nextPhone !== phone) {
      calls.push(
        onSavePhone(nextPhone).then(
          () => true,
          (error: unknown) => {
            notifyUpdateFailed(MESSAGES.updatePhoneFailed, error);
            return false;
          },
        ),
      );
    }
    setSaving(true);
    const results = await Promise.all(calls);
    setSaving(false);
    if (results.every(Boolean)) {
      setEditing(false);
      if (calls.length > 0) setStatus(PROFILE_UI.contactSaved);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    // Escape cancels the edit first; a second Escape closes the window.
    event.stopPropagation();
    setEditing(false);
  };

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.heading}>
          {PROFILE_TEXTS.contactInformation}
        </h3>
        {!editing ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={startEditing}
            aria-label="Edit contact information"
          >
            Edit
          </button>
        ) : null}
      </div>
      {editing ? (
        <form
          className={styles.form}
          onSubmit={(event) => void onSubmit(event)}
          onKeyDown={onKeyDown}
          noValidate
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={draft.email}
            onChange={(event) => setDraft((current) => ({ ...current, email: event.target.value }))}
            autoFocus
          />
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_MAX_LENGTH}
            value={draft.phone}
            onChange={(event) => setDraft((current) => ({ ...current, phone: event.target.value }))}
          />
          <div className={styles.actions}>
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving ? PROFILE_UI.saving : 'Save'}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setEditing(false)}
              disabled={saving}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <dl className={styles.values}>
          <div className={styles.value}>
            <dt>Email</dt>
            <dd>
              {email.trim() ? (
                email
              ) : (
                <span className={styles.empty}>{PROFILE_UI.notProvided}</span>
              )}
            </dd>
          </div>
          <div className={styles.value}>
            <dt>Phone</dt>
            <dd>
              {phone.trim() ? (
                phone
              ) : (
                <span className={styles.empty}>{PROFILE_UI.notProvided}</span>
              )}
            </dd>
          </div>
        </dl>
      )}
      <p className={styles.status} role="status">
        {status}
      </p>
    </section>
  );
}
