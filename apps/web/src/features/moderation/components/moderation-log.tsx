import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModerationLogEntry } from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { useModerationLog } from '../api/get-moderation-log';
import { Pager } from './pager';
import styles from './moderation.module.css';

function Target({ entry }: { entry: ModerationLogEntry }) {
  const { t } = useTranslation('moderation');
  const label = t(`targets.${entry.target_type}`);
  if (entry.target_type === 'post') {
    return <Link to={paths.postDetail.href(entry.target_id)}>{label}</Link>;
  }
  if (entry.target_type === 'user') {
    return <Link to={paths.author.href(entry.target_id)}>{label}</Link>;
  }
  return (
    <span>
      {label}{' '}
      <code className={styles.id} translate="no">
        {entry.target_id}
      </code>
    </span>
  );
}

/** Every moderator action, newest first, as the server keeps it (append-only). */
export function ModerationLog() {
  const { t } = useTranslation(['moderation', 'messages']);
  const [skip, setSkip] = useState(0);
  const query = useModerationLog(skip);
  const entries = query.data;

  return (
    <section className={styles.queue} aria-labelledby="moderation-log">
      <h2 id="moderation-log" className={styles.panelHeading}>
        {t('log.title')}
      </h2>
      {entries ? (
        entries.length ? (
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('log.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('log.when')}</th>
                  <th scope="col">{t('log.moderator')}</th>
                  <th scope="col">{t('log.action')}</th>
                  <th scope="col">{t('log.target')}</th>
                  <th scope="col">{t('log.note')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                    </td>
                    <td translate="no">{entry.moderator.username}</td>
                    <td>
                      {t(`log.actions.${entry.action}`)}
                      {entry.suspended_until ? (
                        <>
                          {' '}
                          {t('log.until')}{' '}
                          <time dateTime={entry.suspended_until}>
                            {formatDateTime(entry.suspended_until)}
                          </time>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <Target entry={entry} />
                    </td>
                    <td className={styles.note} translate="no">
                      {entry.note}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.empty}>{t('log.empty')}</p>
        )
      ) : (
        <QueryStatus
          query={query}
          loading={t('log.loading')}
          failed={t('messages:moderationLoadFailed')}
          classNames={{ error: styles.failure, loading: styles.loading }}
        />
      )}
      <Pager
        what={t('log.what')}
        skip={skip}
        shown={entries?.length ?? 0}
        busy={query.isPlaceholderData}
        onSkip={setSkip}
      />
    </section>
  );
}
