import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Follows (issue 30, docs/FEATURES.md "Follows").
 *
 * `follows`: one row per member and what they follow — an author (`target` is the author's user
 * id) or a tag (`target` is the tag as first followed, normalized as posts' tags are). A tag is the
 * same tag whatever its letter case, so one member follows it once: the unique index is on
 * `lower(target)`, the very expression the following feed compares posts' tags with, so the two
 * agree on every database. `follows_by_target` counts an author's followers and finds whom a new
 * post tells.
 *
 * `post_follower_notices`: the posts whose author's followers were told of them (`followed_post`
 * notifications), written in the transaction that tells them, so a post is told once however often
 * it is processed again or edited, even after its notifications were read or left with it.
 */
export const followsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('follows')
      .addColumn('follower_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addCheckConstraint('follows_kind_check', sql`kind in ('author', 'tag')`)
      .execute();
    await sql`create unique index follows_one_per_target
      on follows (follower_id, kind, lower(target))`.execute(db);
    await db.schema
      .createIndex('follows_by_target')
      .on('follows')
      .columns(['kind', 'target'])
      .execute();

    await db.schema
      .createTable('post_follower_notices')
      .addColumn('post_id', 'text', (col) =>
        col.primaryKey().references('posts.id').onDelete('cascade'),
      )
      .addColumn('notified_at', 'text', (col) => col.notNull())
      .execute();
  },
};
