import { MESSAGES } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import { claimAllowedFrom, decideRewardClaim } from './index.js';

describe('reward claims: a gate against fresh accounts', () => {
  const createdAt = '2026-03-01T10:00:30.000Z';
  const rules = (at: string, minAccountAgeSeconds = 3600) => ({
    at: new Date(at),
    minAccountAgeSeconds,
  });

  it('needs a signed-in member', () => {
    expect(decideRewardClaim(null, rules('2026-03-09T00:00:00Z'))).toMatchObject({
      allowed: false,
      denial: 'sign-in',
    });
  });

  it('refuses an account younger than the minimum age, naming when it may claim (403)', () => {
    expect(decideRewardClaim({ createdAt }, rules('2026-03-01T11:00:29.999Z'))).toEqual({
      allowed: false,
      denial: 'forbidden',
      message: MESSAGES.rewardClaimTooEarly('2026-03-01 11:01 UTC'),
    });
    expect(claimAllowedFrom(createdAt, 3600)).toBe(Date.parse('2026-03-01T11:00:30.000Z'));
  });

  it('allows from the moment the account is old enough, and always with no minimum', () => {
    expect(decideRewardClaim({ createdAt }, rules('2026-03-01T11:00:30.000Z')).allowed).toBe(true);
    expect(decideRewardClaim({ createdAt }, rules(createdAt, 0)).allowed).toBe(true);
  });
});
