import { sql, type Kysely, type Migration } from 'kysely';
import { rebuildReportsAllowing } from './reports-table.js';

/**
 * Reports on the post author's response to a review, and notifications that follow their review
 * (issue 29):
 * - `reports.target_type` may also be 'review_response' (a response is named by its review's
 *   id); the table is rebuilt with the wider check (reports-table.ts), rows and indexes kept.
 * - `notifications.review_id`: the review a `review` or `review_response` notification is about,
 *   so it leaves its recipient's list while the review (or the response) is hidden from them or
 *   deleted, as a comment's notifications do (repositories/visibility.ts
 *   `notificationShownTo`). Those written before are given theirs from their group key, which
 *   has always been `review:{id}` and `review_response:{id}`.
 */
export const reviewResponseReportsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await rebuildReportsAllowing(db, ['post', 'comment', 'review', 'review_response', 'user']);
    await db.schema.alterTable('notifications').addColumn('review_id', 'text').execute();
    for (const type of ['review', 'review_response']) {
      const prefix = `${type}:`;
      await sql`update notifications
        set review_id = substr(group_key, ${sql.lit(prefix.length + 1)})
        where type = ${sql.lit(type)} and substr(group_key, 1, ${sql.lit(prefix.length)}) = ${sql.lit(prefix)}`.execute(
        db,
      );
    }
    await db.schema
      .createIndex('notifications_by_review')
      .on('notifications')
      .column('review_id')
      .execute();
  },
};
