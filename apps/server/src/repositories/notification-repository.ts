import { NOTIFICATION_TYPES, type NotificationType, type UserRole } from '@symposia/shared';
import type { Kysely, Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { NotificationPreferences, NotificationView } from '../domain/notification.js';
import type { Viewer } from '../domain/post.js';
import { notificationShownTo } from './visibility.js';

/** Whose notifications are read: the member, with the role that decides what they may see. */
export type Recipient = NonNullable<Viewer>;

/** What notifications are about: a post, a comment, or a review (and its response). */
export type NotificationSubject = { postId: string } | { commentId: string } | { reviewId: string };

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** The columns of a notification that the bell and email both show. */
export const NOTIFICATION_FIELDS = [
  'notifications.id',
  'notifications.type',
  'notifications.post_id',
  'notifications.comment_id',
  'notifications.excerpt',
  'notifications.count',
  'notifications.updated_at',
] as const;

/**
 * The recipient's notifications about what they may still see (visibility.ts
 * `notificationShownTo`), with the rows that decides on joined: what the bell lists and what
 * email brings (notification-mail-repository.ts, digest-repository.ts) both start here.
 */
export function notificationsSeenBy(db: Executor, recipient: Recipient) {
  return db
    .selectFrom('notifications')
    .leftJoin('posts', 'posts.id', 'notifications.post_id')
    .leftJoin('comments', 'comments.id', 'notifications.comment_id')
    .leftJoin('reviews', 'reviews.id', 'notifications.review_id')
    .leftJoin('review_responses', 'review_responses.review_id', 'notifications.review_id')
    .where('notifications.user_id', '=', recipient.id)
    .where(notificationShownTo(recipient));
}

/**
 * Who has unread notifications in the bell about this post, comment or review: the clean-up
 * query run after one is deleted, hidden, restored or made private (`unreadRecipientsAbout`). An
 * index lookup (notifications_by_post, notifications_by_comment, notifications_by_review;
 * migrations 0029 and 0035), which 0035-notification-indexes.test.ts checks with EXPLAIN.
 */
export function unreadRecipientsAboutQuery(db: Executor, target: NotificationSubject) {
  const [column, id] =
    'postId' in target
      ? (['post_id', target.postId] as const)
      : 'commentId' in target
        ? (['comment_id', target.commentId] as const)
        : (['review_id', target.reviewId] as const);
  return db
    .selectFrom('notifications')
    .select('user_id')
    .distinct()
    .where('read_at', 'is', null)
    .where('in_app', '=', 1)
    .where(column, '=', id);
}

/**
 * The bell's switch per type (notification_settings; a type without a row is on): the one
 * stored truth of what the bell shows, which /notifications/settings reads as it is and
 * /notifications/preferences per kind (notification-preferences-repository.ts).
 */
export async function bellSwitchesOf(
  db: Executor,
  recipientId: string,
): Promise<NotificationPreferences> {
  const rows = await db
    .selectFrom('notification_settings')
    .select(['type', 'enabled'])
    .where('user_id', '=', recipientId)
    .execute();
  const switches = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, true]),
  ) as NotificationPreferences;
  for (const row of rows) {
    if ((NOTIFICATION_TYPES as readonly string[]).includes(row.type)) {
      switches[row.type as NotificationType] = Number(row.enabled) === 1;
    }
  }
  return switches;
}

/** Sets the bell's switches of the types given, leaving the others as they were. */
export async function setBellSwitches(
  db: Executor,
  recipientId: string,
  changes: Partial<NotificationPreferences>,
): Promise<void> {
  const rows = Object.entries(changes)
    .filter((entry): entry is [NotificationType, boolean] => entry[1] !== undefined)
    .map(([type, enabled]) => ({ user_id: recipientId, type, enabled: enabled ? 1 : 0 }));
  if (rows.length === 0) return;
  await db
    .insertInto('notification_settings')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['user_id', 'type']).doUpdateSet((eb) => ({
        enabled: eb.ref('excluded.enabled'),
      })),
    )
    .execute();
}

