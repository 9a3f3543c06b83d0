import { storedLanguage, userRoleSchema, type NotificationType } from '@symposia/shared';
import { sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { NewMail } from '../domain/mail.js';
import type { MailedNotification, MailMember } from '../domain/notification-email.js';
import { writeTransaction, type Dialect, type Executor } from './database.js';
import { queueMail } from './mail-repository.js';
import {
  NOTIFICATION_FIELDS,
  notificationsSeenBy,
  type Recipient,
} from './notification-repository.js';

export type NotificationMailRepository = ReturnType<typeof createNotificationMailRepository>;

/**
 * What notification emails read and write (issue 30): the member they go to, the notifications
 * email should bring, and the one transaction that marks them emailed and queues their message
 * (mail-repository.ts `queueMail`), so no notification is emailed twice whoever runs the job.
 */

/** The recipient's notifications not read nor emailed, about what they may still see. */
export function unreadNotEmailed(db: Executor, recipient: Recipient, types: NotificationType[]) {
  return notificationsSeenBy(db, recipient)
    .leftJoin('users as actor', 'actor.id', 'notifications.actor_id')
    .where('notifications.read_at', 'is', null)
    .where('notifications.emailed_at', 'is', null)
    .where((eb) => (types.length > 0 ? eb('notifications.type', 'in', types) : sql<SqlBool>`1 = 0`))
    .select([
      ...NOTIFICATION_FIELDS,
      'notifications.created_at',
      'posts.title as post_title',
      'actor.username as actor_username',
    ]);
}

type NotificationRow = {
  id: string;
  type: string;
  post_id: string | null;
  comment_id: string | null;
  excerpt: string;
  count: number | string;
  created_at: string;
  updated_at: string;
  post_title: string | null;
  actor_username: string | null;
};

export const mailedNotification = (row: NotificationRow): MailedNotification => ({
  id: row.id,
  type: row.type as NotificationType,
  actor: row.actor_username,
  count: Number(row.count),
  postId: row.post_id,
  commentId: row.comment_id,
  postTitle: row.post_title,
  excerpt: row.excerpt,
  createdAt: row.created_at,
  at: row.updated_at,
});

/**
 * Marks the notifications emailed — those of `ids` no other run marked first — and queues the
 * messages `build` writes of them, in one transaction. Returns the messages queued (none when
 * every one was emailed already).
 */
export async function emailNotifications(
  db: AppDatabase,
  dialect: Dialect,
  ids: readonly string[],
  at: string,
  build: (claimed: ReadonlySet<string>) => NewMail[],
): Promise<NewMail[]> {
  return writeTransaction(db, dialect, async (trx) => {
    const claimed = ids.length
      ? await trx
          .updateTable('notifications')
          .set({ emailed_at: at })
          .where('id', 'in', [...ids])
          .where('emailed_at', 'is', null)
          .returning('id')
          .execute()
      : [];
    const mails = build(new Set(claimed.map((row) => row.id)));
    for (const mail of mails) await queueMail(trx, mail);
    return mails;
  });
}

export function createNotificationMailRepository(db: AppDatabase, dialect: Dialect) {
  return {
    /** The member as their emails need them; undefined when gone. */
    async member(userId: string): Promise<MailMember | undefined> {
      const row = await db
        .selectFrom('users')
        .leftJoin('member_presence as p', 'p.user_id', 'users.id')
        .select([
          'users.id',
          'users.username',
          'users.role',
          'users.email',
          'users.email_verified_at',
          'p.last_seen_at',
          'p.language',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        username: row.username,
        role: userRoleSchema.parse(row.role),
        email: row.email,
        emailVerified: row.email_verified_at !== null && row.email.trim() !== '',
        language: storedLanguage(row.language),
        lastSeenAt: row.last_seen_at,
      };
    },

    /**
     * What an immediate email may bring the member: unread, not emailed, of `types`, raised
     * after `since` and after they were last seen (`seenAt`), about what they may still see;
     * oldest first, at most `limit`.
     */
    async pending(
      member: MailMember,
      types: NotificationType[],
      since: string,
      limit: number,
    ): Promise<MailedNotification[]> {
      const after =
        member.lastSeenAt !== null && member.lastSeenAt > since ? member.lastSeenAt : since;
      const rows = await unreadNotEmailed(db, member, types)
        .where('notifications.created_at', '>', after)
        .orderBy('notifications.created_at', 'asc')
        .orderBy('notifications.id', 'asc')
        .limit(limit)
        .execute();
      return rows.map(mailedNotification);
    },

    /** See `emailNotifications`. */
    async emailOnce(
      ids: readonly string[],
      at: string,
      build: (claimed: ReadonlySet<string>) => NewMail[],
    ): Promise<NewMail[]> {
      return emailNotifications(db, dialect, ids, at, build);
    },
  };
}
