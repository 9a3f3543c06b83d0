import type { Bounty as BountyAnswer } from '@symposia/shared';
import type { ShownBounty } from '../services/bounties/bounty-service.js';

/** A bounty as the API shows it (packages/shared/src/schemas/bounties.ts): amounts in units. */
export function presentBounty(bounty: ShownBounty): BountyAnswer {
  const offerer = bounty.fromPool || bounty.offerer === null ? null : bounty.offerer;
  return {
    id: bounty.id,
    post_id: bounty.postId,
    offerer: offerer && { id: offerer.id, username: offerer.username, avatar: offerer.avatar },
    from_pool: bounty.fromPool,
    amount: bounty.units.toString(),
    max_awards: bounty.maxAwards,
    deadline: bounty.deadline,
    status: bounty.status,
    awarded: bounty.awards.map((award) => ({
      review_id: award.reviewId,
      amount: award.units.toString(),
      awarded_at: award.awardedAt,
    })),
    refunded_amount: bounty.refundedUnits === null ? null : bounty.refundedUnits.toString(),
    created_at: bounty.createdAt,
    may_award: bounty.mayAward,
  };
}
