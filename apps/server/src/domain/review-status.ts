import { createHash } from 'node:crypto';
import type { ReviewRecommendation, ReviewStatus, TrustLevel, UserRole } from '@symposia/shared';

/**
 * The validation rule of peer review (issue 29, docs/REVIEW.md): one pure function from a post's
 * reviews and its reviewers' trust to the post's review status. Repositories call it in the
 * transaction of every write that can change its answer and store what it says on the post.
 */

/** What the rule is tuned by (REVIEW_VALIDATION_MIN, REVIEW_TRUSTED_LEVEL). */
export interface ReviewRule {
  /** Trusted reviewers recommending `valid` or `minor_revisions` that validate a post. */
  minValidations: number;
  /** The trust level from which a reviewer counts as trusted. */
  trustedLevel: TrustLevel;
  /**
   * A reviewer's trust level from their role and stored trust (millionths): the one computation
   * GET /auth/me shows (services/trust/trust-service.ts `levelFor`; a moderator is trusted).
   */
  levelOf: (reviewer: { role: UserRole; units: number }) => TrustLevel;
}

/** One live review (neither deleted nor hidden) as the rule sees it. */
export interface RuledReview {
  reviewerId: string;
  /** The post revision it reviews. */
  revision: number;
  /** reviewedTextOf what the reviewer read. */
  reviewedText: string;
  recommendation: ReviewRecommendation;
  trustLevel: TrustLevel;
}

/** The post as the rule sees it: who wrote it, and its current revision and text. */
export interface RuledPost {
  authorId: string;
  revision: number;
  /** reviewedTextOf its current title, summary and content. */
  text: string;
}

/** SHA-256 (hex) of what a reviewer reads of a post: its title, summary and content. */
export function reviewedTextOf(post: { title: string; summary: string; content: string }): string {
  return createHash('sha256')
    .update(JSON.stringify([post.title, post.summary, post.content]))
    .digest('hex');
}

/**
 * Whether a review counts for the post's current revision: it reviews that revision, or an
 * earlier one whose text is the same (an edit of the tags or the DOI changes nothing reviewed).
 */
export function countsForCurrent(
  review: Pick<RuledReview, 'revision' | 'reviewedText'>,
  post: Pick<RuledPost, 'revision' | 'text'>,
): boolean {
  return review.revision === post.revision || review.reviewedText === post.text;
}

/**
 * The reviews that count for the post's current revision: not the author's, of that revision or
 * of one with the same text, one per reviewer (the one of their latest revision).
 */
export function countedReviews<
  T extends Pick<RuledReview, 'reviewerId' | 'revision' | 'reviewedText'>,
>(reviews: readonly T[], post: RuledPost): T[] {
  const latest = new Map<string, T>();
  for (const review of reviews) {
    if (review.reviewerId === post.authorId || !countsForCurrent(review, post)) continue;
    const kept = latest.get(review.reviewerId);
    if (!kept || kept.revision < review.revision) latest.set(review.reviewerId, review);
  }
  return [...latest.values()];
}

const APPROVES: ReadonlySet<ReviewRecommendation> = new Set(['valid', 'minor_revisions']);

/**
 * The review status of the post's current revision and how many reviews count for it:
 *
 * 1. The reviews that count are those of the current revision (or of an earlier one with the same
 *    text), never the author's own, one per reviewer (their latest revision's).
 * 2. None: `unreviewed`.
 * 3. Trusted reviewers (at or above `trustedLevel`) both approving (`valid`, `minor_revisions`)
 *    and saying `not_valid`: `disputed`.
 * 4. At least `minValidations` trusted approvals and no trusted `not_valid`: `validated`.
 * 5. Otherwise: `in_review`.
 *
 * Validated and disputed exclude each other by construction (3 needs a trusted `not_valid`, 4
 * none).
 */
export function reviewStatusOf(
  reviews: readonly RuledReview[],
  post: RuledPost,
  rule: Pick<ReviewRule, 'minValidations' | 'trustedLevel'>,
): { status: ReviewStatus; count: number } {
  const counted = countedReviews(reviews, post);
  if (counted.length === 0) return { status: 'unreviewed', count: 0 };
  const trusted = counted.filter((review) => review.trustLevel >= rule.trustedLevel);
  const approvals = trusted.filter((review) => APPROVES.has(review.recommendation)).length;
  const rejections = trusted.filter((review) => review.recommendation === 'not_valid').length;
  let status: ReviewStatus = 'in_review';
  if (approvals > 0 && rejections > 0) status = 'disputed';
  else if (rejections === 0 && approvals >= rule.minValidations) status = 'validated';
  return { status, count: counted.length };
}
