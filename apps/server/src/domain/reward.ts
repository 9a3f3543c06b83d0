/**
 * The kinds of contribution signal (issue 16), each with its REWARD_WEIGHT_*: a like received on
 * a post or on a comment, a comment received on a post, a reply received on a comment.
 */
export const CONTRIBUTION_KINDS = [
  'post_like',
  'comment_like',
  'comment_received',
  'reply_received',
] as const;
export type ContributionKind = (typeof CONTRIBUTION_KINDS)[number];

/**
 * The review signals (issue 29), read from the review tables when an epoch is scored rather than
 * recorded as events: a step of the post author's rating above the lowest, and a reader's helpful
 * mark, each received by the reviewer (services/rewards/scoring.ts `countReviews`).
 */
export const REVIEW_SIGNAL_KINDS = ['review_rating', 'review_helpful'] as const;
export type ReviewSignalKind = (typeof REVIEW_SIGNAL_KINDS)[number];

/** Every kind a score adds up, in the order it adds them. */
export const SCORED_KINDS = [...CONTRIBUTION_KINDS, ...REVIEW_SIGNAL_KINDS] as const;
export type ScoredKind = (typeof SCORED_KINDS)[number];

/**
 * A live review (neither it nor its post deleted or hidden) written in the epoch, as scoring
 * reads it: who wrote it, whose post it reviews, the author's rating and the readers' marks.
 */
export interface ScoredReview {
  id: string;
  reviewerId: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  reviewerCreatedAt: string;
  postAuthorId: string;
  postAuthorCreatedAt: string;
  /** The post author is suspended when the epoch is scored: their rating counts nothing. */
  postAuthorSuspended: boolean;
  /** The post author's rating, REVIEW_SCORE_MIN to REVIEW_SCORE_MAX; null when not rated. */
  authorRating: number | null;
  /**
   * The readers' helpful marks (review_helpful); `userSuspended`: its giver is suspended when the
   * epoch is scored, so it counts nothing (repositories/signal-voids.ts).
   */
  marks: { userId: string; createdAt: string; userCreatedAt: string; userSuspended: boolean }[];
}

/** A reward epoch: numbered from 1, back to back; its end is not part of it. */
export interface RewardEpoch {
  id: number;
  startsAt: string;
  endsAt: string;
  poolUnits: bigint;
  /** Set when distributed: what rounding and the share cap left unpaid. */
  remainderUnits: bigint | null;
  distributedAt: string | null;
}

/** A contribution signal as an epoch's scoring reads it (services/rewards/scoring.ts). */
export interface ScoredEvent {
  id: string;
  kind: ContributionKind;
  recipientId: string;
  actorId: string;
  /** The post or comment whose author receives; with actor and kind, the pair counted once. */
  targetId: string;
  delta: 1 | -1;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** When the actor's account was made. */
  actorCreatedAt: string;
  /** The pair had events before the epoch began. */
  pairSeenBefore: boolean;
}

/** What one member is credited for one epoch. */
export interface RewardPayout {
  userId: string;
  score: number;
  /** Credited: share plus carry, or 0 when that is below REWARD_MIN_PAYOUT. */
  amountUnits: bigint;
  /** Carried on to the member's next payout. */
  carryUnits: bigint;
}

/** REWARD_MAX_SHARE as parts per billion. */
const SHARE_SCALE = 1_000_000_000;

/** The most one member is credited for an epoch: REWARD_MAX_SHARE of the pool, rounded down. */
export function shareCapUnits(poolUnits: bigint, maxShare: number): bigint {
  return (poolUnits * BigInt(Math.round(maxShare * SHARE_SCALE))) / BigInt(SHARE_SCALE);
}
