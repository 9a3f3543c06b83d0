import { REVIEW_SCORE_MAX, REVIEW_SCORE_MIN } from '@symposia/shared';
import {
  CONTRIBUTION_KINDS,
  SCORED_KINDS,
  type ContributionKind,
  type ReviewSignalKind,
  type ScoredEvent,
  type ScoredKind,
  type ScoredReview,
} from '../../domain/reward.js';
import { TRUST_SCALE } from '../../domain/trust.js';

/**
 * What an epoch's contribution signals are worth (issue 16), as a pure function of its events.
 *
 * Events are grouped by pair — one actor, one target, one kind (a like of a post, the comments of
 * one member on a post…) — and a pair counts at most once, net of its reversals:
 * - it counts only if its events sum to more than 0 by the epoch's end, so a like toggled any
 *   number of times is worth one like at most, and a deleted or hidden comment nothing;
 * - it counts in one epoch only: a pair with events before this epoch counted (or not) then;
 * - an actor counting for themself counts nothing;
 * - the actor's account must be REWARD_MIN_ACTOR_AGE_SECONDS old when the pair began to stand
 *   (the first time its sum went above 0 and stayed there);
 * - an actor's pairs count REWARD_MAX_EVENTS_PER_ACTOR_DAILY a UTC day at most, the earliest first.
 * Each counted pair adds its kind's weight, times the actor's trust (issue 28, docs/TRUST.md), to
 * the score of the member receiving it: a like from an account the trusted part of the community
 * never endorsed adds nothing. The caps above are counted in pairs, before trust, so an
 * untrusted actor's pairs still use their daily cap. Trust is in whole millionths (TRUST_SCALE),
 * so a kind's trust adds up exactly in SQL and here; without trust (no seed to anchor it), every
 * actor weighs 1.
 *
 * Events of content hidden or deleted by the time of scoring are left out before this runs.
 *
 * This is the reference: the server applies the same rules in SQL (`countedPairs` in
 * repositories/reward-repository.ts), which returns the counted pairs per member and kind rather
 * than every event, and scores them with `scoresOf` below; scoring-sql.property.test.ts checks
 * on random signals that both give the same scores.
 */

export interface ScoringRules {
  /** Each kind's weight; a review kind left out weighs nothing (reviewWeights gives them). */
  weights: Readonly<Record<ContributionKind, number>> & Partial<Record<ReviewSignalKind, number>>;
  minActorAgeSeconds: number;
  maxEventsPerActorDaily: number;
  /** The caps of the review signals (countReviews); absent: reviews count nothing. */
  reviews?: ReviewCaps;
}

/** REWARD_REVIEW_MAX_DAILY and REWARD_REVIEW_MAX_HELPFUL. */
export interface ReviewCaps {
  /** A reviewer's reviews counted per UTC day, the earliest first. */
  maxPerReviewerDaily: number;
  /** Helpful marks counted per review, the earliest first. */
  maxHelpfulPerReview: number;
}

/**
 * The review kinds' weights from REWARD_WEIGHT_REVIEW and REWARD_REVIEW_HELPFUL_SHARE: a review
 * its post's author rated the highest earns the whole weight (each step above the lowest a
 * quarter of it; the lowest nothing), and each reader's helpful mark `helpfulShare` of it — each
 * times its giver's trust, as every signal.
 */
export function reviewWeights(review: {
  weight: number;
  helpfulShare: number;
}): Record<ReviewSignalKind, number> {
  return {
    review_rating: review.weight / (REVIEW_SCORE_MAX - REVIEW_SCORE_MIN),
    review_helpful: review.weight * review.helpfulShare,
  };
}

interface StandingPair {
  kind: ContributionKind;
  recipientId: string;
  actorId: string;
  /** When the pair began to stand: its sum went above 0 and stayed there. */
  since: string;
  /** The event that made it stand: a tie-breaker with `since`. */
  sinceId: string;
}

/** The kinds that weigh more than 0: the others count nothing and use none of the daily cap. */
export const countingKinds = (weights: ScoringRules['weights']): ContributionKind[] =>
  CONTRIBUTION_KINDS.filter((kind) => (weights[kind] ?? 0) > 0);

/**
 * How many pairs of one kind one member received that count, and their actors' trust. For
 * `review_rating` a pair is one step of a rating above the lowest (a 5 is four), for
 * `review_helpful` one reader's mark.
 */
export interface ReceivedPairs {
  recipientId: string;
  kind: ScoredKind;
  pairs: number;
  /** The sum of the pairs' actors' trust, in millionths (pairs × TRUST_SCALE unweighted). */
  trustUnits: number;
}

