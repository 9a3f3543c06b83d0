import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '@symposia/shared';
import { useModerationQueue } from '../api/get-moderation-queue';
import { PagedPanel, useRefocusAfterAction } from './paged-panel';
import { QueueItem } from './queue-item';
import styles from './moderation.module.css';

/** The open or the resolved reports, grouped by target, oldest first, a page at a time. */
export function QueuePanel({ status }: { status: ReportStatus }) {
  const { t } = useTranslation(['moderation', 'messages']);
  const [skip, setSkip] = useState(0);
  const query = useModerationQueue(status, skip);
  const { headingRef, refocusAfterAction } = useRefocusAfterAction(query);

  return (
    <PagedPanel
      id={`queue-${status}`}
      title={t(`queue.${status}`)}
      headingRef={headingRef}
      query={query}
      skip={skip}
      onSkip={setSkip}
      texts={{
        what: t('queue.what'),
        empty: status === 'open' ? t('messages:noOpenReports') : t('queue.emptyResolved'),
        loading: t('queue.loading'),
        failed: t('messages:moderationLoadFailed'),
      }}
      renderItems={(items) => (
        <ol className={styles.list}>
          {items.map((item) => (
            <li key={item.report_id}>
              <QueueItem item={item} onActed={refocusAfterAction} />
            </li>
          ))}
        </ol>
      )}
    />
  );
}
