import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Peer review (issue 29).
 *
 * - `posts.revision`: the number of the post's current text (1 at upload; each edit adds one, the
 *   version it replaced kept in `post_revisions` under the old number). `review_status` and
 *   `review_count` are what the validation rule last computed over the current revision's reviews
 *   (services/reviews), kept on the post so the forum filters and shows them without a join.
 * - `reviews`: one per reviewer per revision of a post. `reviewed_text` is the SHA-256 of what the
 *   reviewer read (title, summary and content): an edit that leaves it unchanged keeps the
 *   reviews counting for the new revision. Scores 1–5, the recommendation, the confidence and the
 *   text; `anonymous` hides the reviewer from everyone but them, the moderators and the payouts.
 *   `helpful_count` is the readers' marks (`review_helpful`), `author_rating` the post author's
 *   1–5. Deleted and hidden as posts and comments are.
 * - `review_versions`: what an edit of a review replaced, numbered like post revisions.
 * - `review_responses`: the post author's one answer to a review.
 */
export const peerReviewMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('posts')
      .addColumn('revision', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await sql`update posts set revision = 1 +
      (select count(*) from post_revisions r where r.post_id = posts.id)`.execute(db);
    await db.schema
      .alterTable('posts')
      .addColumn('review_status', 'text', (col) => col.notNull().defaultTo('unreviewed'))
      .execute();
    await db.schema
      .alterTable('posts')
      .addColumn('review_count', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('posts_by_review_status')
      .on('posts')
      .columns(['review_status', 'created_at'])
      .execute();

    await db.schema
      .createTable('reviews')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('post_id', 'text', (col) => col.notNull())
      .addColumn('reviewer_id', 'text', (col) => col.notNull())
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('reviewed_text', 'text', (col) => col.notNull())
      .addColumn('soundness', 'integer', (col) => col.notNull())
      .addColumn('significance', 'integer', (col) => col.notNull())
      .addColumn('clarity', 'integer', (col) => col.notNull())
      .addColumn('reproducibility', 'integer', (col) => col.notNull())
      .addColumn('confidence', 'integer', (col) => col.notNull())
      .addColumn('recommendation', 'text', (col) => col.notNull())
      .addColumn('summary', 'text', (col) => col.notNull())
      .addColumn('strengths', 'text', (col) => col.notNull())
      .addColumn('weaknesses', 'text', (col) => col.notNull())
      .addColumn('anonymous', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('helpful_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('author_rating', 'integer')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('edited_at', 'text')
      .addColumn('deleted_at', 'text')
      .addColumn('hidden_at', 'text')
      .execute();
    await db.schema
      .createIndex('reviews_one_per_reviewer_and_revision')
      .on('reviews')
      .columns(['post_id', 'reviewer_id', 'revision'])
      .unique()
      .execute();
    await db.schema
      .createIndex('reviews_by_reviewer')
      .on('reviews')
      .columns(['reviewer_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('review_versions')
      .addColumn('review_id', 'text', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull())
      .addColumn('soundness', 'integer', (col) => col.notNull())
      .addColumn('significance', 'integer', (col) => col.notNull())
      .addColumn('clarity', 'integer', (col) => col.notNull())
      .addColumn('reproducibility', 'integer', (col) => col.notNull())
      .addColumn('confidence', 'integer', (col) => col.notNull())
      .addColumn('recommendation', 'text', (col) => col.notNull())
      .addColumn('summary', 'text', (col) => col.notNull())
      .addColumn('strengths', 'text', (col) => col.notNull())
      .addColumn('weaknesses', 'text', (col) => col.notNull())
      .addColumn('edited_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('review_versions_pk', ['review_id', 'version'])
      .execute();

    await db.schema
      .createTable('review_responses')
      .addColumn('review_id', 'text', (col) => col.primaryKey())
      .addColumn('author_id', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('edited_at', 'text')
      .addColumn('deleted_at', 'text')
      .addColumn('hidden_at', 'text')
      .execute();

    await db.schema
      .createTable('review_helpful')
      .addColumn('review_id', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('review_helpful_pk', ['review_id', 'user_id'])
      .execute();
  },
};
