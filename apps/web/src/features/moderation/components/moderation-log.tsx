import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ModerationLogEntry } from '@symposia/shared';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { useModerationLog } from '../api/get-moderation-log';
import { ModerationTable } from './moderation-panel';
import { PagedPanel } from './paged-panel';
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

  return (
    <PagedPanel
      id="moderation-log"
      title={t('log.title')}
      query={query}
      skip={skip}
      onSkip={setSkip}
      texts={{
        what: t('log.what'),
        empty: t('log.empty'),
        loading: t('log.loading'),
        failed: t('messages:moderationLoadFailed'),
      }}
      renderItems={(entries) => (
        <ModerationTable
          caption={t('log.caption')}
          columns={[
            t('log.when'),
            t('log.moderator'),
            t('log.action'),
            t('log.target'),
            t('log.note'),
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </td>
              <td translate="no">{entry.moderator.username}</td>
              <td>
                {t(`log.actions.${entry.action}`)}
                {entry.amount !== null ? ` (${t('log.amount', { amount: entry.amount })})` : null}
                {entry.signals !== null ? ` (${t('log.signals', { count: entry.signals })})` : null}
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
        </ModerationTable>
      )}
    />
  );
}
