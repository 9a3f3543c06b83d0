import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES, type ModerationLogEntry } from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { useModerationLog } from '../api/get-moderation-log';
import { LOG_ACTION_LABELS, TARGET_LABELS } from '../texts';
import { Pager } from './pager';
import styles from './moderation.module.css';

function Target({ entry }: { entry: ModerationLogEntry }) {
  const label = TARGET_LABELS[entry.target_type];
  if (entry.target_type === 'post') {
    return <Link to={paths.postDetail.href(entry.target_id)}>{label}</Link>;
  }
  if (entry.target_type === 'user') {
    return <Link to={paths.author.href(entry.target_id)}>{label}</Link>;
  }
  return (
    <span>
      {label} <code className={styles.id}>{entry.target_id}</code>
    </span>
  );
}

/** Every moderator action, newest first, as the server keeps it (append-only). */
export function ModerationLog() {
  const [skip, setSkip] = useState(0);
  const query = useModerationLog(skip);
  const entries = query.data;

  return (
    <section className={styles.queue} aria-labelledby="moderation-log">
      <h2 id="moderation-log" className={styles.panelHeading}>
        Log
      </h2>
      {entries ? (
        entries.length ? (
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">Moderator actions, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Moderator</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                    </td>
                    <td>{entry.moderator.username}</td>
                    <td>
                      {LOG_ACTION_LABELS[entry.action]}
                      {entry.suspended_until ? (
                        <>
                          {' '}
                          until{' '}
                          <time dateTime={entry.suspended_until}>
                            {formatDateTime(entry.suspended_until)}
                          </time>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <Target entry={entry} />
                    </td>
                    <td className={styles.note}>{entry.note}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.empty}>No moderator has acted yet.</p>
        )
      ) : (
        <QueryStatus
          query={query}
          loading="Loading the log…"
          failed={MESSAGES.moderationLoadFailed}
          classNames={{ error: styles.failure, loading: styles.loading }}
        />
      )}
      <Pager
        what="log entries"
        skip={skip}
        shown={entries?.length ?? 0}
        busy={query.isPlaceholderData}
        onSkip={setSkip}
      />
    </section>
  );
}
