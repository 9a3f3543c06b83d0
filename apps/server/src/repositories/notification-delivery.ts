import {
  DEFAULT_NOTIFICATION_EMAIL,
  NOTIFICATION_EMAIL_CHOICES,
  NOTIFICATION_KIND_OF_TYPE,
  type NotificationEmailChoice,
  type NotificationType,
} from '@symposia/shared';
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import {
  NOTIFICATION_EMAIL_JOB,
  NOTIFICATION_EMAIL_JOB_ATTEMPTS,
} from '../domain/notification-email.js';
import type { DeliveryFacts } from '../policies/notification-email-policy.js';
import { newJobRow, requeuedJobRow } from './job-repository.js';

/**
 * How a notification being written reaches its recipient (policies/notification-email-policy.ts):
 * the facts of one member read for addNotification, their SQL form for the INSERT … SELECT that
 * tells many at once (follow-writes.ts), and the member's email job queued in the same
 * transaction. Plain functions beside notification-writes.ts, no repository.
 */

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

const isChoice = (value: unknown): value is NotificationEmailChoice =>
  (NOTIFICATION_EMAIL_CHOICES as readonly unknown[]).includes(value);

/** The member's choices for `type` and whether their address is verified; undefined: no member. */
export async function deliveryFacts(
  trx: Executor,
  recipientId: string,
  type: NotificationType,
): Promise<DeliveryFacts | undefined> {
  const kind = NOTIFICATION_KIND_OF_TYPE[type];
  const row = await trx
    .selectFrom('users')
    .leftJoin('notification_settings as s', (join) =>
      join.onRef('s.user_id', '=', 'users.id').on('s.type', '=', type),
    )
    .leftJoin('notification_email_preferences as p', (join) =>
      join.onRef('p.user_id', '=', 'users.id').on('p.kind', '=', kind),
    )
    .leftJoin('notification_digests as d', 'd.user_id', 'users.id')
    .select(['users.email_verified_at', 's.enabled', 'p.email', 'd.enabled as digest_enabled'])
    .where('users.id', '=', recipientId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    bellOn: row.enabled === null || Number(row.enabled) !== 0,
    email: isChoice(row.email) ? row.email : DEFAULT_NOTIFICATION_EMAIL[kind],
    digestOn: row.digest_enabled === null || Number(row.digest_enabled) !== 0,
    emailVerified: row.email_verified_at !== null,
  };
}

/** The SQL form of `notificationDelivery` for the member in column `member`, for `type`. */
export function deliveryOf(member: string, type: NotificationType) {
  const kind = NOTIFICATION_KIND_OF_TYPE[type];
  const id = sql.ref(member);
  const bellOn = sql<SqlBool>`not exists (select 1 from notification_settings s
    where s.user_id = ${id} and s.type = ${type} and s.enabled = 0)`;
  const choice = sql<string>`coalesce((select p.email from notification_email_preferences p
    where p.user_id = ${id} and p.kind = ${kind}), ${DEFAULT_NOTIFICATION_EMAIL[kind]})`;
  const digestOn = sql<SqlBool>`not exists (select 1 from notification_digests d
    where d.user_id = ${id} and d.enabled = 0)`;
  const verified = sql<SqlBool>`exists (select 1 from users v
    where v.id = ${id} and v.email_verified_at is not null)`;
  const byEmail = sql<SqlBool>`(${verified} and (${choice} = ${'immediate'}
    or (${choice} = ${'digest'} and ${digestOn})))`;
  return {
    /** Written at all. */
    write: sql<SqlBool>`(${bellOn} or ${byEmail})`,
    /** 1 when the bell shows it, else 0 (the value of `notifications.in_app`). */
    inApp: sql<number>`case when ${bellOn} then 1 else 0 end` as RawBuilder<number>,
  };
}

/**
 * Queues the email job of each of these members who take `type` by email immediately (verified
 * address, kind set to `immediate`), to run now: it looks at what is pending and waits for the
 * right time itself (services/notifications/notification-mailer.ts). One job row per member: a
 * job done, failed or running is queued again (a running one then runs once more, so what it
 * read before this notification committed is not the last look); one already queued stays as it
 * is and will see this notification too.
 */
export async function queueNotificationEmails(
  trx: Executor,
  recipientIds: readonly string[],
  type: NotificationType,
  at: string,
): Promise<void> {
  if (recipientIds.length === 0) return;
  const kind = NOTIFICATION_KIND_OF_TYPE[type];
  const choice = sql<string>`coalesce((select p.email from notification_email_preferences p
    where p.user_id = users.id and p.kind = ${kind}), ${DEFAULT_NOTIFICATION_EMAIL[kind]})`;
  const members = await trx
    .selectFrom('users')
    .select('users.id')
    .where('users.id', 'in', [...recipientIds])
    .where('users.email_verified_at', 'is not', null)
    .where(sql<SqlBool>`${choice} = ${'immediate'}`)
    .execute();
  if (members.length === 0) return;
  await trx
    .insertInto('jobs')
    .values(
      members.map((member) =>
        newJobRow({
          id: randomUUID(),
          kind: NOTIFICATION_EMAIL_JOB,
          subjectId: member.id,
          maxAttempts: NOTIFICATION_EMAIL_JOB_ATTEMPTS,
          at,
        }),
      ),
    )
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'subject_id'])
        .doUpdateSet(requeuedJobRow(NOTIFICATION_EMAIL_JOB_ATTEMPTS, at))
        .where('jobs.status', '<>', 'queued'),
    )
    .execute();
}
