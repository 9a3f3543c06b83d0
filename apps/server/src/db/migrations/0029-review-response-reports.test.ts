import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers.js';
import { emptyDatabase, reportsByAda, type EmptyDatabase } from '../../../test/migrations.js';

const opened: EmptyDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

const at = '2026-01-01T00:00:00.000Z';

describeEachDatabase(
  'migration 0029: reports may name a response; notifications a review',
  (db) => {
    it('keeps the reports, takes a response as a target, and gives review notifications their review', async () => {
      const database = await emptyDatabase(db.dialect);
      opened.push(database);
      const { db: conn } = database;
      await database.migrateToBefore('0029-review-response-reports');
      const report = await reportsByAda(conn, 'review-1', at);
      await report('r-1', 'review');
      await report('r-2', 'comment', 'resolved');
      // Before: a response is no target the table accepts.
      await expect(report('r-3', 'review_response')).rejects.toThrow();
      // Notifications written before the column: of a review, of a response, of a comment.
      const notification = (id: string, type: string, groupKey: string) => ({
        id,
        user_id: 'ada',
        type,
        actor_id: null,
        post_id: 'post-1',
        comment_id: null,
        excerpt: 'x',
        group_key: groupKey,
        created_at: at,
        updated_at: at,
        read_at: null,
      });
      // The table's type has the column 0029 adds; before it, the rows are written without it.
      const before = conn as unknown as {
        insertInto(table: 'notifications'): {
          values(rows: object[]): { execute(): Promise<unknown> };
        };
      };
      await before
        .insertInto('notifications')
        .values([
          notification('n-1', 'review', 'review:review-1'),
          notification('n-2', 'review_response', 'review_response:review-1'),
          notification('n-3', 'comment', 'comment:comment-1'),
        ])
        .execute();

      expect((await database.migrator.migrateToLatest()).error).toBeUndefined();
      const kept = await conn
        .selectFrom('reports')
        .select(['id', 'target_type', 'status', 'outcome'])
        .orderBy('id')
        .execute();
      expect(kept).toEqual([
        { id: 'r-1', target_type: 'review', status: 'open', outcome: null },
        { id: 'r-2', target_type: 'comment', status: 'resolved', outcome: 'dismiss' },
      ]);
      await report('r-3', 'review_response');
      // Still one open report per reporter and target, and no made-up kinds.
      await expect(report('r-4', 'review_response')).rejects.toThrow(
        /reports_one_open_per_reporter|UNIQUE/i,
      );
      await expect(report('r-5', 'poem')).rejects.toThrow();

      const notifications = await conn
        .selectFrom('notifications')
        .select(['id', 'review_id'])
        .orderBy('id')
        .execute();
      expect(notifications).toEqual([
        { id: 'n-1', review_id: 'review-1' },
        { id: 'n-2', review_id: 'review-1' },
        { id: 'n-3', review_id: null },
      ]);
    });
  },
);
