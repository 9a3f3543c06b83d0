import { MESSAGES } from '@symposia/shared';
import type { Actor } from './content-policy.js';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * Who may offer and award review bounties (issue 29; docs/ARCHITECTURE.md §4 and §6). Whether
 * the offerer's balance (or the pool) holds the amount is the ledger's to say, in the transaction
 * that takes it; these decide on who asks.
 */

/**
 * May the actor offer a bounty on a post they may see? Any member from their own balance; from
 * the operator's pool, moderators only (403).
 */
export function decideBountyOffer(actor: Actor, facts: { fromPool: boolean }): Decision {
  if (actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  if (facts.fromPool && actor.role !== 'moderator') {
    return deny('forbidden', MESSAGES.bountyPoolModeratorsOnly);
  }
  return ALLOW;
}

/** What deciding an award needs to know of the bounty. */
export interface BountyAwardFacts {
  offererId: string;
  status: 'open' | 'closed';
  /** The deadline has passed. */
  pastDeadline: boolean;
  /** How many reviews it awarded so far. */
  awarded: number;
}

/**
 * May the actor award the bounty? Before its deadline, whoever offered it (403 for anyone else);
 * after it, a moderator, and only a bounty its offerer did not act on (awarded nothing) — until
 * it settles, when what is left goes back. A closed bounty takes no award (422).
 */
export function decideBountyAward(actor: Actor, bounty: BountyAwardFacts): Decision {
  if (actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  if (bounty.status === 'closed') return deny('invalid', MESSAGES.bountyClosed, 'review_ids');
  if (!bounty.pastDeadline) {
    return actor.id === bounty.offererId ? ALLOW : deny('forbidden', MESSAGES.bountyAwardNotYours);
  }
  return actor.role === 'moderator' && bounty.awarded === 0
    ? ALLOW
    : deny('forbidden', MESSAGES.bountyAwardModeratorLate);
}

/**
 * Whether the bounty's answer tells the viewer they may award it (`may_award`, so the screen
 * offers "Award" only then): exactly when decideBountyAward would let them, now.
 */
export function mayAwardBounty(actor: Actor, bounty: BountyAwardFacts): boolean {
  return decideBountyAward(actor, bounty).allowed;
}

/** What deciding a review's eligibility needs to know of it and of the bounty. */
export interface BountyReviewFacts {
  review: {
    postId: string;
    reviewerId: string;
    createdAt: string;
    deleted: boolean;
    hidden: boolean;
  } | null;
  bounty: { postId: string; offererId: string; createdAt: string; deadline: string };
}

/**
 * May this review be awarded this bounty? A live review (neither deleted nor hidden) of the
 * bounty's post, written while the bounty was open, by someone other than its offerer: else 422
 * on `review_ids`.
 */
export function decideBountyReview(facts: BountyReviewFacts): Decision {
  const { review, bounty } = facts;
  const eligible =
    review !== null &&
    !review.deleted &&
    !review.hidden &&
    review.postId === bounty.postId &&
    review.reviewerId !== bounty.offererId &&
    review.createdAt >= bounty.createdAt &&
    review.createdAt <= bounty.deadline;
  return eligible ? ALLOW : deny('invalid', MESSAGES.bountyReviewNotEligible, 'review_ids');
}
