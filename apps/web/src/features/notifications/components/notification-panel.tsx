import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTIFICATIONS_MAX_LIMIT, type Notification } from '@symposia/shared';
import popover from '@/components/ui/popover/popover.module.css';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { notify } from '@/components/ui/toast/toast';
import { updateFailureDetails } from '@/components/ui/toast/update-failure';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/time';
import { notificationsLimit, useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { useUnreadCount } from '../stores/unread-count';
import {
  describeNotification,
  moderationNotice,
  notificationTarget,
  rewardAmountOf,
  type NotificationT,
  type Sentence,
} from '../utils/describe-notification';
import styles from './notification-panel.module.css';

type NotificationPanelProps = {
  id: string;
  onClose: () => void;
};

function reportMarkFailure(t: NotificationT, error: unknown) {
  // A 401 already opened the login overlay (api-client); that is the whole answer.
  if (error instanceof ApiError && error.status === 401) return;
  notify.error(
    t('messages:updateFailed', { field: t('updateField') }),
    updateFailureDetails(error),
  );
}

/** A sentence, its user content (names, a moderator's note) marked as not to be translated. */
function SentenceText({ sentence }: { sentence: Sentence }) {
  return sentence.map((part, index) =>
    typeof part === 'string' ? (
      part
    ) : (
      <span key={index} translate="no">
        {part.user}
      </span>
    ),
  );
}

/**
 * The bell's panel: the member's notifications, newest first, unread ones marked. Opening one marks
 * it read and goes to its post, scrolled to the comment; "Mark all as read" clears the count. The
 * list follows the live count while open.
 */
export default function NotificationPanel({ id, onClose }: NotificationPanelProps) {
  const { t } = useTranslation(['notifications', 'messages']);
  const headingId = useId();
  const onMarkFailed = (error: unknown) => reportMarkFailure(t, error);
  const [more, setMore] = useState(0);
  const limit = notificationsLimit(more);
  const query = useNotifications(limit);
  const markRead = useMarkNotificationsRead();
  const count = useUnreadCount();
  const items = query.data;
  // A full list may have older ones behind it, up to what one answer may hold.
  const hasOlder = items?.length === limit && limit < NOTIFICATIONS_MAX_LIMIT;
  const hasUnread = Boolean(count) || Boolean(items?.some((item) => !item.read));

  // Something new arrived (or was read elsewhere) while the panel is open: show it. Not while
  // marking read here, whose answer refreshes the list itself.
  const shownCount = useRef(count);
  const { refetch } = query;
  const marking = markRead.isPending;
  useEffect(() => {
    if (count === shownCount.current || marking) return;
    shownCount.current = count;
    void refetch();
  }, [count, refetch, marking]);

  const open = (item: Notification) => {
    if (!item.read) markRead.mutate({ ids: [item.id] }, { onError: onMarkFailed });
    onClose();
  };

  return (
    <section
      id={id}
      className={`${popover.panel} ${styles.panel}`}
      aria-labelledby={headingId}
      data-testid="notification-panel"
    >
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t('title')}
        </h2>
        <button
          type="button"
          className={`link-button ${styles.markAll}`}
          // aria-disabled rather than disabled: focus stays on it once everything is read.
          aria-disabled={!hasUnread || undefined}
          onClick={() => {
            if (hasUnread) markRead.mutate({ all: true }, { onError: onMarkFailed });
          }}
        >
          {t('markAllRead')}
        </button>
      </div>

      {items ? (
        items.length ? (
          <ul className={styles.list} aria-label={t('title')}>
            {items.map((item) => (
              <li key={item.id}>
                <NotificationItem item={item} onOpen={() => open(item)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{t('messages:noNotifications')}</p>
        )
      ) : (
        <QueryStatus
          query={query}
          loading={t('loading')}
          failed={t('messages:notificationsLoadFailed')}
        />
      )}

      {hasOlder || query.isPlaceholderData ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={query.isPlaceholderData}
          aria-busy={query.isPlaceholderData || undefined}
          onClick={() => setMore((value) => value + 1)}
        >
          {query.isPlaceholderData ? t('loadingOlder') : t('showOlder')}
        </button>
      ) : null}
    </section>
  );
}

/**
 * What the notification quotes: a moderation notice in the reader's language; anything else is
 * user content (a comment's words, a post's title) and is not translated.
 */
function Excerpt({ item }: { item: Notification }) {
  const { t } = useTranslation(['notifications', 'messages']);
  // A reward's or a bounty's excerpt is its amount, which the sentence already says.
  if (
    !item.excerpt ||
    (item.type === 'reward' && rewardAmountOf(item.excerpt)) ||
    item.type === 'bounty_offered' ||
    item.type === 'bounty_awarded'
  ) {
    return null;
  }
  const notice = item.type === 'moderation' ? moderationNotice(t, item.excerpt) : null;
  return notice ? (
    <span className={styles.excerpt}>
      <SentenceText sentence={notice} />
    </span>
  ) : (
    <span className={styles.excerpt} translate="no">
      {item.excerpt}
    </span>
  );
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const { t } = useTranslation(['notifications', 'messages']);
  const target = notificationTarget(item);
  const body = (
    <>
      <span className={styles.text}>
        {item.read ? null : <span className="visually-hidden">{t('unread')}</span>}
        <span className={styles.what}>
          <SentenceText sentence={describeNotification(t, item)} />
        </span>
        <Excerpt item={item} />
        <time className={styles.time} dateTime={item.created_at}>
          {formatDateTime(item.created_at)}
        </time>
      </span>
      {item.read ? null : <span className={styles.dot} aria-hidden="true" />}
    </>
  );
  const className = item.read ? styles.item : `${styles.item} ${styles.unread}`;
  return target ? (
    <Link to={target} className={className} onClick={onOpen}>
      {body}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onOpen}>
      {body}
    </button>
  );
}
