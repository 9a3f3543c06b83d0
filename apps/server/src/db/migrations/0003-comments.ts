import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Comments in threads of at most three levels, and their likes. `root_id` is the top-level
 * comment of the thread (null on top-level ones), so a whole thread is one indexed lookup;
 * `reply_count` and `likes` are counters kept in the transaction that changes the rows behind them.
 * `seq` orders comments of the same instant in the order they were written.
 */
export function commentsMigration(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      let comments = db.schema.createTable('comments');
      comments =
        dialect === 'sqlite'
          ? comments
              .addColumn('seq', 'integer', (col) => col.primaryKey())
              .addColumn('id', 'text', (col) => col.notNull().unique())
          : comments
              .addColumn('seq', 'bigserial', (col) => col.notNull().unique())
              .addColumn('id', 'text', (col) => col.primaryKey());
      await comments
        .addColumn('post_id', 'text', (col) =>
          col.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('parent_id', 'text', (col) => col.references('comments.id').onDelete('cascade'))
        .addColumn('root_id', 'text', (col) => col.references('comments.id').onDelete('cascade'))
        .addColumn('level', 'integer', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('image_url', 'text', (col) => col.notNull())
        .addColumn('likes', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('reply_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addCheckConstraint('comments_level_check', sql`level between 1 and 3`)
        .addCheckConstraint('comments_counts_check', sql`likes >= 0 and reply_count >= 0`)
        .execute();
      await db.schema
        .createIndex('comments_post_index')
        .on('comments')
        .columns(['post_id', 'created_at', 'seq'])
        .execute();
      await db.schema
        .createIndex('comments_user_index')
        .on('comments')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('comment_likes')
        .addColumn('comment_id', 'text', (col) =>
          col.notNull().references('comments.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('comment_likes_user_index')
        .on('comment_likes')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  };
}
