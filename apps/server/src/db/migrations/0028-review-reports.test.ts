import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers.js';
import { emptyDatabase, reportsByAda, type EmptyDatabase } from '../../../test/migrations.js';

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
    const report = await reportsByAda(conn, 'target-1', at);
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
