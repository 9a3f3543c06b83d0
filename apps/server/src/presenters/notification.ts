import type {
  Notification as NotificationBody,
  NotificationSettings as NotificationSettingsBody,
} from '@symposia/shared';
import type { NotificationPreferences, NotificationView } from '../domain/notification.js';

/**
 * A notification as its recipient reads it. `created_at` is when it was last raised (a like
 * joining its group), the time the list is ordered by, so "alice and 4 others" shows when the
 * latest of them liked it.
 */
export function presentNotification(notification: NotificationView): NotificationBody {
  return {
    id: notification.id,
    type: notification.type,
    actor: notification.actor && {
      id: notification.actor.id,
      username: notification.actor.username,
      avatar: notification.actor.avatar,
    },
    post_id: notification.postId,
    comment_id: notification.commentId,
    excerpt: notification.excerpt,
    count: notification.count,
    created_at: notification.updatedAt,
    read: notification.read,
  };
}

export function presentNotificationSettings(
  preferences: NotificationPreferences,
): NotificationSettingsBody {
  return {
    comment: preferences.comment,
    reply: preferences.reply,
    mention: preferences.mention,
    like: preferences.like,
    moderation: preferences.moderation,
    reward: preferences.reward,
    review: preferences.review,
    review_response: preferences.review_response,
    bounty_offered: preferences.bounty_offered,
    bounty_awarded: preferences.bounty_awarded,
    followed_post: preferences.followed_post,
  };
}
