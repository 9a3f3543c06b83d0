import { z } from 'zod';
import { EMAIL_LINK_TOKEN_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { oneOfValues } from './common.js';
import type { NotificationType } from './notifications.js';

/**
 * Notification preferences (issue 30): per kind of notification, whether the bell shows it and
 * whether email brings it — immediately, in the weekly digest, or never.
 *
 * A kind gathers the notification types a member thinks of as one thing:
 *
 * - `replies`: `comment` (on your post) and `reply` (to your comment);
 * - `mentions`: `mention`;
 * - `reviews`: `review` (of your post) and `review_response` (the author's answer to yours);
 * - `bounties`: `bounty_offered` and `bounty_awarded`;
 * - `moderation`: `moderation` (an outcome on your content or your report);
 * - `rewards`: `reward`;
 * - `followed_posts`: `followed_post` (a new post of an author you follow);
 * - `likes`: `like`. Likes come by email only in the digest (or never): one a day per target is
 *   already as often as the bell tells of them, and no one needs a message per like.
 *
 * `in_app` of a kind is a view of the bell's switches per type (GET/PUT /notifications/settings,
 * which answer as they always did): on when every type of the kind is on; saving a kind's
 * `in_app` sets all its types. `email` is stored per kind. Only a verified address gets
 * notification email; replies and mentions come immediately only when the member has not been
 * seen on the site since they were raised (and for NOTIFICATION_EMAIL_DELAY_SECONDS) and has not
 * read them in the bell.
 */
export const NOTIFICATION_KINDS = [
  'replies',
  'mentions',
  'reviews',
  'bounties',
  'moderation',
  'rewards',
  'followed_posts',
  'likes',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notificationKindSchema = oneOfValues(NOTIFICATION_KINDS);

/** The kind each notification type belongs to. */
export const NOTIFICATION_KIND_OF_TYPE: Readonly<Record<NotificationType, NotificationKind>> = {
  comment: 'replies',
  reply: 'replies',
  mention: 'mentions',
  like: 'likes',
  moderation: 'moderation',
  reward: 'rewards',
  review: 'reviews',
  review_response: 'reviews',
  bounty_offered: 'bounties',
  bounty_awarded: 'bounties',
  followed_post: 'followed_posts',
};

/** The types of a kind, in the order of NOTIFICATION_TYPES. */
export function notificationTypesOfKind(kind: NotificationKind): NotificationType[] {
  return (Object.keys(NOTIFICATION_KIND_OF_TYPE) as NotificationType[]).filter(
    (type) => NOTIFICATION_KIND_OF_TYPE[type] === kind,
  );
}

/** How email brings a kind: each one in a message of its own, in the weekly digest, or not at all. */
export const NOTIFICATION_EMAIL_CHOICES = ['immediate', 'digest', 'never'] as const;
export type NotificationEmailChoice = (typeof NOTIFICATION_EMAIL_CHOICES)[number];

/** The choices a kind offers: likes come in the digest or never. */
export const NOTIFICATION_EMAIL_CHOICES_OF_KIND: Readonly<
  Record<NotificationKind, readonly [NotificationEmailChoice, ...NotificationEmailChoice[]]>
> = {
  replies: NOTIFICATION_EMAIL_CHOICES,
  mentions: NOTIFICATION_EMAIL_CHOICES,
  reviews: NOTIFICATION_EMAIL_CHOICES,
  bounties: NOTIFICATION_EMAIL_CHOICES,
  moderation: NOTIFICATION_EMAIL_CHOICES,
  rewards: NOTIFICATION_EMAIL_CHOICES,
  followed_posts: NOTIFICATION_EMAIL_CHOICES,
  likes: ['digest', 'never'],
};

/** What a member who never chose gets: replies and mentions at once, the rest in the digest. */
export const DEFAULT_NOTIFICATION_EMAIL: Readonly<
  Record<NotificationKind, NotificationEmailChoice>
> = {
  replies: 'immediate',
  mentions: 'immediate',
  reviews: 'digest',
  bounties: 'digest',
  moderation: 'digest',
  rewards: 'digest',
  followed_posts: 'digest',
  likes: 'digest',
};

const kindPreferenceSchema = (kind: NotificationKind) =>
  z.object({
    in_app: z.boolean({ message: MESSAGES.notBoolean }),
    email: oneOfValues(NOTIFICATION_EMAIL_CHOICES_OF_KIND[kind]),
  });

const kindsShape = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, kindPreferenceSchema(kind)]),
) as { [K in NotificationKind]: ReturnType<typeof kindPreferenceSchema> };

/**
 * GET and PUT /notifications/preferences, read and written as a whole: every kind's `{in_app,
 * email}`, and whether the weekly digest comes at all (`digest`: off, no digest is sent, and the
 * kinds set to `digest` bring no email).
 */
export const notificationPreferencesSchema = z.object({
  kinds: z.object(kindsShape),
  digest: z.boolean({ message: MESSAGES.notBoolean }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export type KindPreference = NotificationPreferences['kinds'][NotificationKind];

/** What one-click unsubscribe turns off: a kind's email, or the digest. */
export const UNSUBSCRIBE_TOPICS = [...NOTIFICATION_KINDS, 'digest'] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];
export const unsubscribeTopicSchema = oneOfValues(UNSUBSCRIBE_TOPICS);

/**
 * POST and GET /notifications/unsubscribe?token=…: the signed token of a message's
 * List-Unsubscribe link (RFC 8058), which names the member and the topic.
 */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ message: MESSAGES.fieldRequired('token') })
    .trim()
    .min(1, { message: MESSAGES.fieldRequired('token') })
    .max(EMAIL_LINK_TOKEN_MAX_LENGTH, { message: MESSAGES.unsubscribeLinkInvalid }),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/**
 * POST /notifications/unsubscribe (form, multipart or JSON): `List-Unsubscribe=One-Click`, the
 * body RFC 8058 has mail providers send, and the web app's unsubscribe screen sends too.
 */
export const unsubscribeBodySchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', { message: MESSAGES.unsubscribeOneClick }),
});
export type UnsubscribeBody = z.infer<typeof unsubscribeBodySchema>;

/** What was turned off. */
export const unsubscribeResultSchema = z.object({ topic: unsubscribeTopicSchema });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
