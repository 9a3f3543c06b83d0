import { describe, expect, it } from 'vitest';
import type { ContributionKind, ScoredEvent } from '../../domain/reward.js';
import { scoreEvents, type ScoringRules } from './scoring.js';

const RULES: ScoringRules = {
  weights: { post_like: 3, comment_like: 1, comment_received: 2, reply_received: 1 },
  minActorAgeSeconds: 86_400,
  maxEventsPerActorDaily: 20,
};

const DAY = 86_400_000;
const T0 = Date.parse('2025-03-10T00:00:00.000Z');
/** An account made long before the events: old enough for every rule. */
const OLD = new Date(T0 - 30 * DAY).toISOString();

let sequence = 0;
function event(
  fields: Partial<ScoredEvent> & { actorId: string; recipientId: string; targetId: string },
  minutes = sequence,
): ScoredEvent {
  sequence += 1;
  return {
    id: `e${String(sequence).padStart(5, '0')}`,
    kind: 'post_like',
    delta: 1,
    createdAt: new Date(T0 + minutes * 60_000).toISOString(),
    actorCreatedAt: OLD,
    pairSeenBefore: false,
    ...fields,
  };
}

const like = (actorId: string, recipientId: string, targetId: string, minutes?: number) =>
  event({ actorId, recipientId, targetId }, minutes);
const unlike = (actorId: string, recipientId: string, targetId: string, minutes?: number) =>
  event({ actorId, recipientId, targetId, delta: -1 }, minutes);

describe('scoring an epoch', () => {
  it('adds each kind of signal with its weight to the member receiving it', () => {
    const kinds: [ContributionKind, number][] = [
      ['post_like', 3],
      ['comment_like', 1],
      ['comment_received', 2],
      ['reply_received', 1],
    ];
    for (const [kind, weight] of kinds) {
      const scores = scoreEvents(
        [event({ kind, actorId: 'bob', recipientId: 'ann', targetId: 't' })],
        RULES,
      );
      expect(Object.fromEntries(scores)).toEqual({ ann: weight });
    }
    const together = scoreEvents(
      kinds.map(([kind], index) =>
        event({ kind, actorId: 'bob', recipientId: 'ann', targetId: `t${index}` }),
      ),
      RULES,
    );
    expect(together.get('ann')).toBe(7);
  });

  it('counts nothing a member does to their own content', () => {
    const scores = scoreEvents(
      [
        like('ann', 'ann', 'p1'),
        event({ kind: 'comment_received', actorId: 'ann', recipientId: 'ann', targetId: 'p1' }),
        event({ kind: 'reply_received', actorId: 'ann', recipientId: 'ann', targetId: 'c1' }),
      ],
      RULES,
    );
    expect(scores.size).toBe(0);
  });

  it('counts a like toggled any number of times once, and nothing when it ends taken back', () => {
    const toggles: ScoredEvent[] = [];
    for (let i = 0; i < 100; i += 1) {
      toggles.push(i % 2 === 0 ? like('bob', 'ann', 'p1') : unlike('bob', 'ann', 'p1'));
    }
    expect(scoreEvents(toggles, RULES).get('ann')).toBeUndefined();
    expect(scoreEvents([...toggles, like('bob', 'ann', 'p1')], RULES).get('ann')).toBe(3);
  });

  it('counts a pair once: several comments of one member on a post, deleted or not', () => {
    const received = (delta: 1 | -1) =>
      event({
        kind: 'comment_received',
        actorId: 'bob',
        recipientId: 'ann',
        targetId: 'p1',
        delta,
      });
    expect(scoreEvents([received(1), received(1)], RULES).get('ann')).toBe(2);
    expect(scoreEvents([received(1), received(1), received(-1)], RULES).get('ann')).toBe(2);
    expect(scoreEvents([received(1), received(-1)], RULES).get('ann')).toBeUndefined();
  });

  it('never counts a pair again in a later epoch', () => {
    const scores = scoreEvents(
      [event({ actorId: 'bob', recipientId: 'ann', targetId: 'p1', pairSeenBefore: true })],
      RULES,
    );
    expect(scores.size).toBe(0);
  });

  it('counts an actor only once their account is old enough, at the moment the pair stands', () => {
    const youngSince = new Date(T0 - 60 * 60_000).toISOString();
    const young = (fields: Partial<ScoredEvent>, minutes: number) =>
      event(
        {
          actorId: 'kid',
          recipientId: 'ann',
          targetId: 'p1',
          actorCreatedAt: youngSince,
          ...fields,
        },
        minutes,
      );
    expect(scoreEvents([young({}, 0)], RULES).size).toBe(0);
    // Taken back and given again a day later, when the account is old enough: it counts.
    const again = [young({}, 0), young({ delta: -1 }, 1), young({}, 24 * 60)];
    expect(scoreEvents(again, RULES).get('ann')).toBe(3);
  });

  it('counts at most REWARD_MAX_EVENTS_PER_ACTOR_DAILY signals of one actor per UTC day, earliest first', () => {
    const sameDay = Array.from({ length: 25 }, (_, i) => like('bob', `author${i}`, `p${i}`, i));
    const scores = scoreEvents(sameDay, RULES);
    expect([...scores.values()].reduce((sum, score) => sum + score, 0)).toBe(20 * 3);
    expect(scores.has('author19')).toBe(true);
    expect(scores.has('author20')).toBe(false);

    const nextDay = like('bob', 'late', 'q1', 24 * 60 + 5);
    expect(scoreEvents([...sameDay, nextDay], RULES).get('late')).toBe(3);
    // Another actor is not held back by bob's cap.
    expect(
      scoreEvents([...sameDay, like('cat', 'author24', 'p24', 30)], RULES).get('author24'),
    ).toBe(3);
  });

  it('leaves out kinds weighted 0 without spending the daily cap on them', () => {
    const rules = {
      ...RULES,
      maxEventsPerActorDaily: 1,
      weights: { ...RULES.weights, comment_like: 0 },
    };
    const scores = scoreEvents(
      [
        event({ kind: 'comment_like', actorId: 'bob', recipientId: 'ann', targetId: 'c1' }, 0),
        like('bob', 'ann', 'p1', 1),
      ],
      rules,
    );
    expect(scores.get('ann')).toBe(3);
  });
});
