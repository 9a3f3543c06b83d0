import { randomUUID } from 'node:crypto';
import {
  type DownWeighted,
  type TrustLevel,
  type TrustMarkBody,
  type TrustMarkResult,
  type TrustRecomputeResult,
  type UserRole,
} from '@symposia/shared';
import type { TrustSettings } from '../../config.js';
import type { ContributionKind } from '../../domain/reward.js';
import type { ReviewRule } from '../../domain/review-status.js';
import { trustLevelOf } from '../../domain/trust.js';
import type { User } from '../../domain/user.js';
import {
  decideModeration,
  decideTrustMark,
  isTrustSeedByRole,
  orcidSeedWeight,
} from '../../policies/index.js';
import type {
  GivenPairs,
  JobRepository,
  ReviewRepository,
  TrustRepository,
  TrustRun,
  UserRepository,
} from '../../repositories/index.js';
import type { AfterWrite } from '../after-write.js';
import { authorize } from '../authorize.js';
import type { Clock } from '../clock.js';
import type { MemoryCache } from '../memory-cache.js';
import { createVersionedCache } from '../versioned-cache.js';
import { computeTrust, type TrustEdge } from './trust-rank.js';

/** The durable job that computes every member's trust; its subject names the request. */
export const COMPUTE_TRUST_JOB = 'compute-trust';

/**
 * How much one kind of interaction endorses its recipient, for trust (docs/TRUST.md): writing to
 * someone says more than a like. A kind added later (a review) is one more entry.
 */
export const TRUST_EDGE_WEIGHTS: Readonly<Record<ContributionKind, number>> = {
  post_like: 1,
  comment_like: 0.5,
  comment_received: 2,
  reply_received: 1.5,
};

/** Edges read per computation at most: the SQL is bounded whatever the community's size. */
export const TRUST_MAX_GRAPH_ROWS = 2_000_000;
/** Accounts the moderators' down-weighted list shows, and partners shown per account. */
const DOWN_WEIGHTED_ACCOUNTS = 20;
const CLUSTER_SIZE = 5;
const DAY_MS = 86_400_000;

/**
 * The graph's edges from per-kind pair counts: each kind's weight times log2(1 + pairs), so the
 * hundredth like from one member to another adds far less than the first.
 */
export function edgesOf(given: readonly GivenPairs[]): TrustEdge[] {
  return given.map((row) => ({
    from: row.actorId,
    to: row.recipientId,
    weight: (TRUST_EDGE_WEIGHTS[row.kind] ?? 0) * Math.log2(1 + row.pairs),
  }));
}

/**
 * The review status rule (docs/REVIEW.md) with the levels GET /auth/me shows: a member's level
 * from their stored trust and the thresholds, a moderator trusted (a seed by their role).
 */
export function reviewRuleOf(settings: TrustSettings): ReviewRule {
  return {
    minValidations: settings.reviews.validationMin,
    trustedLevel: settings.reviews.trustedLevel,
    levelOf: (member: { role: UserRole; units: number }): TrustLevel =>
      isTrustSeedByRole(member.role) ? 3 : trustLevelOf(member.units, settings.thresholds),
  };
}

export type TrustService = ReturnType<typeof createTrustService>;

/**
 * Community trust (issue 28, docs/TRUST.md): the job that computes it (the graph loaded in SQL,
 * the scores by services/trust/trust-rank.ts, stored in one transaction), the moderators' marks,
 * recompute requests and the down-weighted accounts, and the levels everyone is shown.
 */
