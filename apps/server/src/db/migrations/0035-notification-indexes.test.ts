import { CompiledQuery } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/helpers.js';
import { emptyDatabase, type EmptyDatabase } from '../../../test/migrations.js';
import {
  unreadRecipientsAboutQuery,
  type NotificationSubject,
} from '../../repositories/notification-repository.js';
import type { AppDatabase } from '../index.js';

const opened: EmptyDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

/**
 * The plan of the clean-up query run after a post, comment or review is deleted or hidden
 * (notification-repository.ts `unreadRecipientsAboutQuery`), as the database would run it:
 * SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with sequential scans priced out, so that
 * an index that can serve the query is the one it shows (on an empty table a scan would
 * otherwise be as cheap).
 */
async function planOf(
  db: AppDatabase,
  dialect: 'sqlite' | 'postgres',
  target: NotificationSubject,
): Promise<string> {
  const query = unreadRecipientsAboutQuery(db, target).compile();
  if (dialect === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

/**
 * Whether the plan looks the rows up by `column` in `index`: SQLite's `SEARCH … USING INDEX
 * index (column=?)`, PostgreSQL's index (or bitmap index) scan on it with `column` in its
 * `Index Cond`. A scan of the table, or of another index filtering on `column`, is no lookup.
 */
function looksUp(plan: string, index: string, column: string): boolean {
  const sqlite = new RegExp(
    `SEARCH notifications USING (COVERING )?INDEX ${index} \\(${column}=\\?\\)`,
  );
  const postgres = new RegExp(
    `(Index Scan using|Index Only Scan using|Bitmap Index Scan on) ${index}\\b[^\\n]*\\n\\s*Index Cond: \\(${column} = `,
  );
  return sqlite.test(plan) || postgres.test(plan);
}

describeEachDatabase('migration 0035: notifications indexed by post and by comment', (db) => {
  it('makes the clean-up after a delete or hide an index lookup, for a post, a comment and a review', async () => {
    const database = await emptyDatabase(db.dialect);
    opened.push(database);
    const { db: conn } = database;
    await database.migrateToBefore('0035-notification-indexes');
    // Before: a post's or a comment's clean-up reads every notification (or every one of an
    // index that does not lead with its column).
    expect(
      looksUp(await planOf(conn, db.dialect, { postId: 'p' }), 'notifications_by_post', 'post_id'),
    ).toBe(false);
    expect(
      looksUp(
        await planOf(conn, db.dialect, { commentId: 'c' }),
        'notifications_by_comment',
        'comment_id',
      ),
    ).toBe(false);

    expect((await database.migrator.migrateToLatest()).error).toBeUndefined();
    const post = await planOf(conn, db.dialect, { postId: 'post-1' });
    const comment = await planOf(conn, db.dialect, { commentId: 'comment-1' });
    const review = await planOf(conn, db.dialect, { reviewId: 'review-1' });
    expect(looksUp(post, 'notifications_by_post', 'post_id'), post).toBe(true);
    expect(looksUp(comment, 'notifications_by_comment', 'comment_id'), comment).toBe(true);
    expect(looksUp(review, 'notifications_by_review', 'review_id'), review).toBe(true);
  });
});
