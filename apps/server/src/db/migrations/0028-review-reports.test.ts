import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers.js';
import { emptyDatabase, type EmptyDatabase } from '../../../test/migrations.js';

const opened: EmptyDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

const at = '2026-01-01T00:00:00.000Z';

describeEachDatabase('migration 0028: reports may name a review', (db) => {
  it('keeps the reports and their one-open rule, and takes a review as a target', async () => {
    const database = await emptyDatabase(db.dialect);
    opened.push(database);
    const { db: conn } = database;
    await database.migrateToBefore('0028-review-reports');
    await conn
      .insertInto('users')
      .values({
        id: 'ada',
        username: 'ada',
        username_lower: 'ada',
        password_hash: 'x',
        email: 'ada@example.org',
        phone: '',
        self_page: '',
        bio: '',
        nickname: '',
        url: '',
        title: '',
        tags: '',
        avatar: '',
        public_posts: 1,
        public_activities: 1,
        public_profile: 1,
        public_statistics: 1,
        public_contact: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const report = (id: string, targetType: string, status = 'open') =>
      conn
        .insertInto('reports')
        .values({
          id,
          reporter_id: 'ada',
          target_type: targetType,
          target_id: 'target-1',
          target_author_id: 'bob',
          reason: 'spam',
          note: '',
          status,
          outcome: status === 'open' ? null : 'dismiss',
          resolved_by: null,
          created_at: at,
          resolved_at: null,
        })
        .execute();
    await report('r-1', 'post');
    await report('r-2', 'comment', 'resolved');
    // Before: a review is no target the table accepts.
    await expect(report('r-3', 'review')).rejects.toThrow();

    expect((await database.migrator.migrateToLatest()).error).toBeUndefined();
    const kept = await conn
      .selectFrom('reports')
      .select(['id', 'target_type', 'status', 'outcome'])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { id: 'r-1', target_type: 'post', status: 'open', outcome: null },
      { id: 'r-2', target_type: 'comment', status: 'resolved', outcome: 'dismiss' },
    ]);
    await report('r-3', 'review');
    // Still one open report per reporter and target, and no made-up kinds.
    await expect(report('r-4', 'review')).rejects.toThrow(/reports_one_open_per_reporter|UNIQUE/i);
    await expect(report('r-5', 'poem')).rejects.toThrow();
  });
});