/**
 * What members read of their notifications, and their settings. Notifications are written by
 * what causes them, in its transaction (notification-writes.ts); here they are only read, marked
 * read, and the settings kept. A member is shown only those about what they may still see
 * (visibility.ts `notificationShownTo`): a notification of a comment (or a review, or a response
 * to one) since deleted or hidden from them is left out of the list, the unread count and
 * marking read, and is back if it is restored.
 */
export function createNotificationRepository(db: AppDatabase) {
  const shownTo = (recipient: Recipient) =>
    notificationsSeenBy(db, recipient)
      // Written for email alone (the member turned the bell off for its type): not the bell's.
      .where('notifications.in_app', '=', 1);

  return {
    /** A page of the member's notifications, the most recently raised first. */
    async list(
      recipient: Recipient,
      page: { skip: number; limit: number },
    ): Promise<NotificationView[]> {
      const rows = await shownTo(recipient)
        .leftJoin('users as actor', 'actor.id', 'notifications.actor_id')
        .select([
          ...NOTIFICATION_FIELDS,
          'notifications.read_at',
          'actor.id as actor_id',
          'actor.username as actor_username',
          'actor.avatar as actor_avatar',
        ])
        .orderBy('notifications.updated_at', 'desc')
        .orderBy('notifications.id', 'desc')
        .limit(page.limit)
        .offset(page.skip)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type as NotificationType,
        actor:
          row.actor_id === null
            ? null
            : {
                id: row.actor_id,
                username: row.actor_username ?? '',
                avatar: row.actor_avatar ?? '',
              },
        postId: row.post_id,
        commentId: row.comment_id,
        excerpt: row.excerpt,
        count: Number(row.count),
        updatedAt: row.updated_at,
        read: row.read_at !== null,
      }));
    },

    async unreadCount(recipient: Recipient): Promise<number> {
      const row = await shownTo(recipient)
        .where('notifications.read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Marks the member's unread notifications read: those of `ids` that are theirs and shown to
     * them (any other id is passed over), or all shown. Returns how many changed.
     */
    async markRead(recipient: Recipient, which: string[] | 'all', at: string): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where(
          'id',
          'in',
          shownTo(recipient)
            .where('notifications.read_at', 'is', null)
            .$if(which !== 'all', (query) =>
              query.where('notifications.id', 'in', which as string[]),
            )
            .select('notifications.id'),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Who has unread notifications about this post (any on it: of the post, its comments, their
     * likes), this comment or this review (of it, or of its response): whose count moves when it
     * is deleted, hidden, restored or made private. Read after that change commits.
     */
    async unreadRecipientsAbout(target: NotificationSubject): Promise<string[]> {
      const rows = await unreadRecipientsAboutQuery(db, target).execute();
      return rows.map((row) => row.user_id);
    },

    /** Which types the member wants in the bell (a type without a row is on). */
    async preferences(recipientId: string): Promise<NotificationPreferences> {
      return bellSwitchesOf(db, recipientId);
    },

    /** Sets the types given, leaves the others as they were, in one statement. */
    async savePreferences(
      recipientId: string,
      changes: Partial<NotificationPreferences>,
    ): Promise<void> {
      await setBellSwitches(db, recipientId, changes);
    },

    /**
     * The members with these folded usernames (`usernameKey`), with their roles: whom a text's
     * `@username` names. Names of nobody are simply absent.
     */
    async membersNamed(usernameKeys: string[]): Promise<{ id: string; role: UserRole }[]> {
      if (usernameKeys.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(['id', 'role', 'username_lower'])
        .where('username_lower', 'in', usernameKeys)
        .execute();
      // In the order the text names them, which decides who is told when the limit is reached.
      const order = new Map(usernameKeys.map((key, index) => [key, index]));
      return rows
        .sort((a, b) => (order.get(a.username_lower) ?? 0) - (order.get(b.username_lower) ?? 0))
        .map((row) => ({ id: row.id, role: row.role as UserRole }));
    },
  };
}
