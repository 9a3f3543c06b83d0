import { MESSAGES, type EpochSummary, type Leaderboard, type RewardsMe } from '@symposia/shared';
import { formatTokenAmount } from '../chain/units.js';
import type { RewardEpoch } from '../domain/reward.js';
import type {
  EpochSummaryView,
  LeaderboardView,
  MemberRewardsView,
} from '../services/rewards/reward-service.js';

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
    frozen: tokens(view.frozenUnits),
    pending_score: view.pendingScore,
    epoch: { id: view.epoch.id, ends_at: view.epoch.endsAt },
    history: view.history.map((entry) => ({
      epoch: entry.epochId,
      score: entry.score,
      amount: tokens(entry.amountUnits),
      claimed_at: entry.claimedAt,
      signature: entry.signature,
      hold: entry.hold,
    })),
    total_earned: tokens(view.earnedUnits),
    claim_allowed_from: view.claimAllowedFrom,
    min_claim: tokens(view.minClaimUnits),
  };
}

const presentEntries = (entries: LeaderboardView['entries']): Leaderboard['entries'] =>
  entries.map((entry) => ({
    rank: entry.rank,
    user_id: entry.member?.id ?? null,
    username: entry.member?.username ?? MESSAGES.anonymous,
    avatar: entry.member?.avatar ?? '',
    score: entry.score,
    amount: tokens(entry.amountUnits),
  }));

/** GET /rewards/epochs/{id}: the epoch's split and what trust weighting withheld. */
export function presentEpochSummary(view: EpochSummaryView): EpochSummary {
  const { epoch, figures } = view;
  return {
    epoch: presentEpoch(epoch),
    distributed_at: epoch.distributedAt,
    pool: tokens(epoch.poolUnits),
    members_paid: figures.membersPaid,
    paid: tokens(figures.paidUnits),
    remainder: tokens(epoch.remainderUnits ?? 0n),
    top_recipients: presentEntries(view.entries),
    trust_weighting: {
      unweighted_score: figures.unweightedScore,
      weighted_score: figures.weightedScore,
      withheld: tokens(figures.withheldUnits),
    },
  };
}

/** GET /rewards/leaderboard: a member the reader may not know is 'Anonymous', without a face. */
export function presentLeaderboard(view: LeaderboardView): Leaderboard {
  return {
    epoch: view.epoch && presentEpoch(view.epoch),
    entries: presentEntries(view.entries),
  };
}
