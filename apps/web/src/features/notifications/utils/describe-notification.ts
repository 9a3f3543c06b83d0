import type { Notification } from '@symposia/shared';
import { paths } from '@/config/paths';

/** "alice", or "alice and 4 others" for a notification that stands for five members. */
export function actorsOf(notification: Pick<Notification, 'actor' | 'count'>): string {
  const name = notification.actor?.username.trim() || 'Someone';
  const others = notification.count - 1;
  if (others <= 0) return name;
  return `${name} and ${others} ${others === 1 ? 'other' : 'others'}`;
}

/**
 * The amount of a `reward` notification, whose excerpt is what the epoch credited ("12.5", or
 * "12.5 tokens"); null when it holds no amount.
 */
export function rewardAmountOf(excerpt: string): string | null {
  return /^\s*(\d+(?:\.\d+)?)\b/.exec(excerpt)?.[1] ?? null;
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
    case 'reward': {
      const amount = rewardAmountOf(notification.excerpt);
      if (amount === null) return 'You earned a reward';
      return `You earned ${amount} ${amount === '1' ? 'token' : 'tokens'}`;
    }
  }
}

/**
 * Where opening it goes: a reward to the Token page, where it is claimed; anything else to its
 * post, scrolled to the comment; null when it is about no post.
 */
export function notificationTarget(notification: Notification): string | null {
  if (notification.type === 'reward') return paths.token.href();
  if (!notification.post_id) return null;
  return notification.comment_id
    ? paths.postDetail.comment(notification.post_id, notification.comment_id)
    : paths.postDetail.href(notification.post_id);
}
