import type { ContributionKind, ScoredEvent } from '../../domain/reward.js';

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
 * Each counted pair adds its kind's weight to the score of the member receiving it.
 *
 * Events of content hidden or deleted by the time of scoring are left out before this runs
 * (repositories/reward-repository.ts).
 */

export interface ScoringRules {
  weights: Readonly<Record<ContributionKind, number>>;
  minActorAgeSeconds: number;
  maxEventsPerActorDaily: number;
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
): Map<string, number> {
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

  const scores = new Map<string, number>();
  for (const day of perActorDay.values()) {
    day.sort((a, b) =>
      byTime({ createdAt: a.since, id: a.sinceId }, { createdAt: b.since, id: b.sinceId }),
    );
    for (const pair of day.slice(0, rules.maxEventsPerActorDaily)) {
      scores.set(pair.recipientId, (scores.get(pair.recipientId) ?? 0) + rules.weights[pair.kind]);
    }
  }
  return scores;
}
