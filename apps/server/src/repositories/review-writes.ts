import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import type { ReviewRule } from '../domain/review-status.js';
import { lockPost } from './comment-writes.js';
import { lockRows, type Dialect } from './database.js';
import { RowGoneError } from './errors.js';
import type { HiddenChange } from './post-repository.js';
import { recomputeReviewStatus } from './review-status-writes.js';
import { reviewNotDeleted, reviewResponseNotDeleted } from './visibility.js';

/**
 * A review deleted or hidden, and its post's review status computed again in the same
 * transaction (docs/REVIEW.md): the reviewer's or a moderator's delete, and the moderators'
 * hide and restore (moderation-repository.ts); and the moderators' hide, restore and delete of
 * the post author's response to a review. Plain functions, so the review and moderation
 * repositories share them.
 */

type Trx = Transaction<DatabaseSchema>;

/** Locks the review's row (not deleted) and reads it; undefined when gone. */
export async function lockReview(trx: Trx, dialect: Dialect, id: string) {
  return lockRows(
    dialect,
    trx
      .selectFrom('reviews')
      .selectAll('reviews')
      .where('reviews.id', '=', id)
      .where(reviewNotDeleted()),
  ).executeTakeFirst();
}

/**
 * Locks the review's post, then the review: two writes changing one post's status (a review
 * written, another hidden) wait for each other, so the second computes on the first's result.
 * Undefined when either is gone.
 */
async function lockPostAndReview(trx: Trx, dialect: Dialect, id: string) {
  const found = await trx
    .selectFrom('reviews')
    .select('post_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!found) return undefined;
  try {
    await lockPost(trx, dialect, found.post_id);
  } catch (error) {
    if (error instanceof RowGoneError) return undefined;
    throw error;
  }
  return lockReview(trx, dialect, id);
}

/** Deletes the review (its row kept as a record); returns its post, undefined when gone. */
export async function deleteReviewWithin(
  trx: Trx,
  dialect: Dialect,
  id: string,
  at: string,
  rule: ReviewRule,
): Promise<string | undefined> {
  const before = await lockPostAndReview(trx, dialect, id);
  if (!before) return undefined;
  await trx.updateTable('reviews').set({ deleted_at: at }).where('id', '=', id).execute();
  await recomputeReviewStatus(trx, before.post_id, rule, at);
  return before.post_id;
}

/**
 * Hides the review (`hiddenAt`) or shows it again (null); a hidden review counts nothing for the
 * status (visibility.ts `reviewCounted`).
 */
export async function setReviewHiddenWithin(
  trx: Trx,
  dialect: Dialect,
  id: string,
  hiddenAt: string | null,
  rule: ReviewRule,
  at: string,
): Promise<HiddenChange> {
  const before = await lockPostAndReview(trx, dialect, id);
  if (!before) return 'gone';
  if ((before.hidden_at !== null) === (hiddenAt !== null)) return 'unchanged';
  await trx.updateTable('reviews').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
  await recomputeReviewStatus(trx, before.post_id, rule, at);
  return 'changed';
}

/** Locks the review's response (neither deleted) and reads it; undefined when gone. */
async function lockResponse(trx: Trx, dialect: Dialect, reviewId: string) {
  if (!(await lockReview(trx, dialect, reviewId))) return undefined;
  return lockRows(
    dialect,
    trx
      .selectFrom('review_responses')
      .select(['review_id', 'hidden_at'])
      .where('review_responses.review_id', '=', reviewId)
      .where(reviewResponseNotDeleted()),
  ).executeTakeFirst();
}

/**
 * Hides the post author's response to the review (`hiddenAt`) or shows it again (null): the
 * moderators' decision (moderation-repository.ts). A response counts for no status, so nothing
 * else follows.
 */
export async function setResponseHiddenWithin(
  trx: Trx,
  dialect: Dialect,
  reviewId: string,
  hiddenAt: string | null,
): Promise<HiddenChange> {
  const before = await lockResponse(trx, dialect, reviewId);
  if (!before) return 'gone';
  if ((before.hidden_at !== null) === (hiddenAt !== null)) return 'unchanged';
  await trx
    .updateTable('review_responses')
    .set({ hidden_at: hiddenAt })
    .where('review_id', '=', reviewId)
    .execute();
  return 'changed';
}

/**
 * Deletes the response (its row kept as a record, so the review takes no second one); false
 * when it, or its review, is gone.
 */
export async function deleteResponseWithin(
  trx: Trx,
  dialect: Dialect,
  reviewId: string,
  at: string,
): Promise<boolean> {
  if (!(await lockResponse(trx, dialect, reviewId))) return false;
  await trx
    .updateTable('review_responses')
    .set({ deleted_at: at })
    .where('review_id', '=', reviewId)
    .execute();
  return true;
}
