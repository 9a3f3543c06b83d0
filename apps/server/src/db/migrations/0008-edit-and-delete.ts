import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Roles, edits and deletions (docs/ARCHITECTURE.md §4).
 *
 * - `users.role`: `member` or `moderator`; ADMIN_USERNAMES promotes accounts at start-up.
 * - `posts.edited_at`, `comments.edited_at`: the last edit by the author; null if never edited.
 * - `posts.deleted_at`, `comments.deleted_at`: a deletion keeps the row (so moderation can look
 *   back later), and the shared "visible to viewer" condition (repositories/visibility.ts) hides
 *   it everywhere. A deleted post's comments and likes are removed with it; a deleted comment stays
 *   only while it has replies, shown as "[deleted]".
 * - `post_revisions`: every version an edit replaced, numbered from 1 (the post as uploaded);
 *   `edited_at` is when that version was written.
 */
export const editAndDeleteMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('role', 'text', (col) => col.notNull().defaultTo('member'))
      .execute();
    await db.schema.alterTable('posts').addColumn('edited_at', 'text').execute();
    await db.schema.alterTable('posts').addColumn('deleted_at', 'text').execute();
    await db.schema.alterTable('comments').addColumn('edited_at', 'text').execute();
    await db.schema.alterTable('comments').addColumn('deleted_at', 'text').execute();
    await db.schema
      .createTable('post_revisions')
      .addColumn('post_id', 'text', (col) =>
        col.notNull().references('posts.id').onDelete('cascade'),
      )
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('summary', 'text', (col) => col.notNull())
      .addColumn('content', 'text', (col) => col.notNull())
      .addColumn('tags', 'text', (col) => col.notNull())
      .addColumn('ai_instruction', 'text', (col) => col.notNull())
      .addColumn('visibility', 'text', (col) => col.notNull())
      .addColumn('edited_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('post_revisions_pk', ['post_id', 'revision'])
      .addCheckConstraint('post_revisions_revision_check', sql`revision >= 1`)
      .execute();
  },
};
