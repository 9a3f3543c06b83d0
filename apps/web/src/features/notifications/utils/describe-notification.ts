import type { Notification } from '@symposia/shared';
import { paths } from '@/config/paths';

/** "alice", or "alice and 4 others" for a notification that stands for five members. */
export function actorsOf(notification: Pick<Notification, 'actor' | 'count'>): string {
  const name = notification.actor?.username.trim() || 'Someone';
  const others = notification.count - 1;
  if (others <= 0) return name;
  return `${name} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/** What happened, in one sentence: "alice and 4 others liked your post". */
export function describeNotification(notification: Notification): string {
  const who = actorsOf(notification);
  switch (notification.type) {
    case 'comment':
      return `${who} commented on your post`;
    case 'reply':
      return `${who} replied to your comment`;
    case 'mention':
      return `${who} mentioned you`;
    case 'like':
      return `${who} liked your ${notification.comment_id ? 'comment' : 'post'}`;
    case 'moderation':
      return 'A message from the moderators';
    case 'reward':
      return 'You earned a reward';
  }
}

/** Where opening it goes: the post, scrolled to the comment; null when it is about no post. */
export function notificationTarget(notification: Notification): string | null {
  if (!notification.post_id) return null;
  return notification.comment_id
    ? paths.postDetail.comment(notification.post_id, notification.comment_id)
    : paths.postDetail.href(notification.post_id);
}