/**
 * Member → score from their counted pairs: each kind's weight times its trust-weighted count
 * (or, `unweighted`, its count: today's scoring before issue 28), added in the order of
 * SCORED_KINDS, so a score is the same number however its pairs were counted (weights may
 * be decimals, whose sums depend on the order of addition).
 */
export function scoresOf(
  counts: Iterable<ReceivedPairs>,
  weights: ScoringRules['weights'],
  options: { unweighted?: boolean } = {},
): Map<string, number> {
  const perMember = new Map<string, Map<ScoredKind, number>>();
  for (const { recipientId, kind, pairs, trustUnits } of counts) {
    if (!(pairs > 0) || !((weights[kind] ?? 0) > 0)) continue;
    const units = options.unweighted ? pairs * TRUST_SCALE : trustUnits;
    const kinds = perMember.get(recipientId) ?? new Map<ScoredKind, number>();
    kinds.set(kind, (kinds.get(kind) ?? 0) + units);
    perMember.set(recipientId, kinds);
  }
  const scores = new Map<string, number>();
  for (const [recipientId, kinds] of perMember) {
    let score = 0;
    for (const kind of SCORED_KINDS) {
      const units = kinds.get(kind);
      // Units / TRUST_SCALE is exact for whole pairs, so unweighted scores are today's exactly.
      if (units) score += (weights[kind] ?? 0) * (units / TRUST_SCALE);
    }
    // A member whose actors all had trust 0 scores nothing and is left out, as before any signal.
    if (score > 0) scores.set(recipientId, score);
  }
  return scores;
}

/** Member → trust in millionths; null: trust is not weighed (every actor weighs TRUST_SCALE). */
export type ActorTrust = ReadonlyMap<string, number> | null;

/** An actor's weight: their trust, 0 when they have none, TRUST_SCALE when trust is not weighed. */
export const trustOfActor = (trust: ActorTrust, actorId: string) =>
  trust === null ? TRUST_SCALE : (trust.get(actorId) ?? 0);

const byTime = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

/** The pair's standing at the end of its events, or null when it does not stand. */
function standing(events: ScoredEvent[]): StandingPair | null {
  const sorted = [...events].sort(byTime);
  let sum = 0;
  let since: ScoredEvent | null = null;
  for (const event of sorted) {
    const before = sum;
    sum += event.delta;
    if (before <= 0 && sum > 0) since = event;
    if (sum <= 0) since = null;
  }
  const first = sorted[0];
  if (!first || !since || sum <= 0) return null;
  return {
    kind: first.kind,
    recipientId: first.recipientId,
    actorId: first.actorId,
    since: since.createdAt,
    sinceId: since.id,
  };
}

const oldEnough = (pair: StandingPair, actorCreatedAt: string, minAgeSeconds: number) =>
  Date.parse(pair.since) - Date.parse(actorCreatedAt) >= minAgeSeconds * 1000;

/** Member → score for the epoch the events belong to; members scoring nothing are absent. */
export function scoreEvents(
  events: readonly ScoredEvent[],
  rules: ScoringRules,
  trust: ActorTrust = null,
): Map<string, number> {
  return scoresOf(countEvents(events, rules, trust), rules.weights);
}

/** The pairs that count, per member and kind, with their actors' trust (scoresOf scores them). */
export function countEvents(
  events: readonly ScoredEvent[],
  rules: ScoringRules,
  trust: ActorTrust = null,
): ReceivedPairs[] {
  const pairs = new Map<string, ScoredEvent[]>();
  const actorAge = new Map<string, string>();
  for (const event of events) {
    // Oneself, and pairs that had their epoch already, count nothing.
    if (event.actorId === event.recipientId || event.pairSeenBefore) continue;
    if (!((rules.weights[event.kind] ?? 0) > 0)) continue;
    const key = `${event.kind}\u0000${event.actorId}\u0000${event.targetId}`;
    const list = pairs.get(key);
    if (list) list.push(event);
    else pairs.set(key, [event]);
    actorAge.set(event.actorId, event.actorCreatedAt);
  }

  // Standing pairs of actors old enough, per actor and UTC day, earliest first.
  const perActorDay = new Map<string, StandingPair[]>();
  for (const list of pairs.values()) {
    const pair = standing(list);
    if (!pair) continue;
    if (!oldEnough(pair, actorAge.get(pair.actorId) ?? pair.since, rules.minActorAgeSeconds)) {
      continue;
    }
    const key = `${pair.actorId}\u0000${pair.since.slice(0, 10)}`;
    const day = perActorDay.get(key);
    if (day) day.push(pair);
    else perActorDay.set(key, [pair]);
  }

  const counted: ReceivedPairs[] = [];
  for (const day of perActorDay.values()) {
    day.sort((a, b) =>
      byTime({ createdAt: a.since, id: a.sinceId }, { createdAt: b.since, id: b.sinceId }),
    );
    for (const pair of day.slice(0, rules.maxEventsPerActorDaily)) {
      counted.push({
        recipientId: pair.recipientId,
        kind: pair.kind,
        pairs: 1,
        trustUnits: trustOfActor(trust, pair.actorId),
      });
    }
  }
  return counted;
}

