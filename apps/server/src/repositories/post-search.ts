import type { ReviewStatus, SortOption } from '@symposia/shared';
import { sql, type SqlBool, type Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { Post, Viewer } from '../domain/post.js';
import {
  fts5Query,
  searchFields,
  tsQuery,
  type SearchPhrase,
  type SearchQuery,
} from '../domain/search-text.js';
import type { Dialect } from './database.js';
import { filesOf, POST_COLUMNS, toPost } from './post-rows.js';
import { postCarriesTag, postFollowedBy } from './post-tags.js';
import { postListedTo, postVisibleTo } from './visibility.js';

export interface PostListFilter {
  viewer: Viewer;
  /** Adds the viewer's own private posts; other people's never appear. */
  includeOwnPrivate: boolean;
  /** What to look for (domain/search-text.ts); undefined lists everything. */
  search?: SearchQuery;
  /** Undefined with search terms: by relevance. Undefined without: newest first. */
  sort?: SortOption;
  /** Only the posts whose current revision has this review status (issue 29). */
  reviewStatus?: ReviewStatus;
  /** Only the posts carrying this tag, ignoring letter case. */
  tag?: string;
  /** Only the posts of the authors and tags this member follows (the following feed, issue 30). */
  followedBy?: string;
  skip: number;
  limit: number;
}

/** Each sort: by likes first or not (then by time), and which way every key runs. */
const SORT_ORDERS: Record<SortOption, { byLikes: boolean; direction: 'asc' | 'desc' }> = {
  time_desc: { byLikes: false, direction: 'desc' },
  time_asc: { byLikes: false, direction: 'asc' },
  likes_desc: { byLikes: true, direction: 'desc' },
  likes_asc: { byLikes: true, direction: 'asc' },
};

/**
 * Ordered by relevance, a search scores its newest this-many matches (every match when fewer):
 * a word found in half of 100,000 posts would otherwise be scored 50,000 times per page, far
 * beyond the search budget (`npm run bench -- search`). Orders by time or likes cover every match
 * and score none.
 */
export const SEARCH_RANK_WINDOW = 1000;

/** The fields a search ranks by, with bm25's weights of the index (migration 0014). */
const RANKED_FIELDS = [
  { columns: ['title'], weight: 10 },
  { columns: ['tags'], weight: 6 },
  { columns: ['body', 'author'], weight: 3 },
] as const;

/**
 * The relevance of a match (lower is better): for every phrase, the weight of each field it is
 * found in — the field weights of the index's bm25 (migration 0014), the document text counting
 * nothing; ties are broken newest first. Not bm25 itself: bm25 first counts every post holding
 * each phrase anywhere in the table (a word in most of 100,000 posts costs more than the whole
 * search budget). The fields are read from post_search as indexed — words cut, folded and
 * joined by single spaces (domain/search-text.ts) — so a phrase is found as its words between
 * spaces, as FTS5 matched it; only the window's matches are read.
 */
function fieldRank(phrases: SearchPhrase[]) {
  const found = phrases.flatMap((phrase) => {
    const pattern = ` ${phrase.words.join(' ')}${phrase.prefix ? '' : ' '}`;
    return RANKED_FIELDS.map(({ columns, weight }) => {
      const inField = columns.map(
        (column) => sql`instr(' ' || ${sql.ref(`post_search.${column}`)} || ' ', ${pattern}) > 0`,
      );
      return sql`${sql.lit(weight)} * (${sql.join(inField, sql` or `)})`;
    });
  });
  return sql<number>`-(${sql.join(found, sql` + `)})`;
}

/**
 * Posts with author and the viewer's like, before their files are attached. With search terms
 * only matching posts, each with its relevance `rank` (lower is better); without, rank is 0.
 */
export function selectPosts(
  db: AppDatabase,
  dialect: Dialect,
  viewer: Viewer,
  search?: SearchQuery,
  byRelevance = false,
) {
  let base = db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.user_id')
    .select(POST_COLUMNS);
  if (search === undefined || search.parts.length === 0) {
    base = base.select(sql<number>`0`.as('rank'));
  } else if (dialect === 'sqlite') {
    const { match, required } = fts5Query(search);
    const hits = db
      .selectFrom('post_search_fts')
      .select('post_search_fts.rowid as seq')
      .where(sql<SqlBool>`post_search_fts match ${match}`)
      // FTS5 walks its matches newest first and stops at the window; only those are scored.
      .$if(byRelevance, (query) =>
        query.orderBy('post_search_fts.rowid', 'desc').limit(SEARCH_RANK_WINDOW),
      )
      .as('hits');
    const phrases = search.parts.filter((part) => !part.excluded).map((part) => part.phrase);
    // The matches come first and each post (and its indexed text) is found by its seq: SQLite
    // keeps the tables of a CROSS JOIN in their order, where with an inner join it may walk
    // every public post by its time index and look each up among the matches (O(posts) for a
    // rare word).
    const matched = db
      .selectFrom(hits)
      .crossJoin('posts')
      .innerJoin('users', 'users.id', 'posts.user_id')
      .whereRef('posts.seq', '=', 'hits.seq')
      .select(POST_COLUMNS);
    base = required
      ? ((byRelevance
          ? matched
              .crossJoin('post_search')
              .whereRef('post_search.post_seq', '=', 'hits.seq')
              .select(fieldRank(phrases).as('rank'))
          : matched.select(sql<number>`0`.as('rank'))) as unknown as typeof base)
      : base
          .where(
            sql<SqlBool>`posts.seq not in (select rowid from post_search_fts where post_search_fts match ${match})`,
          )
          .select(sql<number>`0`.as('rank'));
  } else {
    const { match, required } = tsQuery(search);
    const query = sql`to_tsquery('simple', ${match})`;
    // The newest matches within the window are found first; only those are scored.
    const hits = db
      .selectFrom('post_search as matched')
      .select('matched.post_seq as seq')
      .where(sql<SqlBool>`matched.search_vector @@ ${query}`)
      .$if(byRelevance, (q) => q.orderBy('matched.post_seq', 'desc').limit(SEARCH_RANK_WINDOW))
      .as('hits');
    base = required
      ? base
          .innerJoin(hits, 'hits.seq', 'posts.seq')
          .innerJoin('post_search', 'post_search.post_seq', 'posts.seq')
          .select(sql<number>`-ts_rank(post_search.search_vector, ${query})`.as('rank'))
      : base
          .where(
            sql<SqlBool>`posts.seq not in (select post_seq from post_search where search_vector @@ ${query})`,
          )
          .select(sql<number>`0`.as('rank'));
  }
  if (!viewer) return base.select(sql<number>`0`.as('liked'));
  return base
    .leftJoin('post_likes as own_like', (join) =>
      join.onRef('own_like.post_id', '=', 'posts.id').on('own_like.user_id', '=', viewer.id),
    )
    .select(sql<number>`case when own_like.user_id is null then 0 else 1 end`.as('liked'));
}

export type PostSearchRepository = ReturnType<typeof createPostSearchRepository>;

/** Lists of posts, by search terms (ranked) or by time or likes, and the text snippets show. */
export function createPostSearchRepository(db: AppDatabase, dialect: Dialect) {
  return {
    async list(filter: PostListFilter): Promise<Post[]> {
      const { viewer, includeOwnPrivate, search, sort, skip, limit, reviewStatus, tag } = filter;
      const searching = search !== undefined && search.parts.some((part) => !part.excluded);
      const byRelevance = searching && sort === undefined;
      let query = selectPosts(db, dialect, viewer, search, byRelevance).where(
        includeOwnPrivate ? postVisibleTo(viewer) : postListedTo(viewer),
      );
      if (reviewStatus !== undefined) query = query.where('posts.review_status', '=', reviewStatus);
      if (tag !== undefined) query = query.where(postCarriesTag(dialect, tag));
      if (filter.followedBy !== undefined) {
        query = query.where(postFollowedBy(dialect, filter.followedBy));
      }
      // Every order ends in seq, unique per post, so pages never overlap or leave gaps.
      const order = sort ?? (searching ? undefined : 'time_desc');
      if (order === undefined) {
        query = query.orderBy(sql`rank`).orderBy('posts.seq', 'desc');
      } else {
        const { byLikes, direction } = SORT_ORDERS[order];
        if (byLikes) query = query.orderBy('posts.likes', direction);
        query = query.orderBy('posts.created_at', direction).orderBy('posts.seq', direction);
      }
      const rows = await query.limit(limit).offset(skip).execute();
      const files = await filesOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => toPost(row, files.get(row.id) ?? []));
    },

    /** The indexed document text of the given posts, for snippets. */
    async documentTexts(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('post_search')
        .select(['post_id', 'document_text'])
        .where('post_id', 'in', ids)
        .where('document_text', '!=', '')
        .execute();
      return new Map(rows.map((row) => [row.post_id, row.document_text]));
    },
  };
}

/**
 * Rewrites the author words of every post by the member after they changed their name, so a
 * search for the new name finds them (and the old name no longer does).
 */
export async function rewriteAuthorSearch(
  db: AppDatabase | Transaction<DatabaseSchema>,
  userId: string,
  authorName: string,
): Promise<void> {
  await db
    .updateTable('post_search')
    .set({
      author: searchFields({ title: '', summary: '', content: '', tags: [] }, authorName).author,
    })
    .where('post_id', 'in', db.selectFrom('posts').select('id').where('user_id', '=', userId))
    .execute();
}
