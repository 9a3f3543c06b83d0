import { sql, type Expression, type SqlBool } from 'kysely';
import type { Viewer } from '../domain/post.js';

/**
 * The one SQL form of "who may see which post and comment" (docs/ARCHITECTURE.md §4). The rule
 * itself is written, and tested cell by cell, in policies/post-policy.ts (`mayReadPost`); this file
 * is how repositories apply it in a query, so the post, comment, profile and storage repositories
 * never compare a visibility, an author or a deletion time on their own (visibility.test.ts reads
 * the source tree to keep it so).
 *
 * Each condition names the `posts` or `comments` table unaliased: use it in a query that selects
 * from or joins that table under its own name.
 */

/** Not deleted: the post still exists for every reader (and for counts and the gateway). */
export function postNotDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('posts.deleted_at')} is null`;
}

/** Deleted: kept only as a record (moderation); no reader sees it. */
export function postDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('posts.deleted_at')} is not null`;
}

/**
 * The posts `viewer` may see: not deleted, and public or their own. With a null viewer, what
 * anyone may see — the public posts; their files are what the gateway serves to anyone.
 */
export function postVisibleTo(viewer: Viewer): Expression<SqlBool> {
  const readable = viewer
    ? sql<SqlBool>`(${sql.ref('posts.visibility')} = ${'public'} or ${sql.ref('posts.user_id')} = ${viewer.id})`
    : sql<SqlBool>`${sql.ref('posts.visibility')} = ${'public'}`;
  return sql<SqlBool>`(${postNotDeleted()} and ${readable})`;
}

/**
 * A comment that is not deleted: counted, editable, likeable. A deleted comment stays in the table
 * (and in its thread, as "[deleted]") only while replies hang from it.
 */
export function commentNotDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('comments.deleted_at')} is null`;
}

/** Deleted, and kept only for the replies under it. */
export function commentDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('comments.deleted_at')} is not null`;
}
