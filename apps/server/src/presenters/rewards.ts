import { MESSAGES, type Leaderboard, type RewardsMe } from '@symposia/shared';
import { formatTokenAmount } from '../chain/units.js';
import type { RewardEpoch } from '../domain/reward.js';
import type { LeaderboardView, MemberRewardsView } from '../services/rewards/reward-service.js';

/** Amounts go out as decimal strings of whole tokens ("12.5"), never as floats. */
const tokens = (units: bigint) => formatTokenAmount(units);

const presentEpoch = (epoch: RewardEpoch) => ({
  id: epoch.id,
  starts_at: epoch.startsAt,
  ends_at: epoch.endsAt,
});

/** GET /rewards/me. */
export function presentMemberRewards(view: MemberRewardsView): RewardsMe {
  return {
    claimable: tokens(view.claimableUnits),
    pending_score: view.pendingScore,
    epoch: { id: view.epoch.id, ends_at: view.epoch.endsAt },
    history: view.history.map((entry) => ({
      epoch: entry.epochId,
      score: entry.score,
      amount: tokens(entry.amountUnits),
      claimed_at: entry.claimedAt,
      signature: entry.signature,
    })),
    total_earned: tokens(view.earnedUnits),
    claim_allowed_from: view.claimAllowedFrom,
    min_claim: tokens(view.minClaimUnits),
  };
}

/** GET /rewards/leaderboard: a member the reader may not know is 'Anonymous', without a face. */
export function presentLeaderboard(view: LeaderboardView): Leaderboard {
  return {
    epoch: view.epoch && presentEpoch(view.epoch),
    entries: view.entries.map((entry) => ({
      rank: entry.rank,
      user_id: entry.member?.id ?? null,
      username: entry.member?.username ?? MESSAGES.anonymous,
      avatar: entry.member?.avatar ?? '',
      score: entry.score,
      amount: tokens(entry.amountUnits),
    })),
  };
}
