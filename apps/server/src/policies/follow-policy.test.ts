import { FOLLOWS_PER_MEMBER_MAX, MESSAGES, VISIBILITIES } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import type { Decision } from './decision.js';
import {
  decideFollow,
  decideFollowingFeed,
  followersToldOf,
  type FollowFacts,
} from './follow-policy.js';
import {
  FOLLOW_ASKERS,
  FOLLOW_RULES,
  FOLLOW_TARGETS,
  FOLLOWING_FEED_RULES,
  type Outcome,
} from './rule-table.js';

/**
 * The follow rules of rule-table.ts (FOLLOW_RULES) against policies/follow-policy.ts, cell by
 * cell; routes/follows/follows.test.ts checks the HTTP API on both databases.
 */
const STATUS = { 'sign-in': 401, 'not-found': 404, forbidden: 403, invalid: 422 } as const;
const outcomeOf = (decision: Decision): Outcome =>
  decision.allowed ? 'ok' : STATUS[decision.denial];

const AT = new Date('2030-01-01T00:00:00.000Z');
const other = { id: 'other', suspendedUntil: null };

function factsFor(target: (typeof FOLLOW_TARGETS)[number]): FollowFacts {
  const base = { alreadyFollowing: false, count: 3, max: FOLLOWS_PER_MEMBER_MAX, at: AT };
  switch (target) {
    case 'author':
      return { ...base, target: { type: 'author', author: other } };
    case 'tag':
      return { ...base, target: { type: 'tag' } };
    case 'self':
      return { ...base, target: { type: 'author', author: { id: 'me', suspendedUntil: null } } };
    case 'unknown':
      return { ...base, target: { type: 'author', author: null } };
    case 'suspended':
      return {
        ...base,
        target: {
          type: 'author',
          author: { id: 'other', suspendedUntil: '2030-01-02T00:00:00.000Z' },
        },
      };
    case 'new-at-limit':
      return { ...base, count: FOLLOWS_PER_MEMBER_MAX, target: { type: 'tag' } };
    case 'again-at-limit':
      return {
        ...base,
        alreadyFollowing: true,
        count: FOLLOWS_PER_MEMBER_MAX,
        target: { type: 'author', author: other },
      };
  }
}

describe('follow policy (FOLLOW_RULES)', () => {
  for (const asker of FOLLOW_ASKERS) {
    it(`${asker}: ${JSON.stringify(FOLLOW_RULES[asker])}`, () => {
      const actor = asker === 'anonymous' ? null : { id: 'me' };
      const got = Object.fromEntries(
        FOLLOW_TARGETS.map((target) => [target, outcomeOf(decideFollow(actor, factsFor(target)))]),
      );
      expect(got).toEqual(FOLLOW_RULES[asker]);
    });
  }

  it('the following feed: FOLLOWING_FEED_RULES', () => {
    expect(outcomeOf(decideFollowingFeed(null))).toBe(FOLLOWING_FEED_RULES.anonymous);
    expect(outcomeOf(decideFollowingFeed({ id: 'me' }))).toBe(FOLLOWING_FEED_RULES.member);
  });

  it('says why, naming the field at fault', () => {
    const me = { id: 'me' };
    expect(decideFollow(me, factsFor('self'))).toEqual({
      allowed: false,
      denial: 'invalid',
      message: MESSAGES.cannotFollowYourself,
      field: 'target',
    });
    expect(decideFollow(me, factsFor('new-at-limit'))).toMatchObject({
      message: MESSAGES.tooManyFollows(FOLLOWS_PER_MEMBER_MAX),
      field: 'target',
    });
    expect(decideFollow(me, factsFor('unknown'))).toMatchObject({
      message: MESSAGES.userNotFound,
    });
  });

  it('a suspension over is no suspension', () => {
    const ended = {
      ...factsFor('author'),
      target: {
        type: 'author' as const,
        author: { id: 'other', suspendedUntil: '2029-12-31T00:00:00.000Z' },
      },
    };
    expect(outcomeOf(decideFollow({ id: 'me' }, ended))).toBe('ok');
  });
});

describe('which posts tell their author’s followers', () => {
  it('a published post anyone may read, and no other', () => {
    for (const visibility of VISIBILITIES) {
      for (const published of [true, false]) {
        for (const hidden of [true, false]) {
          for (const deleted of [true, false]) {
            const post = { authorId: 'author', visibility, published, hidden, deleted };
            const told = visibility === 'public' && published && !hidden && !deleted;
            expect(followersToldOf(post), JSON.stringify(post)).toBe(told);
          }
        }
      }
    }
  });
});
