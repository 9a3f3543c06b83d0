import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '@symposia/shared';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { useModerationQueue } from '../api/get-moderation-queue';
import { Pager } from './pager';
import { QueueItem } from './queue-item';
import styles from './moderation.module.css';

/**
 * The open or the resolved reports, grouped by target, oldest first, with Show more. After an
 * action the item leaves the list, so focus goes to the list's heading rather than to nowhere.
 */
export function QueuePanel({ status }: { status: ReportStatus }) {
  const { t } = useTranslation(['moderation', 'messages']);
  const [skip, setSkip] = useState(0);
  const query = useModerationQueue(status, skip);
  const items = query.data;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const refocus = useRef(false);

  // The action refetches the queue; once the new list is shown, focus is put back in it.
  useEffect(() => {
    if (!refocus.current || query.isFetching) return;
    refocus.current = false;
    headingRef.current?.focus();
  }, [query.isFetching, query.dataUpdatedAt]);

  return (
    <section className={styles.queue} aria-labelledby={`queue-${status}`}>
      <h2 id={`queue-${status}`} ref={headingRef} tabIndex={-1} className={styles.panelHeading}>
        {t(`queue.${status}`)}
      </h2>
      {items ? (
        items.length ? (
          <ol className={styles.list}>
            {items.map((item) => (
              <li key={item.report_id}>
                <QueueItem
                  item={item}
                  onActed={() => {
                    refocus.current = true;
                  }}
                />
              </li>
            ))}
          </ol>
        ) : (
          <p className={styles.empty}>
            {status === 'open' ? t('messages:noOpenReports') : t('queue.emptyResolved')}
          </p>
        )
      ) : (
        <QueryStatus
          query={query}
          loading={t('queue.loading')}
          failed={t('messages:moderationLoadFailed')}
          classNames={{ error: styles.failure, loading: styles.loading }}
        />
      )}
      <Pager
        what={t('queue.what')}
        skip={skip}
        shown={items?.length ?? 0}
        busy={query.isPlaceholderData}
        onSkip={setSkip}
      />
    </section>
  );
}
