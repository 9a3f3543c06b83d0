import type { TFunction } from 'i18next';
import { describeMessage, type Notification } from '@symposia/shared';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';

/** The catalogue lookups a notification's sentence needs. */
export type NotificationT = TFunction<readonly ['notifications', 'messages']>;

/**
 * A sentence from the catalogue with the user content in it (a username, a moderator's note) kept
 * apart, so that it can be marked translate="no" where it is shown.
 */
export type Sentence = readonly (string | { user: string })[];

// Stands in for user content while the catalogue fills its text, then is cut out again: no
// catalogue text holds it, and the user content itself is never passed through the catalogue.
const MARK = '\u0000';
const slot = (index: number) => `${MARK}${index}${MARK}`;

function sentenceOf(text: string, users: readonly string[]): Sentence {
  return text
    .split(MARK)
    .map((part, index) => (index % 2 === 1 ? { user: users[Number(part)] ?? '' } : part))
    .filter((part) => part !== '');
}

/** The sentence as plain text (a label, a test). */
export function sentenceText(sentence: Sentence): string {
  return sentence.map((part) => (typeof part === 'string' ? part : part.user)).join('');
}

/** Who did it, with the username as a slot: the text and the user content for its slot. */
function actorsText(
  t: NotificationT,
  notification: Pick<Notification, 'actor' | 'count'>,
): { text: string; users: string[] } {
  const name = notification.actor?.username.trim();
  const who = name ? slot(0) : t('someone');
  const others = notification.count - 1;
  const text = others <= 0 ? who : t('actorsOthers', { name: who, count: others });
  return { text, users: name ? [name] : [] };
}

/** "alice", or "alice and 4 others" for a notification that stands for five members. */
export function actorsOf(
  t: NotificationT,
  notification: Pick<Notification, 'actor' | 'count'>,
): Sentence {
  const { text, users } = actorsText(t, notification);
  return sentenceOf(text, users);
}

/**
 * The amount of a `reward` notification, whose excerpt is what the epoch credited ("12.5", or
 * "12.5 tokens"); null when it holds no amount.
 */
export function rewardAmountOf(excerpt: string): string | null {
  return /^\s*(\d+(?:\.\d+)?)\b/.exec(excerpt)?.[1] ?? null;
}

/** What happened, in one sentence: "alice and 4 others liked your post". */
export function describeNotification(t: NotificationT, notification: Notification): Sentence {
  const { text: who, users } = actorsText(t, notification);
  switch (notification.type) {
    case 'comment':
      return sentenceOf(t('describe.comment', { who }), users);
    case 'reply':
      return sentenceOf(t('describe.reply', { who }), users);
    case 'mention':
      return sentenceOf(t('describe.mention', { who }), users);
    case 'like':
      return sentenceOf(
        t(notification.comment_id ? 'describe.likeComment' : 'describe.likePost', { who }),
        users,
      );
    case 'moderation':
      return [t('describe.moderation')];
    case 'reward': {
      const amount = rewardAmountOf(notification.excerpt);
      if (amount === null) return [t('describe.rewardNoAmount')];
      return [t('describe.reward', { count: Number(amount), amount })];
    }
    case 'review':
      // An anonymous review's notification names no actor (the server writes none).
      return notification.actor
        ? sentenceOf(t('describe.review', { who }), users)
        : [t('describe.reviewAnonymous')];
    case 'review_response':
      return sentenceOf(t('describe.reviewResponse', { who }), users);
    // The excerpt is the amount in tokens, as the server formats a reward's.
    case 'bounty_offered':
      return sentenceOf(t('describe.bountyOffered', { who, amount: notification.excerpt }), users);
    case 'bounty_awarded':
      return [t('describe.bountyAwarded', { amount: notification.excerpt })];
    // A new post of an author the reader follows (issue 30); the excerpt is its title.
    case 'followed_post':
      return sentenceOf(t('describe.followedPost', { who }), users);
  }
}

/** What a moderation notice names (the server's `what`: moderation-service.ts `noticeName`). */
const WHAT = ['post', 'comment', 'review', 'response', 'account'] as const;
const isWhat = (value: unknown): value is (typeof WHAT)[number] =>
  WHAT.includes(value as (typeof WHAT)[number]);

/**
 * A moderation notification's excerpt in the reader's language: the server writes it from
 * MESSAGES.moderationNotice or reportOutcomeNotice in English, with the moderator's note (user
 * content) in it. Null for any other excerpt.
 */
export function moderationNotice(t: NotificationT, excerpt: string): Sentence | null {
  const described = describeMessage(excerpt);
  if (!described) return null;
  const { code, values = {} } = described;
  switch (code) {
    case 'reportOutcomeNotice.dismiss':
    case 'reportOutcomeNotice.hide':
    case 'reportOutcomeNotice.delete':
    case 'reportOutcomeNotice.suspend':
      return [t(`messages:${code}`)];
    case 'moderationHide':
    case 'moderationDelete':
    case 'moderationRestore': {
      const what = isWhat(values.what) ? t(`what.${values.what}`) : String(values.what ?? '');
      return sentenceOf(t(`messages:${code}`, { what, note: slot(0) }), [String(values.note)]);
    }
    case 'moderationSuspend':
      // The server writes the end as an ISO time; it reads like every other time of the product.
      return sentenceOf(
        t('messages:moderationSuspend', {
          until: formatDateTime(String(values.until)),
          note: slot(0),
        }),
        [String(values.note)],
      );
    default:
      return null;
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
