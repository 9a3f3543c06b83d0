import { mediaTypeSchema } from '@symposia/shared';
import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { Dialect } from './database.js';
import { AUTHOR_COLUMNS, authorOf } from './post-rows.js';
import { postNotDeleted, postVisibleTo } from './visibility.js';

/** A post as the "Related" list shows it. */
export interface RelatedPost {
  id: string;
  title: string;
  author: { id: string; name: string; avatar: string };
  mediaType: ReturnType<typeof mediaTypeSchema.parse>;
  /** The card thumbnail of an image, the poster of a video, once made. */
  thumbnailCid: string | null;
}

export type RelatedRepository = ReturnType<typeof createRelatedRepository>;

/** One word as an FTS5 phrase (the search tokenizer's words hold no quote; doubled if one did). */
function phraseOf(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** Any of these words as a PostgreSQL text query, each quoted. */
function tsQueryOf(words: string[]) {
  const quoted = words.map((word) => `'${word.replaceAll("'", "''")}'`).join(' | ');
  return sql`to_tsquery('simple', ${quoted})`;
}

/** Serializes rewrites of related lists on PostgreSQL. */
const POSTGRES_LOCK = sql`select pg_advisory_xact_lock(hashtext('symposia.post_related'))`;

/**
 * Related posts (table post_related, migration 0014): the words a post is indexed under, how
 * common words are, the newest posts holding a word (index lookups, bounded whatever the corpus's
 * size: issue 31), and the stored lists, read through the visibility conditions.
 */
export function createRelatedRepository(db: AppDatabase, dialect: Dialect) {
  return {
    /** The indexed words of a live post, by field; undefined for a deleted or unknown one. */
    async indexedWords(postId: string) {
      return db
        .selectFrom('post_search')
        .select(['title', 'tags', 'body', 'document'])
        .where('post_id', '=', postId)
        .executeTakeFirst();
    },

    /**
     * About how many posts are indexed: the highest indexed post's number, one index lookup
     * (deleted posts still count, which moves a rarity little); a count would read every row.
     */
    async corpusSize(): Promise<number> {
      const row = await db
        .selectFrom('post_search')
        .select((eb) => eb.fn.max('post_seq').as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n ?? 0);
    },

    /**
     * In how many indexed posts each word occurs, counted no further than `cap`: the count of a
     * word in a tenth of the corpus would otherwise read a tenth of the corpus.
     */
    async documentFrequencies(words: string[], cap: number): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      if (words.length === 0) return found;
      for (const word of words) {
        if (dialect === 'sqlite') {
          // Not the FTS5 vocabulary: its count reads the word's whole list of posts.
          const { rows } = await sql<{ n: number }>`
            select count(*) as n from (
              select rowid from post_search_fts where post_search_fts match ${phraseOf(word)}
              limit ${cap}
            )`.execute(db);
          found.set(word, Number(rows[0]?.n ?? 0));
          continue;
        }
        const { rows } = await sql<{ n: number | string }>`
          select count(*) as n from (
            select 1 from post_search where search_vector @@ ${tsQueryOf([word])} limit ${cap}
          ) as matches`.execute(db);
        found.set(word, Number(rows[0]?.n ?? 0));
      }
      return found;
    },

    /**
     * The newest `limit` indexed posts holding `word` (their `post_seq`), newest first: one
     * lookup in the index whatever the corpus's size (FTS5 walks the word's list from its end;
     * on PostgreSQL the planner takes the GIN index or walks the posts backwards).
     */
    async postsWith(word: string, limit: number): Promise<number[]> {
      if (dialect === 'sqlite') {
        const { rows } = await sql<{ seq: number }>`
          select rowid as seq from post_search_fts where post_search_fts match ${phraseOf(word)}
          order by rowid desc limit ${limit}`.execute(db);
        return rows.map((row) => Number(row.seq));
      }
      const { rows } = await sql<{ seq: number | string }>`
        select post_seq as seq from post_search where search_vector @@ ${tsQueryOf([word])}
        order by post_seq desc limit ${limit}`.execute(db);
      return rows.map((row) => Number(row.seq));
    },

    /** Which of these posts (by `seq`) anyone may see, leaving out `postId` itself. */
    async publicAmong(postId: string, seqs: number[]): Promise<{ id: string; seq: number }[]> {
      if (seqs.length === 0) return [];
      const rows = await db
        .selectFrom('posts')
        .select(['posts.id', 'posts.seq'])
        .where('posts.seq', 'in', seqs)
        .where(postVisibleTo(null))
        .where('posts.id', '!=', postId)
        .execute();
      return rows.map((row) => ({ id: row.id, seq: Number(row.seq) }));
    },

    /**
     * Writes the post's list and offers the post to each of theirs (a new post shows up beside the
     * older ones like it), each list keeping its `keep` best, in one transaction.
     */
    async replace(
      postId: string,
      related: { id: string; score: number }[],
      keep: number,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        // One list rewrite at a time: two posts offering themselves to each other at once would
        // otherwise deadlock on each other's rows (SQLite has one writer anyway).
        if (dialect === 'postgres') {
          await POSTGRES_LOCK.execute(trx);
        }
        await trx.deleteFrom('post_related').where('post_id', '=', postId).execute();
        if (related.length === 0) return;
        await trx
          .insertInto('post_related')
          .values(related.map((row) => ({ post_id: postId, related_id: row.id, score: row.score })))
          .execute();
        for (const row of related) {
          await trx
            .insertInto('post_related')
            .values({ post_id: row.id, related_id: postId, score: row.score })
            .onConflict((conflict) =>
              conflict.columns(['post_id', 'related_id']).doUpdateSet({ score: row.score }),
            )
            .execute();
          const kept = await trx
            .selectFrom('post_related')
            .select('related_id')
            .where('post_id', '=', row.id)
            .orderBy('score', 'desc')
            .orderBy('related_id')
            .limit(keep)
            .execute();
          await trx
            .deleteFrom('post_related')
            .where('post_id', '=', row.id)
            .where(
              'related_id',
              'not in',
              kept.map((k) => k.related_id),
            )
            .execute();
        }
      });
    },

    /** The stored related posts of `postId` that anyone may see now, best first. */
    async listFor(postId: string, limit: number): Promise<RelatedPost[]> {
      const rows = await db
        .selectFrom('post_related')
        .innerJoin('posts', 'posts.id', 'post_related.related_id')
        .innerJoin('users', 'users.id', 'posts.user_id')
        .select(['posts.id', 'posts.title', 'posts.media_type', ...AUTHOR_COLUMNS])
        .where('post_related.post_id', '=', postId)
        .where(postVisibleTo(null))
        .where(postNotDeleted())
        .orderBy('post_related.score', 'desc')
        .orderBy('posts.seq', 'desc')
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      // The first file of each, and the thumbnail or poster made from it.
      const firsts = await db
        .selectFrom('post_files')
        .leftJoin('file_derivatives', (join) =>
          join
            .onRef('file_derivatives.source_cid', '=', 'post_files.cid')
            .on('file_derivatives.variant', 'in', ['card', 'poster']),
        )
        .select(['post_files.post_id', 'file_derivatives.cid'])
        .where('post_files.position', '=', 0)
        .where(
          'post_files.post_id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      const thumbnails = new Map(firsts.map((row) => [row.post_id, row.cid ?? null]));
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        author: authorOf(row),
        mediaType: mediaTypeSchema.parse(row.media_type),
        thumbnailCid: thumbnails.get(row.id) ?? null,
      }));
    },
  };
}
