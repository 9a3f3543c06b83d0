import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionInfo } from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { notifyUpdateFailed } from '@/components/ui/toast/update-failure';
import { formatDateTime } from '@/lib/time';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { deviceName } from '../utils/user-agent';
import section from '@/components/ui/settings-section/settings-section.module.css';
import styles from './session-settings.module.css';

/**
 * My Page › Settings › Sessions: where the account is signed in (device, address, when it signed
 * in and was last used), with End on every session but this one and "Sign out everywhere else".
 * A session ended here is refused at its device's next request, which then asks to sign in.
 * This device's own session ends with Logout.
 */
export function SessionSettings() {
  const { t } = useTranslation('auth');
  const headingId = useId();
  const query = useSessions();
  const endOthers = useEndOtherSessions();
  const [status, setStatus] = useState('');
  const others = query.data?.sessions.filter((session) => !session.current) ?? [];

  const onEndOthers = async () => {
    setStatus('');
    try {
      const { signed_out_sessions: count } = await endOthers.mutateAsync();
      setStatus(t('sessions.endedOthers', { count }));
    } catch (error) {
      notifyUpdateFailed(t('sessions.endOthersFailed'), error);
    }
  };

  return (
    <section aria-labelledby={headingId} className={section.section}>
      <div className={`${section.header} ${styles.header}`}>
        <h3 id={headingId} className={section.heading}>
          {t('sessions.heading')}
        </h3>
        {others.length > 0 ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void onEndOthers()}
            disabled={endOthers.isPending}
          >
            {endOthers.isPending ? t('sessions.endingOthers') : t('sessions.endOthers')}
          </button>
        ) : null}
      </div>
      <p className={section.description}>{t('sessions.description')}</p>
      {query.data ? (
        <>
          <ul className={section.list} aria-labelledby={headingId}>
            {query.data.sessions.map((session) => (
              <SessionRow key={session.id} session={session} onEnded={setStatus} />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className={section.description}>{t('sessions.onlyHere')}</p>
          ) : null}
        </>
      ) : (
        <QueryStatus
          query={query}
          loading={t('sessions.loading')}
          failed={t('sessions.loadFailed')}
        />
      )}
      <p className={section.status} role="status">
        {status}
      </p>
    </section>
  );
}

function SessionRow({
  session,
  onEnded,
}: {
  session: SessionInfo;
  onEnded: (status: string) => void;
}) {
  const { t } = useTranslation('auth');
  const end = useEndSession();
  const device = describeDevice(session.user_agent, t);
  const signedIn = formatDateTime(session.created_at);

  const onEnd = async () => {
    onEnded('');
    try {
      await end.mutateAsync(session.id);
      onEnded(t('sessions.ended'));
    } catch (error) {
      notifyUpdateFailed(t('sessions.endFailed'), error);
    }
  };

  return (
    <li className={`${section.row} ${styles.row}`} data-testid="session-row">
      <div className={section.text}>
        <span>
          {/* Names of browsers and systems, read from the device: not translated. */}
          <span className={styles.device} translate="no" title={session.user_agent || undefined}>
            {device}
          </span>
          {session.current ? (
            <span className={styles.current}>{t('sessions.thisDevice')}</span>
          ) : null}
        </span>
        <span className={styles.details}>
          {t('sessions.signedIn', { time: signedIn })}
          {' · '}
          {t('sessions.lastUsed', {
            time: formatDateTime(session.last_used_at ?? session.created_at),
          })}
        </span>
        {session.ip_address ? (
          <span className={styles.details}>
            {t('sessions.fromAddress', { address: session.ip_address })}
          </span>
        ) : null}
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void onEnd()}
          disabled={end.isPending}
          aria-label={t('sessions.endLabel', { device, time: signedIn })}
        >
          {end.isPending ? t('sessions.ending') : t('sessions.end')}
        </button>
      )}
    </li>
  );
}

/** "Firefox on Linux", one of the two, or "Unknown device". */
function describeDevice(
  userAgent: string,
  t: ReturnType<typeof useTranslation<'auth'>>['t'],
): string {
  const { browser, os } = deviceName(userAgent);
  if (browser && os) return t('sessions.device', { browser, os });
  return browser ?? os ?? t('sessions.unknownDevice');
}
