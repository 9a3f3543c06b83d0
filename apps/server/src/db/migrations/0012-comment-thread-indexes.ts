import type { Kysely, Migration } from 'kysely';

/**
 * Indexes for reading long threads a page at a time (repositories/comment-repository.ts):
 * - `comments_roots_index`: a post's top-level comments newest first, from a cursor, without
 *   walking past its replies;
 * - `comments_thread_index`: a thread's replies in time order, its reply count and first reply;
 * - `comments_parent_index`: whether a comment has replies (a deleted or hidden one stays in its
 *   thread only while it does), which every thread read asks.
 */
export const commentThreadIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('comments_roots_index')
      .on('comments')
      .columns(['post_id', 'level', 'created_at', 'seq'])
      .execute();
    await db.schema
      .createIndex('comments_thread_index')
      .on('comments')
      .columns(['root_id', 'created_at', 'seq'])
      .execute();
    await db.schema
      .createIndex('comments_parent_index')
      .on('comments')
      .column('parent_id')
      .execute();
  },
};
