import type { NotificationType } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import { notificationDelivery } from '../policies/notification-email-policy.js';
import { describeEachDatabase, signedInUser } from '../../test/helpers.js';
import { deliveryFacts, deliveryOf, queueNotificationEmails } from './notification-delivery.js';

/**
 * How a notification reaches its member (issue 30): the rule (policies/notification-email-policy.ts)
 * on the facts read for one member, and its SQL form for the writes that tell many at once
 * (follow-writes.ts), agree for every combination of preferences, on both databases.
 */

describe('notificationDelivery', () => {
  const facts = { bellOn: true, email: 'immediate', digestOn: true, emailVerified: true } as const;
  it('writes for the bell, or for an email that will bring it; immediate only to a verified address', () => {
    expect(notificationDelivery(facts)).toEqual({ write: true, inApp: true, immediate: true });
    expect(notificationDelivery({ ...facts, emailVerified: false })).toEqual({
      write: true,
      inApp: true,
      immediate: false,
    });
    expect(notificationDelivery({ ...facts, bellOn: false })).toEqual({
      write: true,
      inApp: false,
      immediate: true,
    });
    expect(notificationDelivery({ ...facts, bellOn: false, emailVerified: false }).write).toBe(
      false,
    );
    expect(notificationDelivery({ ...facts, bellOn: false, email: 'never' }).write).toBe(false);
    expect(notificationDelivery({ ...facts, bellOn: false, email: 'digest' })).toEqual({
      write: true,
      inApp: false,
      immediate: false,
    });
    expect(
      notificationDelivery({ ...facts, bellOn: false, email: 'digest', digestOn: false }).write,
    ).toBe(false);
  });
});

describeEachDatabase('notification delivery in SQL', (db) => {
  it('agrees with the rule for every combination of bell, email choice, digest and address', async () => {
    const { app } = await db.buildApp();
    const member = await signedInUser(app);
    const id = member.user.id;
    const types: NotificationType[] = ['comment', 'followed_post', 'like'];
    let combinations = 0;
    for (const type of types) {
      for (const bell of [null, 0, 1]) {
        for (const email of [null, 'immediate', 'digest', 'never']) {
          for (const digest of [null, 0]) {
            for (const verified of [false, true]) {
              await app.db.deleteFrom('notification_settings').where('user_id', '=', id).execute();
              await app.db
                .deleteFrom('notification_email_preferences')
                .where('user_id', '=', id)
                .execute();
              await app.db.deleteFrom('notification_digests').where('user_id', '=', id).execute();
              if (bell !== null) {
                await app.db
                  .insertInto('notification_settings')
                  .values({ user_id: id, type, enabled: bell })
                  .execute();
              }
              if (email !== null) {
                const kind = { comment: 'replies', followed_post: 'followed_posts', like: 'likes' }[
                  type as 'comment'
                ];
                await app.db
                  .insertInto('notification_email_preferences')
                  .values({ user_id: id, kind, email })
                  .execute();
              }
              if (digest !== null) {
                await app.db
                  .insertInto('notification_digests')
                  .values({ user_id: id, enabled: digest })
                  .execute();
              }
              await app.db
                .updateTable('users')
                .set({ email: 'm@example.org', email_verified_at: verified ? 'x' : null })
                .where('id', '=', id)
                .execute();

              const facts = await deliveryFacts(app.db, id, type);
              expect(facts).toBeDefined();
              const rule = notificationDelivery(facts!);
              const sql = deliveryOf('users.id', type);
              const row = await app.db
                .selectFrom('users')
                .select([sql.write.as('write'), sql.inApp.as('in_app')])
                .where('users.id', '=', id)
                .executeTakeFirstOrThrow();
              const what = JSON.stringify({ type, bell, email, digest, verified });
              expect(Boolean(Number(row.write)), what).toBe(rule.write);
              expect(Number(row.in_app), what).toBe(rule.inApp ? 1 : 0);

              await app.db.deleteFrom('jobs').where('kind', '=', 'email-notifications').execute();
              await app.db.transaction().execute(async (trx) => {
                await queueNotificationEmails(trx, [id], type, new Date().toISOString());
              });
              const jobs = await app.db
                .selectFrom('jobs')
                .select('subject_id')
                .where('kind', '=', 'email-notifications')
                .execute();
              // The job is queued for an email that may come at once (the write decides the rest).
              expect(jobs.length === 1, what).toBe(verified && facts!.email === 'immediate');
              combinations += 1;
            }
          }
        }
      }
    }
    expect(combinations).toBe(3 * 3 * 4 * 2 * 2);
  });
});
