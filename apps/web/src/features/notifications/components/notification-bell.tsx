import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import popover from '@/components/ui/popover/popover.module.css';
import { useDismiss } from '@/components/ui/popover/use-dismiss';
import { useAuth } from '@/lib/auth-store';
import { useLiveUnreadCount } from '../hooks/use-live-unread-count';
import { useUnreadCount } from '../stores/unread-count';
import styles from './notification-bell.module.css';
import { BellIcon } from '@/components/ui/icons/icons';

// The list, its schemas and its queries load when the bell is first opened.
const NotificationPanel = lazy(() => import('./notification-panel'));

/** "99+" beyond two digits, so the badge keeps its size. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The name the bell is announced by: the count is part of it, the badge is only drawn. */
export const bellLabel = (t: TFunction<'notifications'>, count: number | null) =>
  count ? t('bellUnread', { number: count }) : t('title');

/**
 * The header's bell, for signed-in members: the unread count on a badge, kept live by the stream;
 * pressing it opens the notification panel under it (Escape or a press outside closes it).
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { token } = useAuth();
  useLiveUnreadCount(token);
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, rootRef, toggleRef);

  if (!token) return null;
  return (
    <div ref={rootRef} className={popover.anchor}>
      <button
        ref={toggleRef}
        type="button"
        className={`${outline.button} ${popover.toggle} ${styles.bell}`}
        aria-label={bellLabel(t, count)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon width={20} height={20} />
        {count ? (
          <span className={styles.badge} aria-hidden="true" data-testid="notification-badge">
            {badgeText(count)}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense
          fallback={
            <div id={panelId} className={popover.panel} role="status">
              {t('loading')}
            </div>
          }
        >
          <NotificationPanel id={panelId} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
