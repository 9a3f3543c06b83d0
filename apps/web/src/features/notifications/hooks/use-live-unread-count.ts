import { useEffect } from 'react';
import { unreadCount } from '../stores/unread-count';

/**
 * While `token` is a session, keeps the unread count live (stream, else polling); signing out or
 * switching accounts stops it and forgets the count.
 */
export function useLiveUnreadCount(token: string | null) {
  useEffect(() => {
    if (!token) return;
    let stop: (() => void) | undefined;
    let ended = false;
    import('../utils/connect-unread-count').then(
      ({ connectUnreadCount }) => {
        if (!ended) stop = connectUnreadCount(token);
      },
      (error: unknown) => console.warn('The live notification count could not load', error),
    );
    return () => {
      ended = true;
      stop?.();
      unreadCount.set(null);
    };
  }, [token]);
}
