import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Posts, their files and likes, and full-text search over them.
 *
 * `seq` is a stable integer per post: the tie-breaker that keeps paging stable when times or like
 * counts are equal, and on SQLite the rowid the FTS5 index points at (a rowid that is not an
 * INTEGER PRIMARY KEY alias may change on VACUUM; `seq` never does).
 *
 * `search_document` is the text a search looks through (title, summary, content, tags and the
 * author's name), written by the repository; each dialect indexes it its own way: an FTS5 table
 * kept in step by triggers on SQLite, a generated tsvector with a GIN index on PostgreSQL. Both use
 * plain word tokens without stemming, so prefix queries behave the same on both.
 */
export function postsMigration(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('files')
        .addColumn('cid', 'text', (col) => col.primaryKey())
        .addColumn('size', 'bigint', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('media_type', 'text', (col) => col.notNull())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('created_by', 'text', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      let posts = db.schema.createTable('posts');
      posts =
        dialect === 'sqlite'
          ? posts
              .addColumn('seq', 'integer', (col) => col.primaryKey())
              .addColumn('id', 'text', (col) => col.notNull().unique())
          : posts
              .addColumn('seq', 'bigserial', (col) => col.notNull().unique())
              .addColumn('id', 'text', (col) => col.primaryKey());
      await posts
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('summary', 'text', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('tags', 'text', (col) => col.notNull())
        .addColumn('ai_instruction', 'text', (col) => col.notNull())
        .addColumn('visibility', 'text', (col) => col.notNull())
        .addColumn('media_type', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('ai_analysis', 'text', (col) => col.notNull())
        .addColumn('likes', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('comments', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('search_document', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addCheckConstraint('posts_visibility_check', sql`visibility in ('public', 'private')`)
        .addCheckConstraint('posts_likes_check', sql`likes >= 0 and comments >= 0`)
        .execute();

      // The forum's orders, each ending in seq so equal values still page in one fixed order.
      await db.schema
        .createIndex('posts_time_index')
        .on('posts')
        .columns(['visibility', 'created_at', 'seq'])
        .execute();
      await db.schema
        .createIndex('posts_likes_index')
        .on('posts')
        .columns(['visibility', 'likes', 'created_at', 'seq'])
        .execute();
      await db.schema
        .createIndex('posts_user_index')
        .on('posts')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('post_files')
        .addColumn('post_id', 'text', (col) =>
          col.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('cid', 'text', (col) => col.notNull().references('files.cid'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('post_files_pk', ['post_id', 'position'])
        .execute();
      await db.schema.createIndex('post_files_cid_index').on('post_files').column('cid').execute();

      await db.schema
        .createTable('post_likes')
        .addColumn('post_id', 'text', (col) =>
          col.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('post_likes_pk', ['post_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('post_likes_user_index')
        .on('post_likes')
        .columns(['user_id', 'created_at'])
        .execute();

      if (dialect === 'sqlite') await createSqliteSearch(db);
      else await createPostgresSearch(db);
    },
  };
}

async function createSqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table posts_fts using fts5(
    search_document,
    content='posts',
    content_rowid='seq',
    tokenize='unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`create trigger posts_fts_insert after insert on posts begin
    insert into posts_fts(rowid, search_document) values (new.seq, new.search_document);
  end`.execute(db);
  await sql`create trigger posts_fts_delete after delete on posts begin
    insert into posts_fts(posts_fts, rowid, search_document)
      values ('delete', old.seq, old.search_document);
  end`.execute(db);
  await sql`create trigger posts_fts_update after update of search_document on posts begin
    insert into posts_fts(posts_fts, rowid, search_document)
      values ('delete', old.seq, old.search_document);
    insert into posts_fts(rowid, search_document) values (new.seq, new.search_document);
  end`.execute(db);
}

async function createPostgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column search_vector tsvector
    generated always as (to_tsvector('simple', search_document)) stored`.execute(db);
  await sql`create index posts_search_index on posts using gin (search_vector)`.execute(db);
}
