import {
  mediaTypeSchema,
  postStatusSchema,
  reviewStatusSchema,
  visibilitySchema,
} from '@symposia/shared';
import { randomUUID } from 'node:crypto';
import type { Selection, Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import {
  RELATE_POST_JOB,
  type FileDerivatives,
  type Post,
  type PostFileView,
} from '../domain/post.js';
import { coalesceJob } from './job-repository.js';

/**
 * What the post modules share: the columns a post is read with, how a row becomes a Post with its
 * files, and the related-posts refresh their writes queue. Plain functions, no repository.
 */

/**
 * Queues the refresh of a post's related posts, inside the caller's transaction: one run per post
 * per RELATE_POST_COALESCE_SECONDS, whatever the number of writes meanwhile (issue 31).
 */
export async function queueRelate(trx: Transaction<DatabaseSchema>, postId: string, at: string) {
  await coalesceJob(trx, {
    id: randomUUID(),
    kind: RELATE_POST_JOB,
    subjectId: postId,
    maxAttempts: 3,
    at,
  });
}

/** A post's author, with a post read from `posts` joined to `users` (see `authorOf`). */
export const AUTHOR_COLUMNS = [
  'users.id as author_id',
  'users.username as author_name',
  'users.avatar as author_avatar',
] as const;

export function authorOf(row: { author_id: string; author_name: string; author_avatar: string }) {
  return { id: row.author_id, name: row.author_name, avatar: row.author_avatar };
}

export const POST_COLUMNS = [
  'posts.seq',
  'posts.id',
  'posts.title',
  'posts.summary',
  'posts.content',
  'posts.tags',
  'posts.ai_instruction',
  'posts.visibility',
  'posts.media_type',
  'posts.status',
  'posts.ai_analysis',
  'posts.likes',
  'posts.comments',
  'posts.created_at',
  'posts.doi',
  'posts.edited_at',
  'posts.hidden_at',
  'posts.revision',
  'posts.review_status',
  'posts.review_count',
  ...AUTHOR_COLUMNS,
] as const;

/** A post's row as read with POST_COLUMNS and the viewer's like (post-search.ts `selectPosts`). */
export type PostRow = Selection<
  DatabaseSchema,
  'posts' | 'users',
  (typeof POST_COLUMNS)[number]
> & {
  liked: number;
};

export function toPost(row: PostRow, files: PostFileView[]): Post {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    content: row.content,
    tags: JSON.parse(row.tags) as string[],
    aiInstruction: row.ai_instruction,
    visibility: visibilitySchema.parse(row.visibility),
    mediaType: mediaTypeSchema.parse(row.media_type),
    status: postStatusSchema.parse(row.status),
    aiAnalysis: row.ai_analysis,
    likes: Number(row.likes),
    comments: Number(row.comments),
    createdAt: row.created_at,
    author: authorOf(row),
    files,
    liked: Number(row.liked) === 1,
    doi: row.doi,
    editedAt: row.edited_at,
    hidden: row.hidden_at !== null,
    revision: Number(row.revision),
    reviewStatus: reviewStatusSchema.parse(row.review_status),
    reviewCount: Number(row.review_count),
  };
}

/** What processing derived from the given files, by source CID, in one query. */
async function derivativesOf(
  db: AppDatabase,
  cids: string[],
): Promise<Map<string, FileDerivatives>> {
  const bySource = new Map<string, FileDerivatives>();
  if (cids.length === 0) return bySource;
  const rows = await db
    .selectFrom('file_derivatives')
    .select(['source_cid', 'variant', 'cid', 'duration_seconds'])
    .where('source_cid', 'in', [...new Set(cids)])
    .execute();
  for (const row of rows) {
    const found = bySource.get(row.source_cid) ?? {};
    if (
      row.variant === 'card' ||
      row.variant === 'detail' ||
      row.variant === 'poster' ||
      row.variant === 'text'
    ) {
      found[row.variant] = row.cid;
    }
    if (row.duration_seconds !== null) found.durationSeconds = Number(row.duration_seconds);
    bySource.set(row.source_cid, found);
  }
  return bySource;
}

export /** Files of the given posts, in upload order, with their derivatives, in two queries. */
async function filesOf(db: AppDatabase, postIds: string[]): Promise<Map<string, PostFileView[]>> {
  const byPost = new Map<string, PostFileView[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_files')
    .innerJoin('files', 'files.cid', 'post_files.cid')
    .select([
      'post_files.post_id',
      'post_files.cid',
      'post_files.name',
      'files.size',
      'files.content_type',
      'files.media_type',
    ])
    .where('post_files.post_id', 'in', postIds)
    .orderBy('post_files.post_id')
    .orderBy('post_files.position')
    .execute();
  const derivatives = await derivativesOf(
    db,
    rows.map((row) => row.cid),
  );
  for (const row of rows) {
    byPost.get(row.post_id)?.push({
      cid: row.cid,
      name: row.name,
      size: Number(row.size),
      contentType: row.content_type,
      mediaType: mediaTypeSchema.parse(row.media_type),
      derivatives: derivatives.get(row.cid) ?? {},
    });
  }
  return byPost;
}
