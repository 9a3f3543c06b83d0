import { describe, expect, it } from 'vitest';
import { distribute, shareCapUnits, type DistributionInput } from './distribution.js';
import { epochEnded, firstEpoch, nextEpoch } from './epoch-clock.js';

const split = (
  input: Partial<Omit<DistributionInput, 'scores'>> & { scores: Record<string, number> },
) => {
  const result = distribute({
    poolUnits: 100n,
    maxShare: 1,
    minPayoutUnits: 0n,
    carries: new Map(),
    ...input,
    scores: new Map(Object.entries(input.scores)),
  });
  return {
    amounts: Object.fromEntries(result.payouts.map((p) => [p.userId, p.amountUnits])),
    carries: Object.fromEntries(result.payouts.map((p) => [p.userId, p.carryUnits])),
    remainder: result.remainderUnits,
  };
};

describe('splitting an epoch pool', () => {
  it('pays in proportion to the scores, in whole units', () => {
    expect(split({ scores: { ann: 1, bob: 3 } })).toMatchObject({
      amounts: { ann: 25n, bob: 75n },
      remainder: 0n,
    });
  });

  it('rounds every share down and records the remainder', () => {
    expect(split({ poolUnits: 10n, scores: { a: 1, b: 1, c: 1 } })).toMatchObject({
      amounts: { a: 3n, b: 3n, c: 3n },
      remainder: 1n,
    });
  });

  it('leaves out members without a positive score', () => {
    expect(split({ scores: { ann: 2, bob: 0, cat: -1 } }).amounts).toEqual({ ann: 100n });
    expect(split({ scores: {} })).toEqual({ amounts: {}, carries: {}, remainder: 100n });
  });

  it('caps a member at REWARD_MAX_SHARE of the pool and splits the rest again among the others', () => {
    expect(split({ poolUnits: 1000n, maxShare: 0.5, scores: { a: 8, b: 1, c: 1 } })).toMatchObject({
      amounts: { a: 500n, b: 250n, c: 250n },
      remainder: 0n,
    });
    // Re-splitting can put another member over the cap in turn.
    expect(
      split({ poolUnits: 1000n, maxShare: 0.3, scores: { a: 10, b: 5, c: 1, d: 1 } }).amounts,
    ).toEqual({ a: 300n, b: 300n, c: 200n, d: 200n });
  });

  it('keeps what nobody may take when every member is at the cap', () => {
    expect(split({ poolUnits: 10_000n, maxShare: 0.05, scores: { a: 1, b: 100 } })).toMatchObject({
      amounts: { a: 500n, b: 500n },
      remainder: 9000n,
    });
  });

  it('carries an amount below REWARD_MIN_PAYOUT over, whole, and pays it with the next share', () => {
    const first = split({ minPayoutUnits: 10n, scores: { ann: 95, bob: 5 } });
    expect(first).toEqual({
      amounts: { ann: 95n, bob: 0n },
      carries: { ann: 0n, bob: 5n },
      remainder: 0n,
    });
    // The carry is set aside from the next pool and paid with the member's share.
    const second = split({
      minPayoutUnits: 10n,
      carries: new Map([['bob', 5n]]),
      scores: { ann: 1, bob: 1 },
    });
    expect(second).toEqual({
      amounts: { ann: 47n, bob: 52n },
      carries: { ann: 0n, bob: 0n },
      remainder: 1n,
    });
  });

  it('holds a carry within the cap, and pays only scoring members theirs', () => {
    const result = split({
      maxShare: 0.5,
      minPayoutUnits: 10n,
      carries: new Map([
        ['ann', 5n],
        ['idle', 7n],
      ]),
      scores: { ann: 10, bob: 1 },
    });
    expect(result.amounts).toEqual({ ann: 50n, bob: 50n });
    expect(result.remainder).toBe(0n);
  });

  it('moves carries on unchanged when they exceed the whole pool', () => {
    const result = split({
      poolUnits: 10n,
      minPayoutUnits: 20n,
      carries: new Map([
        ['a', 8n],
        ['b', 9n],
      ]),
      scores: { a: 1, b: 1 },
    });
    expect(result).toEqual({
      amounts: { a: 0n, b: 0n },
      carries: { a: 8n, b: 9n },
      remainder: 10n,
    });
  });

  it('computes the cap exactly in units', () => {
    expect(shareCapUnits(10_000_000_000_000n, 0.05)).toBe(500_000_000_000n);
    expect(shareCapUnits(7n, 0.5)).toBe(3n);
  });
});

describe('the epoch clock', () => {
  const now = new Date('2025-03-10T12:00:00.000Z');

  it('starts the first epoch now and the next where the last ended', () => {
    const first = firstEpoch(now, 3600);
    expect(first).toEqual({
      id: 1,
      startsAt: '2025-03-10T12:00:00.000Z',
      endsAt: '2025-03-10T13:00:00.000Z',
    });
    expect(epochEnded(first, new Date('2025-03-10T12:59:59.999Z'))).toBe(false);
    expect(epochEnded(first, new Date('2025-03-10T13:00:00.000Z'))).toBe(true);
    expect(nextEpoch(first, new Date('2025-03-10T13:00:00.000Z'), 3600)).toEqual({
      id: 2,
      startsAt: '2025-03-10T13:00:00.000Z',
      endsAt: '2025-03-10T14:00:00.000Z',
    });
  });

  it('stretches the epoch that opens after a long stop to the next boundary of the grid', () => {
    const first = firstEpoch(now, 3600);
    expect(nextEpoch(first, new Date('2025-03-10T15:30:00.000Z'), 3600)).toEqual({
      id: 2,
      startsAt: '2025-03-10T13:00:00.000Z',
      endsAt: '2025-03-10T16:00:00.000Z',
    });
  });
});
