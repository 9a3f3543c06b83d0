import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_EMAIL_CHOICES_OF_KIND,
  NOTIFICATION_KINDS,
  type NotificationEmailChoice,
  type NotificationKind,
  type NotificationPreferences as Preferences,
} from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { Switch } from '@/components/ui/switch/switch-group';
import section from '@/components/ui/settings-section/settings-section.module.css';
import alert from '@/components/ui/alert/alert.module.css';
import { localizedDetail } from '@/lib/localize-message';
import {
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences';
import styles from './notification-preferences.module.css';

type NotificationPreferencesProps = {
  /** Whether the member's address is verified: only a verified one gets notification email. */
  emailVerified: boolean;
  /** Opened from an email's link: the section is scrolled to and its heading focused. */
  focusOnOpen?: boolean;
};

/** The element id of the section, which the link at the foot of every notification email opens. */
export const NOTIFICATION_PREFERENCES_ID = 'notification-preferences';

/**
 * My Page › Settings › Notifications (issue 30): one row per kind of notification, with a bell
 * switch and an email choice (immediately, in the digest, never), then the weekly digest's
 * switch; saved as a whole with Save, which says it is saving, that it saved, or why it could not
 * (the changes stay to try again).
 */
export function NotificationPreferences({
  emailVerified,
  focusOnOpen,
}: NotificationPreferencesProps) {
  const { t } = useTranslation(['notifications', 'messages']);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useNotificationPreferences();

  useEffect(() => {
    if (!focusOnOpen || !query.data) return;
    headingRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus();
  }, [focusOnOpen, query.data]);

  return (
    <section
      id={NOTIFICATION_PREFERENCES_ID}
      aria-labelledby={headingId}
      className={section.section}
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={section.heading}>
        {t('title')}
      </h3>
      <p className={section.description}>{t('preferences.description')}</p>
      {emailVerified ? null : <p className={styles.note}>{t('preferences.unverified')}</p>}
      {query.data ? (
        <PreferencesForm stored={query.data} />
      ) : (
        <QueryStatus
          query={query}
          loading={t('settings.loading')}
          failed={t('messages:notificationsLoadFailed')}
        />
      )}
    </section>
  );
}

function PreferencesForm({ stored }: { stored: Preferences }) {
  const { t } = useTranslation(['notifications', 'messages']);
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<Preferences>(stored);
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { kind: useId(), bell: useId(), email: useId(), digest: useId(), hint: useId() };
  const changed = JSON.stringify(draft) !== JSON.stringify(stored);

  const edit = (change: (next: Preferences) => void) => {
    const next = structuredClone(draft);
    change(next);
    setDraft(next);
    setStatus('');
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setStatus('');
    setFailure(null);
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved);
        setStatus(t('preferences.saved'));
      },
      onError: (error) => setFailure(localizedDetail(error)),
    });
  };

  return (
    <form className={section.form} onSubmit={submit} aria-busy={save.isPending}>
      <div className={styles.scroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col" id={ids.kind}>
                {t('preferences.kind')}
              </th>
              <th scope="col" id={ids.bell}>
                {t('preferences.bell')}
              </th>
              <th scope="col" id={ids.email}>
                {t('preferences.email')}
              </th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => (
              <KindRow
                key={kind}
                kind={kind}
                columns={ids}
                value={draft.kinds[kind]}
                onBell={() =>
                  edit((next) => {
                    next.kinds[kind].in_app = !next.kinds[kind].in_app;
                  })
                }
                onEmail={(email) =>
                  edit((next) => {
                    next.kinds[kind].email = email;
                  })
                }
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className={section.row}>
        <div className={section.text}>
          <span id={ids.digest} className={styles.label}>
            {t('preferences.digest.label')}
          </span>
          <span id={ids.hint} className={styles.hint}>
            {t('preferences.digest.hint')}
          </span>
        </div>
        <Switch
          checked={draft.digest}
          onToggle={() =>
            edit((next) => {
              next.digest = !next.digest;
            })
          }
          onText={t('settings.on')}
          offText={t('settings.off')}
          labelledBy={ids.digest}
          describedBy={ids.hint}
        />
      </div>
      <p className={section.description}>{t('preferences.immediateNote')}</p>
      {failure !== null ? (
        <div role="alert" className={`${alert.danger} ${styles.failure}`}>
          <p className={alert.title}>{t('messages:notificationPreferencesFailed')}</p>
          <p className={alert.details}>{failure}</p>
        </div>
      ) : null}
      <div className={section.actions}>
        <button
          type="submit"
          className="button button-primary"
          disabled={!changed && !save.isPending}
          aria-disabled={save.isPending || undefined}
        >
          {save.isPending ? t('preferences.saving') : t('preferences.save')}
        </button>
      </div>
      <p className={section.status} role="status">
        {status}
      </p>
    </form>
  );
}

type KindRowProps = {
  kind: NotificationKind;
  columns: { bell: string; email: string };
  value: Preferences['kinds'][NotificationKind];
  onBell: () => void;
  onEmail: (email: NotificationEmailChoice) => void;
};

/** One kind: its name and what it is, the bell's switch, the email choice (named by row and column). */
function KindRow({ kind, columns, value, onBell, onEmail }: KindRowProps) {
  const { t } = useTranslation('notifications');
  const labelId = useId();
  const hintId = useId();
  return (
    <tr>
      <th scope="row">
        <div className={styles.kind}>
          <span id={labelId} className={styles.label}>
            {t(`preferences.kinds.${kind}.label`)}
          </span>
          <span id={hintId} className={styles.hint}>
            {t(`preferences.kinds.${kind}.hint`)}
          </span>
        </div>
      </th>
      <td className={styles.bell}>
        <Switch
          checked={value.in_app}
          onToggle={onBell}
          onText={t('settings.on')}
          offText={t('settings.off')}
          labelledBy={`${labelId} ${columns.bell}`}
          describedBy={hintId}
        />
      </td>
      <td>
        <select
          className={styles.select}
          aria-labelledby={`${labelId} ${columns.email}`}
          value={value.email}
          onChange={(event) => onEmail(event.target.value as NotificationEmailChoice)}
        >
          {NOTIFICATION_EMAIL_CHOICES_OF_KIND[kind].map((choice) => (
            <option key={choice} value={choice}>
              {t(`preferences.choices.${choice}`)}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}
