import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContributionKind, RewardPayout, ScoredEvent } from '../../domain/reward.js';
import { distribute, shareCapUnits } from './distribution.js';
import { scoreEvents, type ScoringRules } from './scoring.js';

/**
 * Random community histories — likes and unlikes, comments and replies, deletions, accounts of
 * any age, the clock moving across epochs — recorded as the repositories record them
 * (repositories/contribution-writes.ts), then scored and distributed epoch after epoch with
 * carries. Whatever happens: no epoch pays more than its pool, nobody more than the cap, a pair
 * (a like toggled any number of times) counts at most once, and self-actions count nothing.
 */

const RULES: ScoringRules = {
  weights: { post_like: 3, comment_like: 1, comment_received: 2, reply_received: 1 },
  minActorAgeSeconds: 86_400,
  maxEventsPerActorDaily: 4,
};
const EPOCH_MS = 86_400_000;
const T0 = Date.parse('2025-01-06T00:00:00.000Z');
const POSTS = 3;

type Action =
  | { t: 'like-post'; actor: number; post: number }
  | { t: 'like-comment'; actor: number; comment: number }
  | { t: 'comment'; actor: number; post: number; replyTo: number | null }
  | { t: 'delete'; comment: number }
  | { t: 'advance'; minutes: number };

interface Scenario {
  /** Account age of each member at T0, in hours (under and over REWARD_MIN_ACTOR_AGE_SECONDS). */
  ages: number[];
  /** Author of each post, by member index. */
  postAuthors: number[];
  actions: Action[];
  pool: bigint;
  maxShare: number;
  /** REWARD_MIN_PAYOUT as a fraction of the cap. */
  minPayoutPart: number;
}

const member = fc.integer({ min: 0, max: 4 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ t: fc.constant('like-post' as const), actor: member, post: fc.nat(POSTS - 1) }),
  fc.record({ t: fc.constant('like-comment' as const), actor: member, comment: fc.nat(20) }),
  fc.record({
    t: fc.constant('comment' as const),
    actor: member,
    post: fc.nat(POSTS - 1),
    replyTo: fc.option(fc.nat(20), { nil: null }),
  }),
  fc.record({ t: fc.constant('delete' as const), comment: fc.nat(20) }),
  fc.record({
    t: fc.constant('advance' as const),
    minutes: fc.integer({ min: 1, max: 2 * 24 * 60 }),
  }),
);
const scenario: fc.Arbitrary<Scenario> = fc.record({
  ages: fc.array(fc.integer({ min: 0, max: 72 }), { minLength: 5, maxLength: 5 }),
  postAuthors: fc.array(member, { minLength: POSTS, maxLength: POSTS }),
  actions: fc.array(action, { maxLength: 80 }),
  pool: fc.bigInt({ min: 1n, max: 10n ** 13n }),
  maxShare: fc.constantFrom(0.05, 0.2, 0.5, 1),
  minPayoutPart: fc.constantFrom(0, 0.01, 0.5, 1),
});

interface RecordedEvent extends Omit<ScoredEvent, 'pairSeenBefore'> {
  sourceId: string | null;
}

/** Plays the actions as the server would record them; returns the events and comment deletions. */
function record(s: Scenario) {
  let now = T0;
  let seq = 0;
  const events: RecordedEvent[] = [];
  const liked = new Set<string>();
  const comments: {
    id: string;
    author: number;
    post: number;
    parent: number | null;
    deletedAt: number | null;
  }[] = [];
  const createdAt = (who: number) => new Date(T0 - (s.ages[who] ?? 0) * 3_600_000).toISOString();
  const add = (e: Omit<RecordedEvent, 'id' | 'createdAt' | 'actorCreatedAt'>, actor: number) => {
    seq += 1;
    events.push({
      ...e,
      id: `e${String(seq).padStart(6, '0')}`,
      createdAt: new Date(now).toISOString(),
      actorCreatedAt: createdAt(actor),
    });
  };
  const live = (index: number) => {
    const found = comments[index];
    return found && found.deletedAt === null ? found : undefined;
  };
  const commentSignals = (index: number, delta: 1 | -1) => {
    const c = comments[index];
    if (!c) return;
    const common = { actorId: `m${c.author}`, sourceId: c.id, delta };
    add(
      {
        ...common,
        kind: 'comment_received',
        recipientId: `m${s.postAuthors[c.post]}`,
        targetId: `p${c.post}`,
      },
      c.author,
    );
    const parent = c.parent === null ? undefined : comments[c.parent];
    if (parent) {
      add(
        {
          ...common,
          kind: 'reply_received',
          recipientId: `m${parent.author}`,
          targetId: parent.id,
        },
        c.author,
      );
    }
  };
  for (const a of s.actions) {
    if (a.t === 'advance') {
      now += a.minutes * 60_000;
    } else if (a.t === 'like-post' || a.t === 'like-comment') {
      const target = a.t === 'like-post' ? `p${a.post}` : live(a.comment)?.id;
      if (!target) continue;
      const author = a.t === 'like-post' ? s.postAuthors[a.post] : live(a.comment)?.author;
      const key = `${a.actor}:${target}`;
      const delta = liked.has(key) ? -1 : 1;
      if (delta === 1) liked.add(key);
      else liked.delete(key);
      const kind: ContributionKind = a.t === 'like-post' ? 'post_like' : 'comment_like';
      add(
        {
          kind,
          recipientId: `m${author}`,
          actorId: `m${a.actor}`,
          targetId: target,
          sourceId: null,
          delta,
        },
        a.actor,
      );
    } else if (a.t === 'comment') {
      const parent = a.replyTo === null ? null : live(a.replyTo) ? a.replyTo : null;
      const post = parent === null ? a.post : (comments[parent]?.post ?? a.post);
      comments.push({ id: `c${comments.length}`, author: a.actor, post, parent, deletedAt: null });
      commentSignals(comments.length - 1, 1);
    } else {
      const c = live(a.comment);
      if (!c) continue;
      commentSignals(a.comment, -1);
      c.deletedAt = now;
    }
  }
  return { events, comments, end: now };
}

