import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import { addCommentContributions } from './contribution-writes.js';
import type { Dialect } from './database.js';
import { RowGoneError } from './errors.js';
import type { HiddenChange } from './post-repository.js';
import { postNotDeleted } from './visibility.js';

/**
 * The writes that move a comment's counters, as plain functions inside the caller's transaction:
 * the comment repository's own, and a moderator's decision (moderation-repository.ts). Every
 * write first locks the post's row (on PostgreSQL; SQLite has one writer), then the comment rows
 * it needs, always in that order, so concurrent comments, replies, edits and deletions on one
 * post never deadlock and every count equals the rows behind it.
 */

type Trx = Transaction<DatabaseSchema>;

/** Locks the post's row if it is not deleted; throws RowGoneError when it is. */
export async function lockPost(trx: Trx, dialect: Dialect, postId: string): Promise<void> {
  let query = trx.selectFrom('posts').select('id').where('id', '=', postId).where(postNotDeleted());
  if (dialect === 'postgres') query = query.forUpdate();
  if (!(await query.executeTakeFirst())) throw new RowGoneError('posts');
}

/** Locks a comment's row and reads what a deletion needs of it. */
export async function lockComment(trx: Trx, dialect: Dialect, id: string) {
  let query = trx
    .selectFrom('comments')
    .select(['id', 'post_id', 'parent_id', 'root_id', 'deleted_at', 'hidden_at'])
    .where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

async function hasReplies(trx: Trx, id: string): Promise<boolean> {
  const row = await trx
    .selectFrom('comments')
    .select('id')
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves the post's comment count and the thread's reply count by `step` for one comment that
 * starts or stops being counted.
 */
async function moveCounts(
  trx: Trx,
  comment: { post_id: string; root_id: string | null },
  step: 1 | -1,
): Promise<void> {
  await trx
    .updateTable('posts')
    .set((eb) => ({ comments: eb('comments', '+', step) }))
    .where('id', '=', comment.post_id)
    .execute();
  if (comment.root_id) {
    await trx
      .updateTable('comments')
      .set((eb) => ({ reply_count: eb('reply_count', '+', step) }))
      .where('id', '=', comment.root_id)
      .execute();
  }
}

/**
 * Deletes a comment inside the caller's transaction (a member's deletion, a moderator's decision).
 * With replies under it, it stays as "[deleted]" (its likes removed) so they keep their place;
 * without, its row goes, and so does each deleted ancestor that this leaves without replies. The
 * post's comment count and the thread's reply count drop by one (deleted comments are not
 * counted). False when it was already deleted or is gone.
 */
export async function deleteCommentWithin(
  trx: Trx,
  dialect: Dialect,
  id: string,
  at: string,
): Promise<boolean> {
  const found = await trx
    .selectFrom('comments')
    .select('post_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return false;
  // A deleted post took its comments with it; nothing is left to delete.
  try {
    await lockPost(trx, dialect, found.post_id);
  } catch (error) {
    if (error instanceof RowGoneError) return false;
    throw error;
  }
  const target = await lockComment(trx, dialect, id);
  if (!target || target.deleted_at !== null) return false;
  // Its contribution signals are taken back (a hidden comment's were when it was hidden).
  if (target.hidden_at === null) await addCommentContributions(trx, id, -1, at);
  if (await hasReplies(trx, id)) {
    await trx
      .updateTable('comments')
      .set({ deleted_at: at, likes: 0 })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('comment_likes').where('comment_id', '=', id).execute();
  } else {
    await trx.deleteFrom('comments').where('id', '=', id).execute();
    // Each step removes a row, so the walk ends.
    let parentId = target.parent_id;
    while (parentId !== null) {
      const parent = await lockComment(trx, dialect, parentId);
      if (!parent || parent.deleted_at === null || (await hasReplies(trx, parent.id))) break;
      await trx.deleteFrom('comments').where('id', '=', parent.id).execute();
      parentId = parent.parent_id;
    }
  }
  // A hidden comment was no longer counted.
  if (target.hidden_at === null) await moveCounts(trx, target, -1);
  return true;
}

/**
 * Hides the comment (`hiddenAt`) or shows it again (null), inside the caller's transaction.
 * A hidden comment is not counted, as a deleted one: the post's comment count and the thread's
 * reply count move by one with it, and its contribution signals are taken back (or given
 * again, dated `at`, when shown again). 'unchanged' when it already was so, 'gone' when it is
 * deleted or never existed.
 */
export async function setCommentHiddenWithin(
  trx: Trx,
  dialect: Dialect,
  id: string,
  hiddenAt: string | null,
  at: string | null = hiddenAt,
): Promise<HiddenChange> {
  const found = await trx
    .selectFrom('comments')
    .select('post_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return 'gone';
  try {
    await lockPost(trx, dialect, found.post_id);
  } catch (error) {
    if (error instanceof RowGoneError) return 'gone';
    throw error;
  }
  const target = await lockComment(trx, dialect, id);
  if (!target || target.deleted_at !== null) return 'gone';
  if ((target.hidden_at !== null) === (hiddenAt !== null)) return 'unchanged';
  await trx.updateTable('comments').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
  await moveCounts(trx, target, hiddenAt === null ? 1 : -1);
  if (at !== null) await addCommentContributions(trx, id, hiddenAt === null ? 1 : -1, at);
  return 'changed';
}
