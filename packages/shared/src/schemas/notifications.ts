import { z } from 'zod';
import {
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MAX_LIMIT,
  NOTIFICATIONS_READ_MAX_IDS,
} from '../limits.js';
import { actorSchema, pageQuerySchema } from './common.js';
import { MESSAGES } from '../messages.js';

/**
 * What a member is told of. `comment`: on their post. `reply`: to their comment. `mention`:
 * `@username` in a comment or a post's content (once per post). `like`: on their post or
 * comment, one per target and day ("alice and 4 others"). `moderation`: an outcome on their
 * content or their report. `reward`: tokens earned.
 * `review`: a peer review of their post. `review_response`: the post author's answer to their review.
 * `bounty_offered`: a bounty for reviews of their post; `bounty_awarded`: one awarded to their review.
 * `followed_post`: a new public post of an author they follow (schemas/follows.ts), once per post.
 * One event is one notification: a reply that also mentions you is a `reply`.
 */
export const NOTIFICATION_TYPES = [
  'comment',
  'reply',
  'mention',
  'like',
  'moderation',
  'reward',
  'review',
  'review_response',
  'bounty_offered',
  'bounty_awarded',
  'followed_post',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  /** The latest member behind it; null for moderation outcomes and rewards. */
  actor: actorSchema.nullable(),
  post_id: z.string().nullable(),
  comment_id: z.string().nullable(),
  /** The start of the comment, the post's title, or what the moderators decided. */
  excerpt: z.string(),
  /** How many members it stands for: 5 is "alice and 4 others". */
  count: z.number().int(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

/** GET /notifications query. */
export const notificationListQuerySchema = pageQuerySchema(
  NOTIFICATIONS_DEFAULT_LIMIT,
  NOTIFICATIONS_MAX_LIMIT,
);
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** GET /notifications/unread_count, and each `count` event of the stream. */
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /notifications/read (JSON): some by id, or all of them. */
export const markNotificationsReadBodySchema = z.union([
  z.object({
    ids: z
      .array(z.string().max(64))
      .min(1, { message: MESSAGES.noNotificationIds })
      .max(NOTIFICATIONS_READ_MAX_IDS, {
        message: MESSAGES.tooManyAtOnce(NOTIFICATIONS_READ_MAX_IDS),
      }),
  }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;
export const markNotificationsReadResultSchema = z.object({ count: z.number().int() });

/**
 * GET and PUT /notifications/settings: which types the member wants (all on by default). PUT
 * takes any of them and answers with all.
 */
export const notificationSettingsSchema = z.object({
  comment: z.boolean(),
  reply: z.boolean(),
  mention: z.boolean(),
  like: z.boolean(),
  moderation: z.boolean(),
  reward: z.boolean(),
  review: z.boolean(),
  review_response: z.boolean(),
  bounty_offered: z.boolean(),
  bounty_awarded: z.boolean(),
  followed_post: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsPatchSchema = notificationSettingsSchema.partial();
