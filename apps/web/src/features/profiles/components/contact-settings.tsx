import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@symposia/shared';
import { CONTACT_KINDS, ContactField } from '@/components/ui/form/contact-field';
import { SettingsFormSection } from '@/components/ui/settings-section/settings-form-section';
import { localizeMessage } from '@/lib/localize-message';
import { notifyUpdateFailed } from '../utils/update-failure';
import { Detail, DetailList } from './detail-list';
import sectionStyles from '@/components/ui/settings-section/settings-section.module.css';
import ownStyles from './contact-settings.module.css';

const styles = { ...sectionStyles, ...ownStyles };

type ContactSettingsProps = {
  email: string;
  /** Issue 30: whether the member opened the link sent to `email`. */
  emailVerified: boolean;
  phone: string;
  onSaveEmail: (email: string) => Promise<unknown>;
  onSavePhone: (phone: string) => Promise<unknown>;
  /** "Resend verification": the link of an unverified address, sent again. */
  onResendVerification: () => Promise<unknown>;
};

/**
 * Contact Information in the settings panel: Edit, then Save or Cancel. A value is sent only when
 * it is non-empty and changed (spec §5); a refused one keeps the form open with what was typed
 * and shows 'Failed to update email' or 'Failed to update phone'.
 */
export function ContactSettings({
  email,
  emailVerified,
  phone,
  onSaveEmail,
  onSavePhone,
  onResendVerification,
}: ContactSettingsProps) {
  const { t } = useTranslation(['profiles', 'profile', 'messages']);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [resending, setResending] = useState(false);
  const [draft, setDraft] = useState({ email, phone });
  const [status, setStatus] = useState('');

  const startEditing = () => {
    setDraft({ email, phone });
    setStatus('');
    setEditing(true);
  };

  const onSubmit = async () => {
    const saves: { save: () => Promise<unknown>; failed: string }[] = [];
    const nextEmail = draft.email.trim();
    const nextPhone = draft.phone.trim();
    if (nextEmail && nextEmail !== email) {
      saves.push({ save: () => onSaveEmail(nextEmail), failed: t('messages:updateEmailFailed') });
    }
    if (nextPhone && nextPhone !== phone) {
      saves.push({ save: () => onSavePhone(nextPhone), failed: t('messages:updatePhoneFailed') });
    }
    setSaving(true);
    // One after the other: each answer is the whole member, so the last one shown must be the
    // last one written (two calls in flight may reach two servers and come back in any order).
    let allSaved = true;
    for (const { save, failed } of saves) {
      try {
        await save();
      } catch (error) {
        notifyUpdateFailed(failed, error);
        allSaved = false;
      }
    }
    setSaving(false);
    if (allSaved) {
      setEditing(false);
      if (saves.length > 0) setStatus(t('contact.saved'));
    }
  };

  const resend = async () => {
    setResending(true);
    setStatus('');
    try {
      await onResendVerification();
      setStatus(localizeMessage(MESSAGES.verificationEmailSent));
    } catch (error) {
      notifyUpdateFailed(t('contact.resendFailed'), error);
    } finally {
      setResending(false);
    }
  };

  return (
    <SettingsFormSection
      heading={t('profile:contactInformation')}
      openLabel={t('edit.button')}
      openAriaLabel={t('contact.edit')}
      onOpen={startEditing}
      editing={editing}
      saving={saving}
      saveLabel={t('edit.save')}
      savingLabel={t('saving')}
      cancelLabel={t('edit.cancel')}
      onSubmit={onSubmit}
      onCancel={() => setEditing(false)}
      view={
        <DetailList compact>
          <Detail label={t('fields.email')}>
            {email.trim() ? (
              <>
                <span translate="no">{email}</span>{' '}
                {emailVerified ? (
                  <span className={styles.verified}>{t('contact.verified')}</span>
                ) : (
                  <>
                    <span className={styles.unverified}>{t('contact.unverified')}</span>
                    <span className={styles.verifyHint}>{t('contact.unverifiedHint')}</span>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => void resend()}
                      disabled={resending}
                    >
                      {resending ? t('contact.resending') : t('contact.resend')}
                    </button>
                  </>
                )}
              </>
            ) : (
              <span className={styles.empty}>{t('notProvided')}</span>
            )}
          </Detail>
          <Detail label={t('fields.phone')}>
            {phone.trim() ? (
              <span translate="no">{phone}</span>
            ) : (
              <span className={styles.empty}>{t('notProvided')}</span>
            )}
          </Detail>
        </DetailList>
      }
      status={status}
    >
      {CONTACT_KINDS.map((kind) => (
        <ContactField
          key={kind}
          kind={kind}
          label={t(`fields.${kind}`)}
          value={draft[kind]}
          onChange={(event) => setDraft((current) => ({ ...current, [kind]: event.target.value }))}
          autoFocus={kind === 'email'}
        />
      ))}
    </SettingsFormSection>
  );
}