/** Scores and distributes every epoch up to the end, as the job would, carries included. */
function run(s: Scenario) {
  const { events, comments, end } = record(s);
  const cap = shareCapUnits(s.pool, s.maxShare);
  const minPayout = BigInt(Math.floor(Number(cap) * s.minPayoutPart));
  const carries = new Map<string, bigint>();
  const epochs: { payouts: RewardPayout[]; remainder: bigint; scores: Map<string, number> }[] = [];
  for (let start = T0; start <= end; start += EPOCH_MS) {
    const stop = start + EPOCH_MS;
    const gone = (id: string | null) => {
      const c = id === null ? undefined : comments.find((each) => each.id === id);
      return c !== undefined && c.deletedAt !== null && c.deletedAt < stop;
    };
    const inEpoch: ScoredEvent[] = events
      .filter((e) => Date.parse(e.createdAt) >= start && Date.parse(e.createdAt) < stop)
      .filter((e) => !gone(e.sourceId) && !(e.targetId.startsWith('c') && gone(e.targetId)))
      .map((e) => ({
        ...e,
        pairSeenBefore: events.some(
          (p) =>
            p.kind === e.kind &&
            p.actorId === e.actorId &&
            p.targetId === e.targetId &&
            Date.parse(p.createdAt) < start,
        ),
      }));
    const scores = scoreEvents(inEpoch, RULES);
    const result = distribute({
      poolUnits: s.pool,
      maxShare: s.maxShare,
      minPayoutUnits: minPayout,
      scores,
      carries,
    });
    for (const payout of result.payouts) carries.set(payout.userId, payout.carryUnits);
    epochs.push({ payouts: result.payouts, remainder: result.remainderUnits, scores });
  }
  return { events, epochs, cap };
}

describe('rewards over random community histories (fast-check)', () => {
  it('never pays an epoch more than its pool, nor a member more than the cap', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { epochs, cap } = run(s);
        for (const epoch of epochs) {
          const credited = epoch.payouts.reduce((sum, p) => sum + p.amountUnits, 0n);
          const carried = epoch.payouts.reduce((sum, p) => sum + p.carryUnits, 0n);
          expect(credited).toBeLessThanOrEqual(s.pool);
          for (const payout of epoch.payouts) {
            expect(payout.amountUnits).toBeLessThanOrEqual(cap);
            expect(payout.amountUnits >= 0n && payout.carryUnits >= 0n).toBe(true);
          }
          // Nothing lost: the pool is what was credited, carried on, and the recorded remainder.
          expect(epoch.remainder + credited + carried).toBe(s.pool);
          expect(epoch.remainder).toBeGreaterThanOrEqual(0n);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts every actor–target pair at most once over all epochs, and self-actions never', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { events, epochs } = run(s);
        const bound = new Map<string, number>();
        const pairs = new Set<string>();
        for (const e of events) {
          const key = `${e.kind}:${e.actorId}:${e.targetId}`;
          if (e.actorId === e.recipientId || pairs.has(key)) continue;
          pairs.add(key);
          bound.set(e.recipientId, (bound.get(e.recipientId) ?? 0) + RULES.weights[e.kind]);
        }
        const total = new Map<string, number>();
        for (const epoch of epochs) {
          for (const [who, score] of epoch.scores) total.set(who, (total.get(who) ?? 0) + score);
        }
        for (const [who, score] of total) expect(score).toBeLessThanOrEqual(bound.get(who) ?? 0);
      }),
      { numRuns: 300 },
    );
  });

  it('scores nothing when every action is on the actor’s own content', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        // Everyone acts only on what they wrote: all posts by member 0, all actions by member 0.
        const own: Scenario = {
          ...s,
          postAuthors: s.postAuthors.map(() => 0),
          actions: s.actions.map((a) => ('actor' in a ? { ...a, actor: 0 } : a)),
        };
        for (const epoch of run(own).epochs) expect(epoch.scores.size).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('pays a like toggled any number of times, across epochs, as one like at most', () => {
    const toggles = fc.array(
      fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 3 * 24 * 60 })),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(toggles, (steps) => {
        const actions: Action[] = steps.map((step) =>
          step === null ? { t: 'like-post', actor: 1, post: 0 } : { t: 'advance', minutes: step },
        );
        const s: Scenario = {
          ages: [100, 100, 100, 100, 100],
          postAuthors: [0, 0, 0],
          actions,
          pool: 10n ** 13n,
          maxShare: 1,
          minPayoutPart: 0,
        };
        const total = run(s).epochs.reduce((sum, epoch) => sum + (epoch.scores.get('m0') ?? 0), 0);
        expect(total).toBeLessThanOrEqual(RULES.weights.post_like);
      }),
      { numRuns: 300 },
    );
  });
});
