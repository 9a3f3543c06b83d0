import { storedLanguage, userRoleSchema, type NotificationType } from '@symposia/shared';
import { sql, type SqlBool } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { NewMail } from '../domain/mail.js';
import type { DigestPost, MailedNotification, MailMember } from '../domain/notification-email.js';
import { writeTransaction, type Dialect } from './database.js';
import { queueMail } from './mail-repository.js';
import { mailedNotification, unreadNotEmailed } from './notification-mail-repository.js';
import { postFollowedBy } from './post-tags.js';
import { commentVisibleTo, postVisibleTo } from './visibility.js';

export type DigestRepository = ReturnType<typeof createDigestRepository>;

/** A digest period: after `start`, up to and including `end` (its scheduled time). */
export interface DigestPeriod {
  start: string;
  end: string;
}

/**
 * The weekly digest (issue 30): who gets one, what it says, and the one transaction that records
 * it per member and queues it. Posts in it are those anyone may read (`postVisibleTo(null)`):
 * the digest is about the community, never a member's private view.
 */
export function createDigestRepository(db: AppDatabase, dialect: Dialect) {
  /** Live comments written on the post in the period (a correlated count). */
  const commentsIn = (period: DigestPeriod) =>
    sql<number | string>`(select count(*) from comments
      where comments.post_id = posts.id and comments.created_at > ${period.start}
        and comments.created_at <= ${period.end} and ${commentVisibleTo(null)})`;
  const validatedIn = (period: DigestPeriod) =>
    sql<SqlBool>`(posts.validated_at > ${period.start} and posts.validated_at <= ${period.end})`;

  /**
   * The period's most discussed and newly validated posts (those with comments in it, or
   * validated in it): most comments first, then validated, then newest.
   */
  async function postsOfPeriod(
    period: DigestPeriod,
    limit: number,
    followedBy?: string,
  ): Promise<DigestPost[]> {
    const discussed = sql<SqlBool>`posts.id in (select comments.post_id from comments
      where comments.created_at > ${period.start} and comments.created_at <= ${period.end})`;
    const rows = await db
      .selectFrom('posts')
      .innerJoin('users as author', 'author.id', 'posts.user_id')
      .select([
        'posts.id',
        'posts.title',
        'author.username',
        commentsIn(period).as('discussed'),
        sql<number>`case when ${validatedIn(period)} then 1 else 0 end`.as('validated'),
      ])
      .where('posts.status', '=', 'published')
      .where(postVisibleTo(null))
      .where((eb) => eb.or([discussed, validatedIn(period)]))
      .$if(followedBy !== undefined, (query) =>
        query
          .where(postFollowedBy(dialect, followedBy ?? ''))
          .where('posts.user_id', '<>', followedBy ?? ''),
      )
      .orderBy('discussed', 'desc')
      .orderBy('validated', 'desc')
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(limit)
      .execute();
    return rows
      .map((row) => ({
        id: row.id,
        title: row.title,
        author: row.username,
        comments: Number(row.discussed),
        validated: Number(row.validated) === 1,
      }))
      .filter((post) => post.comments > 0 || post.validated);
  }

  return {
    /**
     * Who gets the digest of the period ending at `period.end`, `limit` at a time after the id
     * `after`: a verified address, the digest on, none queued for this period yet, not suspended
     * at `now`, and away the whole period — last seen (else last signed in, else registered) at
     * or before its start.
     */
    async recipients(
      period: DigestPeriod,
      now: string,
      after: string,
      limit: number,
    ): Promise<MailMember[]> {
      const lastSeen = sql<string>`coalesce(p.last_seen_at,
        (select max(coalesce(s.last_used_at, s.created_at)) from sessions s
          where s.user_id = users.id), users.created_at)`;
      const rows = await db
        .selectFrom('users')
        .leftJoin('member_presence as p', 'p.user_id', 'users.id')
        .leftJoin('notification_digests as d', 'd.user_id', 'users.id')
        .select([
          'users.id',
          'users.username',
          'users.role',
          'users.email',
          'p.language',
          lastSeen.as('last_seen'),
        ])
        .where('users.email_verified_at', 'is not', null)
        .where('users.email', '<>', '')
        .where((eb) => eb.or([eb('d.enabled', 'is', null), eb('d.enabled', '<>', 0)]))
        .where((eb) => eb.or([eb('d.last_slot', 'is', null), eb('d.last_slot', '<', period.end)]))
        .where((eb) =>
          eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '<=', now)]),
        )
        .where(sql<SqlBool>`${lastSeen} <= ${period.start}`)
        .where('users.id', '>', after)
        .orderBy('users.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        role: userRoleSchema.parse(row.role),
        email: row.email,
        emailVerified: true,
        language: storedLanguage(row.language),
        lastSeenAt: row.last_seen,
      }));
    },

    /** The posts of the period the member follows (by author or tag), not their own. */
    async followedPosts(memberId: string, period: DigestPeriod, limit: number) {
      return postsOfPeriod(period, limit, memberId);
    },

    /** The community's posts of the period. */
    async communityPosts(period: DigestPeriod, limit: number) {
      return postsOfPeriod(period, limit);
    },

    /**
     * The member's unread notifications of `types` raised in the period that no email brought
     * yet, newest first, at most `limit`; and how many there are in all.
     */
    async unread(
      member: MailMember,
      types: NotificationType[],
      period: DigestPeriod,
      limit: number,
    ): Promise<{ items: MailedNotification[]; total: number }> {
      const inPeriod = unreadNotEmailed(db, member, types)
        .where('notifications.updated_at', '>', period.start)
        .where('notifications.updated_at', '<=', period.end);
      const [rows, total] = await Promise.all([
        inPeriod
          .orderBy('notifications.updated_at', 'desc')
          .orderBy('notifications.id', 'desc')
          .limit(limit)
          .execute(),
        db
          .selectFrom(inPeriod.as('unread'))
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(mailedNotification), total: Number(total.n) };
    },

    /**
     * Records the member's digest of the period and queues it, in one transaction: only if no
     * digest of this period (or a later one) was recorded for them, so a rerun or a second worker
     * queues nothing. The notifications it lists are marked emailed. Returns whether it queued.
     */
    async queueOnce(
      memberId: string,
      period: DigestPeriod,
      notificationIds: readonly string[],
      mail: NewMail,
    ): Promise<boolean> {
      return writeTransaction(db, dialect, async (trx) => {
        const recorded = await trx
          .insertInto('notification_digests')
          .values({ user_id: memberId, last_slot: period.end, last_sent_at: mail.at })
          .onConflict((oc) =>
            oc
              .column('user_id')
              .doUpdateSet({ last_slot: period.end, last_sent_at: mail.at })
              .where((eb) =>
                eb.or([
                  eb('notification_digests.last_slot', 'is', null),
                  eb('notification_digests.last_slot', '<', period.end),
                ]),
              ),
          )
          .executeTakeFirst();
        if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        if (notificationIds.length > 0) {
          await trx
            .updateTable('notifications')
            .set({ emailed_at: mail.at })
            .where('id', 'in', [...notificationIds])
            .where('emailed_at', 'is', null)
            .execute();
        }
        await queueMail(trx, mail);
        return true;
      });
    },
  };
}
