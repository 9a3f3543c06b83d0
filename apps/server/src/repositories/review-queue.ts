import { sql, type Expression, type SqlBool } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { Post, Viewer } from '../domain/post.js';
import type { Dialect } from './database.js';
import { filesOf, toPost } from './post-rows.js';
import { selectPosts } from './post-search.js';
import { tagsOfPost, valuesOfJson } from './post-tags.js';
import { postListedTo, postNotDeleted, postReviewableBy } from './visibility.js';

/**
 * The review queue (GET /reviews/open, issue 29): the posts asking for review — listed to the
 * reader and theirs to review (not their own, not hidden), not yet validated, or with a bounty
 * open for reviews — those with an open bounty first, then those sharing a tag with the reader's
 * own posts, then the newest. Kept apart from post-search.ts, whose lists it shares
 * `selectPosts` with.
 */

/** Where a page of the queue ends: its last post's keys, in the queue's order. */
export interface QueuePlace {
  bounty: boolean;
  matchesOwnTags: boolean;
  createdAt: string;
  seq: number;
}

export interface ReviewQueueFilter {
  viewer: Viewer;
  /** Posts tagged with one of these come first (after those with bounties): the reader's own. */
  ownTags: readonly string[];
  /** Only posts with this tag. */
  tag?: string;
  after: QueuePlace | null;
  /** A bounty is open for reviews until its deadline. */
  now: string;
  limit: number;
}

export interface QueuedPost {
  post: Post;
  place: QueuePlace;
}

/** At most this many of the reader's tags rank the queue: a bounded parameter, whatever they wrote. */
export const OWN_TAGS_MAX = 200;

export type ReviewQueueRepository = ReturnType<typeof createReviewQueueRepository>;

export function createReviewQueueRepository(db: AppDatabase, dialect: Dialect) {
  const tagsOf = (column: string) => tagsOfPost(dialect, column);
  const fromJson = (json: string) => valuesOfJson(dialect, json);

  return {
    /**
     * The distinct tags of the member's live posts, at most OWN_TAGS_MAX (the most recent
     * posts' first): what ranks their queue.
     */
    async tagsOfMember(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('posts')
        .select('posts.tags')
        .where('posts.user_id', '=', userId)
        .where(postNotDeleted())
        .where('posts.tags', '<>', '[]')
        .orderBy('posts.seq', 'desc')
        .limit(OWN_TAGS_MAX)
        .execute();
      const tags = new Set<string>();
      for (const row of rows) {
        for (const tag of JSON.parse(row.tags) as string[]) {
          if (tags.size < OWN_TAGS_MAX) tags.add(tag);
        }
      }
      return [...tags];
    },

    /** A page of the queue after `after`, in one query, plus one for the page's files. */
    async page(filter: ReviewQueueFilter): Promise<QueuedPost[]> {
      const { viewer, ownTags, tag, after, now, limit } = filter;
      const openBounty = sql<number>`case when exists (select 1 from bounties b
        where b.post_id = posts.id and b.status = 'open' and b.deadline > ${now})
        then 1 else 0 end`;
      const matchesOwn =
        ownTags.length === 0
          ? sql<number>`0`
          : sql<number>`case when exists (select 1 from ${tagsOf('posts.tags')} as t
              where t.value in ${fromJson(JSON.stringify(ownTags))}) then 1 else 0 end`;
      let inner = selectPosts(db, dialect, viewer)
        .select([openBounty.as('open_bounty'), matchesOwn.as('own_tags')])
        .where(postListedTo(viewer))
        // Only what they may review: never their own post, nor one the moderators hid.
        .where(postReviewableBy(viewer));
      if (tag !== undefined) {
        inner = inner.where(
          sql<SqlBool>`exists (select 1 from ${tagsOf('posts.tags')} as t where t.value = ${tag})`,
        );
      }
      let query = db
        .selectFrom(inner.as('q'))
        .selectAll()
        .where((eb) =>
          eb.or([eb('q.review_status', '<>', 'validated'), eb('q.open_bounty', '=', 1)]),
        );
      if (after) query = query.where(afterPlace(after));
      const rows = await query
        .orderBy('q.open_bounty', 'desc')
        .orderBy('q.own_tags', 'desc')
        .orderBy('q.created_at', 'desc')
        .orderBy('q.seq', 'desc')
        .limit(limit)
        .execute();
      const files = await filesOf(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        post: toPost(row, files.get(row.id) ?? []),
        place: {
          bounty: Number(row.open_bounty) === 1,
          matchesOwnTags: Number(row.own_tags) === 1,
          createdAt: row.created_at,
          seq: Number(row.seq),
        },
      }));
    },
  };
}

/** The rows after `place` in the queue's order (each key descending). */
function afterPlace(place: QueuePlace): Expression<SqlBool> {
  const bounty = place.bounty ? 1 : 0;
  const own = place.matchesOwnTags ? 1 : 0;
  return sql<SqlBool>`(q.open_bounty < ${bounty}
    or (q.open_bounty = ${bounty} and (q.own_tags < ${own}
      or (q.own_tags = ${own} and (q.created_at < ${place.createdAt}
        or (q.created_at = ${place.createdAt} and q.seq < ${place.seq}))))))`;
}
