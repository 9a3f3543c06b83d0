import { randomUUID } from 'node:crypto';
import { MESSAGES, REWARD_HISTORY_SIZE, REWARD_LEADERBOARD_SIZE } from '@symposia/shared';
import { formatTokenAmount } from '../../chain/units.js';
import type { RewardSettings } from '../../config.js';
import type { RewardEpoch } from '../../domain/reward.js';
import type { User } from '../../domain/user.js';
import { claimAllowedFrom, profileSectionShown } from '../../policies/index.js';
import type {
  DistributionDecision,
  DistributionFacts,
  NewNotification,
  RewardRepository,
} from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import type { NotificationService } from '../notifications/notification-service.js';
import { distribute } from './distribution.js';
import { epochEnded, firstEpoch, nextEpoch } from './epoch-clock.js';
import { scoreEvents, type ScoringRules } from './scoring.js';

/** The durable job that distributes an ended epoch; its subject is the epoch's number. */
export const DISTRIBUTE_REWARDS_JOB = 'distribute-rewards';

/** Epochs opened in one look at the clock at most (each ends after now, so 1 or 2 in practice). */
const MAX_EPOCHS_OPENED = 8;

export interface RewardHistoryEntry {
  epochId: number;
  score: number;
  amountUnits: bigint;
  /** When the claim that took it was made (paid, or being paid); null while claimable. */
  claimedAt: string | null;
  /** The transaction that paid it; null until the claim is sent. */
  signature: string | null;
}

export interface MemberRewardsView {
  claimableUnits: bigint;
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
  /** Told whom a distribution credited, after it is written (their live streams). */
  notifications: Pick<NotificationService, 'changed'>;
}) {
  const { rewards, settings, now } = deps;
  const rules: ScoringRules = {
    weights: settings.weights,
    minActorAgeSeconds: settings.minActorAgeSeconds,
    maxEventsPerActorDaily: settings.maxEventsPerActorDaily,
  };

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

  /** Scores, split and notices of an epoch, from what its transaction read. */
  function decide(facts: DistributionFacts, at: string): DistributionDecision {
    const { payouts, remainderUnits } = distribute({
      poolUnits: facts.epoch.poolUnits,
      maxShare: settings.maxShare,
      minPayoutUnits: settings.minPayoutUnits,
      scores: scoreEvents(facts.events, rules),
      carries: facts.carries,
    });
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
    return { payouts, remainderUnits, notices };
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
      const at = now().toISOString();
      const result = await rewards.distribute(epochId, at, (facts) => decide(facts, at));
      if (!result.distributed) return false;
      deps.notifications.changed(result.told);
      return true;
    },

    /** GET /rewards/me: the balance, the score so far, the history and the claim gates. */
    async mine(user: User): Promise<MemberRewardsView> {
      const epoch = await currentEpoch();
      const [member, events] = await Promise.all([
        rewards.memberRewards(user.id, REWARD_HISTORY_SIZE),
        rewards.events(epoch, user.id),
      ]);
      const allowedFrom = claimAllowedFrom(user.createdAt, settings.minClaimAgeSeconds);
      return {
        claimableUnits: member.claimableUnits,
        earnedUnits: member.earnedUnits,
        pendingScore: scoreEvents(events, rules).get(user.id) ?? 0,
        epoch,
        history: member.history.map((entry) => ({
          epochId: entry.epochId,
          score: entry.score,
          amountUnits: entry.amountUnits,
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

    /** Everything ever credited to the member (profile statistics). */
    earnedUnits: (userId: string) => rewards.earnedUnits(userId),
  };
}
