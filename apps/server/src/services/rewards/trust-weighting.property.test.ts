import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCORED_KINDS } from '../../domain/reward.js';
import { TRUST_SCALE } from '../../domain/trust.js';
import { distribute } from './distribution.js';
import { reviewWeights, scoresOf, type ReceivedPairs } from './scoring.js';

/**
 * Trust-weighted scores (issue 28) split as before: whatever the actors' trust, the sum paid is at
 * most the pool, no member scores more than unweighted, and trust 1 everywhere is today's scoring.
 */

const MEMBERS = ['m0', 'm1', 'm2', 'm3', 'm4', 'm5'];
// The review kinds (issue 29) with their default weights, so their rating steps and marks are in
// the mix.
const weights = {
  post_like: 3,
  comment_like: 1,
  comment_received: 2,
  reply_received: 1,
  ...reviewWeights({ weight: 6, helpfulShare: 0.25 }),
};

const counts: fc.Arbitrary<ReceivedPairs[]> = fc
  .array(
    fc.record({
      recipientId: fc.constantFrom(...MEMBERS),
      kind: fc.constantFrom(...SCORED_KINDS),
      pairs: fc.integer({ min: 1, max: 40 }),
      trust: fc.array(fc.integer({ min: 0, max: TRUST_SCALE }), { minLength: 40, maxLength: 40 }),
    }),
    { maxLength: 20 },
  )
  .map((rows) =>
    rows.map(({ trust, ...row }) => ({
      ...row,
      trustUnits: trust.slice(0, row.pairs).reduce((sum, units) => sum + units, 0),
    })),
  );

describe('trust-weighted distribution (fast-check)', () => {
  it('never pays more than the pool, nor scores anyone above their unweighted score', () => {
    fc.assert(
      fc.property(
        counts,
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.constantFrom(0.05, 0.5, 1),
        (rows, poolUnits, maxShare) => {
          const weighted = scoresOf(rows, weights);
          const unweighted = scoresOf(rows, weights, { unweighted: true });
          for (const [id, score] of weighted) {
            expect(score).toBeLessThanOrEqual(unweighted.get(id)! + 1e-9);
          }
          const { payouts, remainderUnits } = distribute({
            poolUnits,
            maxShare,
            minPayoutUnits: 0n,
            scores: weighted,
            carries: new Map(),
          });
          const paid = payouts.reduce((sum, p) => sum + p.amountUnits + p.carryUnits, 0n);
          expect(paid).toBeLessThanOrEqual(poolUnits);
          expect(paid + remainderUnits).toBe(poolUnits);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with every actor at trust 1, scores exactly as unweighted', () => {
    fc.assert(
      fc.property(counts, (rows) => {
        const full = rows.map((row) => ({ ...row, trustUnits: row.pairs * TRUST_SCALE }));
        expect(Object.fromEntries(scoresOf(full, weights))).toEqual(
          Object.fromEntries(scoresOf(full, weights, { unweighted: true })),
        );
      }),
    );
  });
});