export function createTrustService(deps: {
  trust: TrustRepository;
  users: UserRepository;
  jobs: JobRepository;
  settings: TrustSettings;
  /** REWARD_WEIGHT_*: the points the down-weighted list counts signals in. */
  rewardWeights: Readonly<Record<ContributionKind, number>>;
  /** REWARD_EPOCH_SECONDS: the down-weighted list covers one epoch's length of signals. */
  epochSeconds: number;
  maxJobAttempts: number;
  now: Clock;
  /**
   * The review status of reviewed posts, computed again with the new levels after each run
   * (issue 29; at most REVIEW_RECOMPUTE_MAX_POSTS), and the after-write step that tells the
   * caches of the posts whose status moved.
   */
  reviews?: Pick<ReviewRepository, 'recomputeReviewed'>;
  afterWrite?: AfterWrite;
  /** Keeps the levels members are shown (absent: read each time, as the worker does). */
  publicCache?: MemoryCache;
}) {
  const { trust, users, now, settings } = deps;
  const reviewRule = reviewRuleOf(settings);
  // The levels members are shown, kept while no change moves the content version (a trust run
  // does: `trustLevels` in its after-write step) and for at most PUBLIC_CACHE_TTL_MS.
  const levels =
    deps.publicCache &&
    createVersionedCache<TrustLevel>({ cache: deps.publicCache, namespace: 'trust-level' });
  const levelFor = reviewRule.levelOf;

  /** Loads the graph, computes every member's trust and stores it with the run. */
  async function recompute(): Promise<TrustRun> {
    const at = now();
    const until = at.toISOString();
    const since = new Date(at.getTime() - settings.graphWindowDays * DAY_MS).toISOString();
    const [members, marks, given] = await Promise.all([
      trust.members(),
      trust.marks(),
      trust.givenPairs(since, until, TRUST_MAX_GRAPH_ROWS),
    ]);
    const distrusted = marks.filter((mark) => !mark.seed).map((mark) => mark.userId);
    const seeds = [
      ...members.filter((member) => isTrustSeedByRole(member.role)).map((member) => member.id),
      ...marks.filter((mark) => mark.seed).map((mark) => mark.userId),
    ];
    // Issue 30: a linked ORCID iD makes a seed of TRUST_ORCID_SEED_WEIGHT (0: none).
    const weightedSeeds = members
      .map((member) => ({
        id: member.id,
        weight: orcidSeedWeight(member, settings.orcidSeedWeight),
      }))
      .filter((seed) => seed.weight > 0);
    const result = computeTrust({
      members: members.map((member) => member.id),
      edges: edgesOf(given),
      seeds,
      weightedSeeds,
      distrusted,
      // Issue 30: a verified email address is a small trust signal (docs/TRUST.md).
      verified: members.filter((member) => member.emailVerified).map((member) => member.id),
    });
    const run: TrustRun = {
      id: randomUUID(),
      computedAt: until,
      members: members.length,
      edges: result.edges,
      seeds: result.seeds,
      iterations: result.steps,
    };
    await trust.storeRun(run, result.units);
    const moved = deps.reviews
      ? await deps.reviews.recomputeReviewed(reviewRule, settings.reviews.recomputeMaxPosts, until)
      : [];
    // The levels shown (GET /auth/me, profiles) are kept until a run moves them.
    await deps.afterWrite?.({ trustLevels: true, posts: moved });
    return run;
  }

  return {
    recompute,

    /** The review status rule with the levels GET /auth/me shows (domain/review-status.ts). */
    reviewRule,

    /** Recomputes unless a run at or after `at` exists (the distribution's trust is its end's). */
    async ensureComputedSince(at: string): Promise<TrustRun> {
      const latest = await trust.latestRun();
      if (latest && latest.computedAt >= at) return latest;
      return recompute();
    },

    /**
     * Whether signals weigh their actors' trust: only once a run had a seed. Without one (no
     * moderator, nobody marked trusted) trust has no anchor, every score would be 0, and
     * signals count as before issue 28.
     */
    async weighsTrust(): Promise<boolean> {
      return ((await trust.latestRun())?.seeds ?? 0) > 0;
    },

    /**
     * The member's level (what anyone is shown; never the score). A moderator is a seed by their
     * role, trusted from the start.
     */
    async levelOf(user: Pick<User, 'id' | 'role'>): Promise<TrustLevel> {
      if (isTrustSeedByRole(user.role)) return 3;
      const load = async () =>
        levelFor({
          role: user.role,
          units: (await trust.unitsOf([user.id])).get(user.id) ?? 0,
        });
      return levels ? levels.get(`${user.id}:${user.role}`, load) : load();
    },

    /** POST /moderation/users/{id}/trust: the mark, logged; a recompute is queued. */
    async mark(moderator: User, userId: string, body: TrustMarkBody): Promise<TrustMarkResult> {
      authorize(decideModeration(moderator));
      const target = await users.findById(userId);
      authorize(decideTrustMark(moderator, target ? { role: target.role } : null, body.seed));
      const markedAt = now().toISOString();
      await trust.mark({
        userId,
        seed: body.seed,
        note: body.note,
        markedBy: moderator.id,
        markedAt,
      });
      await queueRecompute();
      return { user_id: userId, seed: body.seed, note: body.note, marked_at: markedAt };
    },

    /**
     * A member linked or unlinked an ORCID iD, or joined with one: when linked iDs seed trust
     * (TRUST_ORCID_SEED_WEIGHT above 0), a computation is queued so their trust follows.
     */
    async seedsChanged(): Promise<void> {
      if (settings.orcidSeedWeight > 0) await queueRecompute();
    },

    /** POST /moderation/trust/recompute: queues the job (202); the worker runs it. */
    async requestRecompute(moderator: User): Promise<TrustRecomputeResult> {
      authorize(decideModeration(moderator));
      return queueRecompute();
    },

    /**
     * GET /moderation/trust/down-weighted: the accounts whose standing signals of the last
     * epoch's length trust weighting discounts most, with whom they gave most to.
     */
    async downWeighted(moderator: User): Promise<DownWeighted> {
      authorize(decideModeration(moderator));
      const at = now();
      const until = at.toISOString();
      const since = new Date(at.getTime() - deps.epochSeconds * 1000).toISOString();
      const weights = deps.rewardWeights;
      const rows = await trust.downWeighted(since, until, weights, DOWN_WEIGHTED_ACCOUNTS);
      const actorIds = rows.map((row) => row.actorId);
      const clusters = await trust.clusters(actorIds, since, until, weights, CLUSTER_SIZE);
      const everyone = [
        ...new Set([
          ...actorIds,
          ...[...clusters.values()].flat().map((entry) => entry.recipientId),
        ]),
      ];
      const [accounts, units, marks, latest] = await Promise.all([
        trust.people(everyone),
        trust.unitsOf(everyone),
        trust.marksOf(everyone),
        trust.latestRun(),
      ]);
      const byId = new Map(accounts.map((user) => [user.id, user]));
      const member = (id: string) => {
        const user = byId.get(id);
        return {
          id,
          username: user?.username ?? '',
          avatar: user?.avatar ?? '',
          trust_level: levelFor({ role: user?.role ?? 'member', units: units.get(id) ?? 0 }),
          seed: marks.get(id) ?? null,
        };
      };
      return {
        since,
        computed_at: latest?.computedAt ?? null,
        accounts: rows
          .filter((row) => byId.has(row.actorId))
          .map((row) => ({
            ...member(row.actorId),
            given: row.given,
            withheld: row.withheld,
            cluster: (clusters.get(row.actorId) ?? [])
              .filter((entry) => byId.has(entry.recipientId))
              .map((entry) => ({ ...member(entry.recipientId), given: entry.given })),
          })),
      };
    },
  };

  async function queueRecompute(): Promise<TrustRecomputeResult> {
    const queuedAt = now().toISOString();
    const id = randomUUID();
    // One job per request: its subject names it, so a finished run never swallows a new request.
    await deps.jobs.enqueue({
      id,
      kind: COMPUTE_TRUST_JOB,
      subjectId: `request:${queuedAt}:${id}`,
      maxAttempts: deps.maxJobAttempts,
      at: queuedAt,
    });
    return { job_id: id, queued_at: queuedAt };
  }
}
