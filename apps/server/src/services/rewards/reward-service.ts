import { randomUUID } from 'node:crypto';
import { MESSAGES, REWARD_HISTORY_SIZE, REWARD_LEADERBOARD_SIZE } from '@symposia/shared';
import { formatTokenAmount } from '../../chain/units.js';
import type { RewardSettings } from '../../config.js';
import type { RewardEpoch, RewardPayout } from '../../domain/reward.js';
import type { User } from '../../domain/user.js';
import { claimAllowedFrom, profileSectionShown } from '../../policies/index.js';
import type {
  DistributionDecision,
  DistributionFacts,
  NewNotification,
  RewardRepository,
} from '../../repositories/index.js';
import type { EpochFigures, ScoringCriteria } from '../../repositories/reward-repository.js';
import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import type { AfterWrite } from '../after-write.js';
import type { TrustService } from '../trust/trust-service.js';
import { distribute } from './distribution.js';
import { epochEnded, firstEpoch, nextEpoch } from './epoch-clock.js';
import { countingKinds, reviewWeights, scoresOf } from './scoring.js';

/** The durable job that distributes an ended epoch; its subject is the epoch's number. */
export const DISTRIBUTE_REWARDS_JOB = 'distribute-rewards';

/** The sum of a map's scores, in member order (the same number however it was built). */
function total(scores: ReadonlyMap<string, number>): number {
  return [...scores.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .reduce((sum, [, score]) => sum + score, 0);
}

/**
 * What trust weighting withheld: the units each member would have been due (credited or
 * carried) under unweighted scoring beyond what they are due now, summed.
 */
function withheldByTrust(
  unweighted: readonly RewardPayout[],
  weighted: readonly RewardPayout[],
): { withheldUnits: bigint } {
  const due = new Map(weighted.map((p) => [p.userId, p.amountUnits + p.carryUnits]));
  let withheldUnits = 0n;
  for (const payout of unweighted) {
    const lost = payout.amountUnits + payout.carryUnits - (due.get(payout.userId) ?? 0n);
    if (lost > 0n) withheldUnits += lost;
  }
  return { withheldUnits };
}

/** Epochs opened in one look at the clock at most (each ends after now, so 1 or 2 in practice). */
const MAX_EPOCHS_OPENED = 8;

export interface RewardHistoryEntry {
  epochId: number;
  score: number;
  amountUnits: bigint;
  /** Frozen while the moderators decide, or forfeited to the pool (issue 28); null: neither. */
  hold: 'frozen' | 'forfeited' | null;
  /** When the claim that took it was made (paid, or being paid); null while claimable. */
  claimedAt: string | null;
  /** The transaction that paid it; null until the claim is sent. */
  signature: string | null;
}

export interface MemberRewardsView {
  claimableUnits: bigint;
  /** Not claimable until a moderator releases it (issue 28). */
  frozenUnits: bigint;
  earnedUnits: bigint;
  pendingScore: number;
  epoch: RewardEpoch;
  history: RewardHistoryEntry[];
  /** When the member's account is old enough to claim; null when it is already. */
  claimAllowedFrom: string | null;
  minClaimUnits: bigint;
}

export interface LeaderboardView {
  epoch: RewardEpoch | null;
  entries: {
    rank: number;
    /** Null for a member whose statistics are private to the reader. */
    member: { id: string; username: string; avatar: string } | null;
    score: number;
    amountUnits: bigint;
  }[];
}

export interface EpochSummaryView {
  epoch: RewardEpoch;
  figures: EpochFigures;
  entries: LeaderboardView['entries'];
}

export type RewardService = ReturnType<typeof createRewardService>;

/**
 * Contribution rewards (issue 16): the epoch clock, the distribution of ended epochs (as a durable
 * job), what a member has earned and the leaderboard. The rules are pure functions beside this
 * file: scoring.ts (what signals count), distribution.ts (how the pool is split), epoch-clock.ts.
 */
export function createRewardService(deps: {
  rewards: RewardRepository;
  settings: RewardSettings;
  /** JOB_MAX_ATTEMPTS of a distribution job (failed ones are queued again by `tick`). */
  maxJobAttempts: number;
  now: Clock;
  /**
   * Told whom a distribution credited, after it is written (their live streams;
   * services/after-write.ts).
   */
  afterWrite: AfterWrite;
  /** Community trust (services/trust/): computed for an epoch's end before it is scored. */
  trust: Pick<TrustService, 'ensureComputedSince' | 'weighsTrust'>;
}) {
  const { rewards, settings, now, trust } = deps;
  // Every kind's weight, the review kinds' from the REWARD_*REVIEW* settings (issue 29).
  const weights = { ...settings.weights, ...reviewWeights(settings.reviews) };
  // scoring.ts's rules, applied by the repository's query (countedPairs); the weights are applied
  // here, to the counts it returns. `at`: when it counts (a suspended member's marks count not).
  const criteriaWith = (weighByTrust: boolean, at: string): ScoringCriteria => ({
    kinds: countingKinds(settings.weights),
    minActorAgeSeconds: settings.minActorAgeSeconds,
    maxEventsPerActorDaily: settings.maxEventsPerActorDaily,
    weighByTrust,
    reviews: {
      counts: {
        review_rating: weights.review_rating > 0,
        review_helpful: weights.review_helpful > 0,
      },
      maxPerReviewerDaily: settings.reviews.maxPerReviewerDaily,
      maxHelpfulPerReview: settings.reviews.maxHelpfulPerReview,
      at,
    },
  });

  /** The epoch running now, opening it (and any before it) when the clock passed the last. */
  async function currentEpoch(): Promise<RewardEpoch> {
    const at = now();
    let latest = await rewards.latestEpoch();
    for (let opened = 0; opened < MAX_EPOCHS_OPENED; opened += 1) {
      if (latest && !epochEnded(latest, at)) return latest;
      const span = latest
        ? nextEpoch(latest, at, settings.epochSeconds)
        : firstEpoch(at, settings.epochSeconds);
      await rewards.openEpoch({ ...span, poolUnits: settings.poolUnits });
      latest = await rewards.latestEpoch();
    }
    if (!latest) throw new Error('no reward epoch could be opened');
    return latest;
  }

  /** Split and notices of an epoch, from its scores and what its transaction read. */
  function decide(
    facts: DistributionFacts,
    scores: { weighted: ReadonlyMap<string, number>; unweighted: ReadonlyMap<string, number> },
    at: string,
  ): DistributionDecision {
    const split = (of: ReadonlyMap<string, number>) =>
      distribute({
        poolUnits: facts.epoch.poolUnits,
        maxShare: settings.maxShare,
        minPayoutUnits: settings.minPayoutUnits,
        scores: of,
        carries: facts.carries,
      });
    const { payouts, remainderUnits } = split(scores.weighted);
    const trustWeighting = {
      ...withheldByTrust(split(scores.unweighted).payouts, payouts),
      unweightedScore: total(scores.unweighted),
      weightedScore: total(scores.weighted),
    };
    const notices: NewNotification[] = payouts
      .filter((payout) => payout.amountUnits > 0n)
      .map((payout) => ({
        recipientId: payout.userId,
        type: 'reward',
        actorId: null,
        postId: null,
        commentId: null,
        excerpt: formatTokenAmount(payout.amountUnits),
        groupKey: `reward:${facts.epoch.id}`,
        at,
      }));
    return { payouts, remainderUnits, notices, trustWeighting };
  }

  return {
    currentEpoch,

    /**
     * Looks at the clock (at start-up and every minute, plugins/reward-clock.ts): opens the epoch
     * running now and queues the distribution job of every ended epoch not yet distributed. Any
     * number of processes may do this at once: one epoch row and one job per epoch are written.
     * Returns the epochs whose job it queued (or found queued).
     */
    async tick(): Promise<number[]> {
      await currentEpoch();
      const at = now().toISOString();
      const ended = await rewards.endedUndistributed(at);
      for (const epoch of ended) {
        await rewards.scheduleJob({
          id: randomUUID(),
          kind: DISTRIBUTE_REWARDS_JOB,
          subjectId: String(epoch.id),
          maxAttempts: deps.maxJobAttempts,
          at,
        });
      }
      return ended.map((epoch) => epoch.id);
    },

    /**
     * The job: splits the ended epoch's pool among the members by score, credits them and tells
     * them (a `reward` notification). Runs once per epoch however often it is called, at once or
     * not: the transaction holds the epoch, and a distributed epoch is left alone. Returns whether
     * this call distributed it.
     */
    async distributeEpoch(epochId: number): Promise<boolean> {
      const epoch = await rewards.findEpoch(epochId);
      if (!epoch || epoch.distributedAt !== null) return false;
      // The job is queued only once the epoch is over; a clock behind that retries later.
      if (!epochEnded(epoch, now())) throw new Error(`reward epoch ${epochId} is not over yet`);
      // Trust as of the epoch's end weighs its signals (issue 28): computed now unless a run
      // since then exists, so every epoch is scored on trust at least as fresh as its end.
      await trust.ensureComputedSince(epoch.endsAt);
      // Scored before the write transaction, from per-member totals: the epoch is over, so its
      // signals are settled, and the transaction only splits and writes.
      const counted = await rewards.countedPairs(
        epoch,
        criteriaWith(await trust.weighsTrust(), now().toISOString()),
      );
      const scores = {
        weighted: scoresOf(counted, weights),
        unweighted: scoresOf(counted, weights, { unweighted: true }),
      };
      const at = now().toISOString();
      const result = await rewards.distribute(epochId, at, (facts) => decide(facts, scores, at));
      if (!result.distributed) return false;
      await deps.afterWrite({ notify: result.told });
      return true;
    },

    /** GET /rewards/me: the balance, the score so far, the history and the claim gates. */
    async mine(user: User): Promise<MemberRewardsView> {
      const epoch = await currentEpoch();
      const [member, counted] = await Promise.all([
        rewards.memberRewards(user.id, REWARD_HISTORY_SIZE),
        rewards.countedPairs(
          epoch,
          criteriaWith(await trust.weighsTrust(), now().toISOString()),
          user.id,
        ),
      ]);
      const allowedFrom = claimAllowedFrom(user.createdAt, settings.minClaimAgeSeconds);
      return {
        claimableUnits: member.claimableUnits,
        frozenUnits: member.frozenUnits,
        earnedUnits: member.earnedUnits,
        pendingScore: scoresOf(counted, weights).get(user.id) ?? 0,
        epoch,
        history: member.history.map((entry) => ({
          epochId: entry.epochId,
          score: entry.score,
          amountUnits: entry.amountUnits,
          hold: entry.hold === 'frozen' || entry.hold === 'forfeited' ? entry.hold : null,
          claimedAt:
            entry.claim === null
              ? null
              : entry.claim.status === 'sent'
                ? (entry.claim.completedAt ?? entry.claim.createdAt)
                : entry.claim.createdAt,
          signature: entry.claim?.status === 'sent' ? entry.claim.signature : null,
        })),
        claimAllowedFrom:
          now().getTime() < allowedFrom ? new Date(allowedFrom).toISOString() : null,
        minClaimUnits: settings.minClaimUnits,
      };
    },

    /**
     * GET /rewards/leaderboard: the epoch's top members by amount (the last distributed epoch by
     * default). A member whose statistics the reader may not see (policies: profileSectionShown)
     * is shown without name or face.
     */
    async leaderboard(reader: User | null, epochId?: number): Promise<LeaderboardView> {
      const epoch =
        epochId === undefined
          ? await rewards.lastDistributedEpoch()
          : await rewards.findEpoch(epochId);
      if (!epoch) {
        if (epochId === undefined) return { epoch: null, entries: [] };
        throw new NotFoundError(MESSAGES.rewardEpochNotFound);
      }
      const rows = await rewards.leaderboard(epoch.id, REWARD_LEADERBOARD_SIZE);
      const viewer = reader && { id: reader.id, role: reader.role };
      return {
        epoch,
        entries: rows.map((row, index) => ({
          rank: index + 1,
          member: profileSectionShown(viewer, row.user, 'public_statistics')
            ? { id: row.user.id, username: row.user.username, avatar: row.user.avatar }
            : null,
          score: row.score,
          amountUnits: row.amountUnits,
        })),
      };
    },

    /**
     * GET /rewards/epochs/{id} (public, issue 28): the epoch's pool, how many members it paid,
     * its top recipients as the leaderboard shows them, and what trust weighting withheld.
     */
    async epochSummary(reader: User | null, epochId: number): Promise<EpochSummaryView> {
      const [board, figures] = await Promise.all([
        this.leaderboard(reader, epochId),
        rewards.epochFigures(epochId),
      ]);
      const epoch = board.epoch!;
      return { epoch, figures, entries: board.entries };
    },

    /** Everything ever credited to the member (profile statistics). */
    earnedUnits: (userId: string) => rewards.earnedUnits(userId),
  };
}