/**
 * The review signals of an epoch (issue 29), per reviewer and kind, from the live reviews written
 * in it (the caller leaves out reviews deleted or hidden by the time of scoring, and those of
 * posts deleted or hidden: they count nothing) and their ratings and marks as they stand:
 * - a review of one's own post counts nothing;
 * - the reviewer's account must be REWARD_MIN_ACTOR_AGE_SECONDS old when they wrote it;
 * - a reviewer's reviews count REWARD_REVIEW_MAX_DAILY a UTC day at most, the earliest first;
 * - the post author's rating adds one `review_rating` pair per step above REVIEW_SCORE_MIN, each
 *   weighing the author's trust, if the author's account was old enough when the review was
 *   written (a rating has no time of its own and comes after the review) and the author is not
 *   suspended when the epoch is scored (as for the readers' marks below);
 * - each reader's helpful mark made before the epoch's end adds a `review_helpful` pair weighing
 *   the reader's trust, not the reviewer's own nor the post author's (who rates instead), from
 *   accounts old enough when they marked and not suspended when the epoch is scored (issue 28's
 *   "suspended means unpaid", for the signals they give), REWARD_REVIEW_MAX_HELPFUL a review at
 *   most, the earliest first.
 * So a review earns only as far as others found it helpful, and only by the trust of those
 * others: a ring of fresh or untrusted accounts rating each other's reviews earns nothing.
 * `countedReviewsOf` in repositories/reward-pairs.ts is the same rule in SQL
 * (scoring-sql.property.test.ts).
 */
export function countReviews(
  reviews: readonly ScoredReview[],
  rules: ScoringRules,
  trust: ActorTrust,
  endsAt: string,
): ReceivedPairs[] {
  const caps = rules.reviews;
  const rating = (rules.weights.review_rating ?? 0) > 0;
  const helpful = (rules.weights.review_helpful ?? 0) > 0;
  if (!caps || (!rating && !helpful)) return [];
  const minMs = rules.minActorAgeSeconds * 1000;
  const oldEnough = (accountCreatedAt: string, at: string) =>
    Date.parse(at) - Date.parse(accountCreatedAt) >= minMs;

  const perReviewerDay = new Map<string, ScoredReview[]>();
  for (const review of reviews) {
    if (review.reviewerId === review.postAuthorId) continue;
    if (!oldEnough(review.reviewerCreatedAt, review.createdAt)) continue;
    const key = `${review.reviewerId}\u0000${review.createdAt.slice(0, 10)}`;
    const day = perReviewerDay.get(key);
    if (day) day.push(review);
    else perReviewerDay.set(key, [review]);
  }

  const counted: ReceivedPairs[] = [];
  for (const day of perReviewerDay.values()) {
    day.sort(byTime);
    for (const review of day.slice(0, caps.maxPerReviewerDaily)) {
      const steps = (review.authorRating ?? REVIEW_SCORE_MIN) - REVIEW_SCORE_MIN;
      const rated =
        steps > 0 &&
        !review.postAuthorSuspended &&
        oldEnough(review.postAuthorCreatedAt, review.createdAt);
      if (rating && rated) {
        counted.push({
          recipientId: review.reviewerId,
          kind: 'review_rating',
          pairs: steps,
          trustUnits: steps * trustOfActor(trust, review.postAuthorId),
        });
      }
      if (!helpful) continue;
      const marks = review.marks
        .filter(
          (mark) =>
            mark.userId !== review.reviewerId &&
            mark.userId !== review.postAuthorId &&
            !mark.userSuspended &&
            mark.createdAt < endsAt &&
            oldEnough(mark.userCreatedAt, mark.createdAt),
        )
        .map((mark) => ({ ...mark, id: mark.userId }))
        .sort(byTime);
      for (const mark of marks.slice(0, caps.maxHelpfulPerReview)) {
        counted.push({
          recipientId: review.reviewerId,
          kind: 'review_helpful',
          pairs: 1,
          trustUnits: trustOfActor(trust, mark.userId),
        });
      }
    }
  }
  return counted;
}
