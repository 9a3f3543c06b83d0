import type { REVIEW_SCORE_NAMES } from '@symposia/shared';
import {
  reviewRecommendationSchema,
  userRoleSchema,
  type ReviewMeanScores,
} from '@symposia/shared';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import {
  countedReviews,
  reviewedTextOf,
  reviewStatusOf,
  type ReviewRule,
  type RuledPost,
  type RuledReview,
} from '../domain/review-status.js';
import { reviewCounted } from './visibility.js';

/**
 * A post's review status, kept on the post (posts.review_status, review_count) and written by
 * the one rule of domain/review-status.ts inside the transaction of every write that can change
 * it: a review written, edited, deleted or hidden, the post's text edited, new trust scores.
 * Plain functions, so the review, post and trust repositories share them.
 */

type Executor = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/** The post as the rule sees it; undefined when it does not exist. */
async function ruledPost(
  db: Executor,
  postId: string,
): Promise<(RuledPost & { status: string; count: number }) | undefined> {
  const post = await db
    .selectFrom('posts')
    .select(['user_id', 'revision', 'title', 'summary', 'content', 'review_status', 'review_count'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) return undefined;
  return {
    authorId: post.user_id,
    revision: Number(post.revision),
    text: reviewedTextOf(post),
    status: post.review_status,
    count: Number(post.review_count),
  };
}

/** The post's live reviews with their scores and their reviewers' role and stored trust. */
async function liveReviews(db: Executor, postId: string) {
  const rows = await db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.reviewer_id')
    .leftJoin('user_trust', 'user_trust.user_id', 'reviews.reviewer_id')
    .select([
      'reviews.reviewer_id',
      'reviews.revision',
      'reviews.reviewed_text',
      'reviews.recommendation',
      'reviews.soundness',
      'reviews.significance',
      'reviews.clarity',
      'reviews.reproducibility',
      'users.role',
      'user_trust.trust_units',
    ])
    .where('reviews.post_id', '=', postId)
    .where(reviewCounted())
    .execute();
  return rows;
}

/**
 * Computes the post's status by the rule and stores it with its count when either moved;
 * returns whether they did (false when the post is gone). `at`: when the change is made; a post
 * that becomes `validated` keeps it as `validated_at` (the digest's "newly validated", issue 30).
 */
export async function recomputeReviewStatus(
  db: Executor,
  postId: string,
  rule: ReviewRule,
  at: string,
): Promise<boolean> {
  const post = await ruledPost(db, postId);
  if (!post) return false;
  const rows = await liveReviews(db, postId);
  const ruled: RuledReview[] = rows.map((row) => ({
    reviewerId: row.reviewer_id,
    revision: Number(row.revision),
    reviewedText: row.reviewed_text,
    recommendation: reviewRecommendationSchema.parse(row.recommendation),
    trustLevel: rule.levelOf({
      role: userRoleSchema.parse(row.role),
      units: Number(row.trust_units ?? 0),
    }),
  }));
  const { status, count } = reviewStatusOf(ruled, post, rule);
  if (status === post.status && count === post.count) return false;
  await db
    .updateTable('posts')
    .set({
      review_status: status,
      review_count: count,
      ...(status !== post.status && { validated_at: status === 'validated' ? at : null }),
    })
    .where('id', '=', postId)
    .execute();
  return true;
}

/**
 * The means of the scores of the reviews that count for the post's current revision (the same
 * reviews the rule counts, one per reviewer); null when none does.
 */
export async function meanScoresOf(db: Executor, postId: string): Promise<ReviewMeanScores | null> {
  const post = await ruledPost(db, postId);
  if (!post) return null;
  const rows = (await liveReviews(db, postId)).map((row) => ({
    ...row,
    reviewerId: row.reviewer_id,
    revision: Number(row.revision),
    reviewedText: row.reviewed_text,
  }));
  const counted = countedReviews(rows, post);
  if (counted.length === 0) return null;
  const mean = (name: (typeof REVIEW_SCORE_NAMES)[number]) =>
    counted.reduce((sum, row) => sum + Number(row[name]), 0) / counted.length;
  return {
    soundness: mean('soundness'),
    significance: mean('significance'),
    clarity: mean('clarity'),
    reproducibility: mean('reproducibility'),
  };
}
