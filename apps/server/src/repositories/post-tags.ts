import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './database.js';

/**
 * A post's tags in SQL (a JSON array in `posts.tags`), for the lists that filter or rank by them:
 * the forum's tag filter and following feed (post-search.ts), the review queue (review-queue.ts).
 * Plain functions, no repository. A tag is one tag whatever its letter case: comparisons go
 * through `lower()` on both sides, as the follows table's unique index does (migration 0031).
 */

/** The tags of a post as a one-column table `value`. */
export function tagsOfPost(dialect: Dialect, column = 'posts.tags'): RawBuilder<unknown> {
  return dialect === 'sqlite'
    ? sql`(select value from json_each(${sql.ref(column)}))`
    : sql`(select jsonb_array_elements_text(cast(${sql.ref(column)} as jsonb)) as value)`;
}

/** The values of a JSON array sent as one parameter, so the query keeps one shape. */
export function valuesOfJson(dialect: Dialect, json: string): RawBuilder<unknown> {
  return dialect === 'sqlite'
    ? sql`(select value from json_each(${json}))`
    : sql`(select jsonb_array_elements_text(cast(${json} as jsonb)))`;
}

/** The post carries `tag`, ignoring letter case. */
export function postCarriesTag(dialect: Dialect, tag: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from ${tagsOfPost(dialect)} as t
    where lower(t.value) = lower(${tag}))`;
}

/**
 * The post is one the member follows (issue 30): by an author they follow, or carrying a tag they
 * follow. Who may see it is the caller's condition (visibility.ts), never this one's.
 */
export function postFollowedBy(dialect: Dialect, followerId: string): Expression<SqlBool> {
  const byAuthor = sql<SqlBool>`${sql.ref('posts.user_id')} in (select f.target from follows f
    where f.follower_id = ${followerId} and f.kind = ${'author'})`;
  const byTag = sql<SqlBool>`exists (select 1 from ${tagsOfPost(dialect)} as t
    inner join follows f on lower(f.target) = lower(t.value)
    where f.follower_id = ${followerId} and f.kind = ${'tag'})`;
  return sql<SqlBool>`(${byAuthor} or ${byTag})`;
}
