import { mediaTypeSchema } from '@symposia/shared';
import { sql, type SqlBool } from 'kysely';
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

/** Serializes rewrites of related lists on PostgreSQL. */
const POSTGRES_LOCK = sql`select pg_advisory_xact_lock(hashtext('symposia.post_related'))`;

/**
 * Related posts (table post_related, migration 0014): the words a post is indexed under, how
 * common words are, the posts most like a set of words (bm25 on SQLite, ts_rank on PostgreSQL,
 * over the search index), and the stored lists, read through the visibility conditions.
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

    /** How many posts are indexed. */
    async corpusSize(): Promise<number> {
      const row = await db
        .selectFrom('post_search')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** In how many indexed posts each word occurs. */
    async documentFrequencies(words: string[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      if (words.length === 0) return found;
      if (dialect === 'sqlite') {
        const rows = await sql<{ term: string; doc: number }>`
          select term, doc from post_search_vocab
          where term in (${sql.join(words.map((word) => sql`${word}`))})`.execute(db);
        for (const row of rows.rows) found.set(row.term, Number(row.doc));
        return found;
      }
      for (const word of words) {
        const row = await db
          .selectFrom('post_search')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where(sql<SqlBool>`search_vector @@ to_tsquery('simple', ${`'${word}'`})`)
          .executeTakeFirstOrThrow();
        found.set(word, Number(row.n));
      }
      return found;
    },

    /**
     * The public posts (anyone may see them) whose indexed text is most like `words`, best
     * first, leaving out `postId` itself: any of the words, ranked by field weight.
     */
    async similar(
      postId: string,
      words: string[],
      limit: number,
    ): Promise<{ id: string; score: number }[]> {
      if (words.length === 0) return [];
      let rows: { id: string; score: number }[];
      if (dialect === 'sqlite') {
        const match = words.map((word) => `"${word}"`).join(' OR ');
        rows = await db
          .selectFrom('posts')
          .innerJoin('post_search_fts', 'post_search_fts.rowid', 'posts.seq')
          .select(['posts.id', sql<number>`-post_search_fts.rank`.as('score')])
          .where(sql<SqlBool>`post_search_fts match ${match}`)
          .where(postVisibleTo(null))
          .where('posts.id', '!=', postId)
          .orderBy('post_search_fts.rank')
          .orderBy('posts.seq', 'desc')
          .limit(limit)
          .execute();
      } else {
        const tsquery = sql`to_tsquery('simple', ${words.map((word) => `'${word}'`).join(' | ')})`;
        const score = sql<number>`ts_rank(post_search.search_vector, ${tsquery})`;
        rows = await db
          .selectFrom('posts')
          .innerJoin('post_search', 'post_search.post_seq', 'posts.seq')
          .select(['posts.id', score.as('score')])
          .where(sql<SqlBool>`post_search.search_vector @@ ${tsquery}`)
          .where(postVisibleTo(null))
          .where('posts.id', '!=', postId)
          .orderBy(score, 'desc')
          .orderBy('posts.seq', 'desc')
          .limit(limit)
          .execute();
      }
      return rows.map((row) => ({ id: row.id, score: Number(row.score) }));
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
