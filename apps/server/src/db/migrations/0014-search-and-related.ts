import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Migration } from 'kysely';
import { INDEX_POST_TEXT_JOB, RELATE_POST_JOB } from '../../domain/post.js';
import { searchFields } from '../../domain/search-text.js';

/**
 * Search inside documents, by words in any script, ranked by field; related posts.
 *
 * `post_search` holds each live post's words as the search tokenizer cut them
 * (domain/search-text.ts: lower case, Chinese and Japanese segmented, separated by spaces) in
 * columns that rank differently — title, tags, body (summary and content), author, document (the
 * text extracted from its files) — plus `document_text`, that text as written, for snippets. The
 * repository writes it; each dialect indexes it its own way: an FTS5 table over it (content
 * table, kept in step by triggers, bm25 weights 10/6/3/3/1 as its rank) on SQLite; a generated
 * `tsvector` weighted A (title), B (tags), C (body, author), D (document) with a GIN index on
 * PostgreSQL. It replaces `posts.search_document` and its index (migration 0002). Every word of
 * a query is matched as a prefix; FTS5 keeps prefix indexes of 2 to 4 characters, since a short
 * prefix stands for many words whose lists it would otherwise merge whole for each query.
 *
 * `post_related`: up to RELATED_STORED posts like each one (services/posts/related-posts.ts), in
 * order; read through the visibility conditions, so what became private, hidden or deleted since
 * never shows.
 *
 * Existing posts are indexed here from their fields; the text of their documents, which lives in
 * the content store, is indexed by one `index-post-text` job per post, and their related posts by
 * one `relate-post` job each.
 */
export function searchAndRelatedMigration(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('post_search')
        .addColumn('post_seq', dialect === 'sqlite' ? 'integer' : 'bigint', (col) =>
          col.primaryKey(),
        )
        .addColumn('post_id', 'text', (col) =>
          col.notNull().unique().references('posts.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('tags', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('author', 'text', (col) => col.notNull())
        .addColumn('document', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('document_text', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      if (dialect === 'sqlite') {
        for (const trigger of ['posts_fts_insert', 'posts_fts_delete', 'posts_fts_update']) {
          await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
        }
        await sql`drop table if exists posts_fts`.execute(db);
        await sql`alter table posts drop column search_document`.execute(db);
        await sql`create virtual table post_search_fts using fts5(
          title, tags, body, author, document,
          content='post_search',
          content_rowid='post_seq',
          tokenize="unicode61 remove_diacritics 0 categories 'L* N* M* Co'",
          prefix='2 3 4'
        )`.execute(db);
        // Document frequencies of words, for choosing a post's distinctive words.
        await sql`create virtual table post_search_vocab using fts5vocab(post_search_fts, 'row')`.execute(
          db,
        );
        await sql`insert into post_search_fts(post_search_fts, rank)
          values ('rank', 'bm25(10.0, 6.0, 3.0, 3.0, 1.0)')`.execute(db);
        await sql`create trigger post_search_fts_insert after insert on post_search begin
          insert into post_search_fts(rowid, title, tags, body, author, document)
            values (new.post_seq, new.title, new.tags, new.body, new.author, new.document);
        end`.execute(db);
        await sql`create trigger post_search_fts_delete after delete on post_search begin
          insert into post_search_fts(post_search_fts, rowid, title, tags, body, author, document)
            values ('delete', old.post_seq, old.title, old.tags, old.body, old.author,
              old.document);
        end`.execute(db);
        await sql`create trigger post_search_fts_update after update on post_search begin
          insert into post_search_fts(post_search_fts, rowid, title, tags, body, author, document)
            values ('delete', old.post_seq, old.title, old.tags, old.body, old.author,
              old.document);
          insert into post_search_fts(rowid, title, tags, body, author, document)
            values (new.post_seq, new.title, new.tags, new.body, new.author, new.document);
        end`.execute(db);
      } else {
        await sql`drop index if exists posts_search_index`.execute(db);
        await sql`alter table posts drop column if exists search_vector`.execute(db);
        await sql`alter table posts drop column search_document`.execute(db);
        await sql`alter table post_search add column search_vector tsvector
          generated always as (
            setweight(to_tsvector('simple', title), 'A') ||
            setweight(to_tsvector('simple', tags), 'B') ||
            setweight(to_tsvector('simple', body), 'C') ||
            setweight(to_tsvector('simple', author), 'C') ||
            setweight(to_tsvector('simple', document), 'D')
          ) stored`.execute(db);
        await sql`create index post_search_vector_index on post_search using gin (search_vector)`.execute(
          db,
        );
      }

      await db.schema
        .createTable('post_related')
        .addColumn('post_id', 'text', (col) =>
          col.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('related_id', 'text', (col) =>
          col.notNull().references('posts.id').onDelete('cascade'),
        )
        .addColumn('score', 'real', (col) => col.notNull())
        .addPrimaryKeyConstraint('post_related_pk', ['post_id', 'related_id'])
        .execute();
      await db.schema
        .createIndex('post_related_related_index')
        .on('post_related')
        .column('related_id')
        .execute();

      await backfill(db as Kysely<BackfillSchema>);
    },
  };
}

interface BackfillSchema {
  posts: {
    seq: number;
    id: string;
    user_id: string;
    title: string;
    summary: string;
    content: string;
    tags: string;
    deleted_at: string | null;
  };
  users: { id: string; username: string };
  post_files: { post_id: string; cid: string };
  file_derivatives: { source_cid: string; variant: string };
  post_search: {
    post_seq: number;
    post_id: string;
    title: string;
    tags: string;
    body: string;
    author: string;
  };
  jobs: {
    id: string;
    kind: string;
    subject_id: string;
    status: string;
    max_attempts: number;
    run_after: string;
    created_at: string;
    updated_at: string;
  };
}

const BATCH = 200;

async function backfill(db: Kysely<BackfillSchema>): Promise<void> {
  const at = new Date().toISOString();
  let after = -1;
  for (;;) {
    const rows = await db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .select([
        'posts.seq',
        'posts.id',
        'posts.title',
        'posts.summary',
        'posts.content',
        'posts.tags',
        'users.username',
      ])
      .where('posts.deleted_at', 'is', null)
      .where('posts.seq', '>', after)
      .orderBy('posts.seq')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1]?.seq);
    await db
      .insertInto('post_search')
      .values(
        rows.map((row) => ({
          post_seq: Number(row.seq),
          post_id: row.id,
          ...searchFields({ ...row, tags: JSON.parse(row.tags) as string[] }, row.username),
        })),
      )
      .execute();
    const withText = await db
      .selectFrom('post_files')
      .innerJoin('file_derivatives', 'file_derivatives.source_cid', 'post_files.cid')
      .select('post_files.post_id')
      .distinct()
      .where('file_derivatives.variant', '=', 'text')
      .where(
        'post_files.post_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    const jobs = [
      ...withText.map((row) => ({ kind: INDEX_POST_TEXT_JOB, subject: row.post_id })),
      ...rows.map((row) => ({ kind: RELATE_POST_JOB, subject: row.id })),
    ];
    await db
      .insertInto('jobs')
      .values(
        jobs.map((job) => ({
          id: randomUUID(),
          kind: job.kind,
          subject_id: job.subject,
          status: 'queued',
          max_attempts: 5,
          run_after: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((conflict) => conflict.columns(['kind', 'subject_id']).doNothing())
      .execute();
  }
}
