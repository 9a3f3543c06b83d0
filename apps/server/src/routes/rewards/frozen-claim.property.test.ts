import { MESSAGES, TOKEN_UNITS_PER_TOKEN, type RewardsMe } from '@symposia/shared';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase, signedInUser } from '../../../test/helpers.js';
import { createTestChain } from '../../chain/testing.js';
import { formatTokenAmount } from '../../chain/units.js';
import { linkWallet } from '../../../test/wallets.js';

/**
 * A frozen balance cannot be claimed (issue 28), through POST /rewards/claim on the full app
 * paying on an embedded chain: random payouts, each without a hold, frozen, forfeited or already
 * claimed. A claim pays exactly the payouts without a hold when they reach the minimum; else,
 * with something frozen, it is refused with the frozen amount (403) and pays nothing. Frozen and
 * forfeited payouts are never taken, and GET /rewards/me says what is claimable and frozen.
 */

const UNIT = BigInt(TOKEN_UNITS_PER_TOKEN);
const MIN_CLAIM = 2n * UNIT;
type Hold = 'frozen' | 'forfeited' | 'claimed' | null;

describeEachDatabase('claiming a frozen balance (fast-check)', (db) => {
  it('pays only what has no hold, and refuses a frozen balance', { timeout: 180_000 }, async () => {
    const test = await createTestChain();
    const { app, clock } = await db.buildApp({
      env: { REWARD_MIN_CLAIM_AGE_SECONDS: '0', REWARD_MIN_CLAIM: '2' },
      chain: test.chain,
    });
    const member = await signedInUser(app);
    // Rewards are paid only to a wallet the member linked by its signature.
    const receiver = await linkWallet(app, member.headers);
    await app.db
      .insertInto('reward_epochs')
      .values(
        Array.from({ length: 6 }, (_, index) => ({
          id: 100 + index,
          starts_at: `2000-01-0${index + 1}T00:00:00.000Z`,
          ends_at: `2000-01-0${index + 2}T00:00:00.000Z`,
          pool_units: '0',
          remainder_units: '0',
          distributed_at: `2000-01-0${index + 2}T00:00:00.000Z`,
        })),
      )
      .execute();
    let paidSoFar = 0n;
    let run = 0;

    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            tokens: fc.integer({ min: 0, max: 5 }),
            hold: fc.constantFrom<Hold>(null, 'frozen', 'forfeited', 'claimed'),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (payouts) => {
          run += 1;
          await app.db.deleteFrom('reward_payouts').execute();
          await app.db
            .insertInto('reward_payouts')
            .values(
              payouts.map((payout, index) => ({
                id: crypto.randomUUID(),
                epoch_id: 100 + index,
                user_id: member.user.id,
                score: 1,
                amount_units: (BigInt(payout.tokens) * UNIT).toString(),
                carry_units: '0',
                created_at: '2000-01-10T00:00:00.000Z',
                claim_id: payout.hold === 'claimed' ? 'an-earlier-claim' : null,
                hold: payout.hold === 'frozen' || payout.hold === 'forfeited' ? payout.hold : null,
                held_at: payout.hold === 'frozen' ? '2000-01-10T00:00:00.000Z' : null,
              })),
            )
            .execute();
          const sum = (hold: Hold) =>
            payouts
              .filter((payout) => payout.hold === hold)
              .reduce((total, payout) => total + BigInt(payout.tokens) * UNIT, 0n);
          const free = sum(null);
          const frozen = sum('frozen');

          const me = await app.inject({
            method: 'GET',
            url: '/api/v1/rewards/me',
            headers: member.headers,
          });
          expect(me.json<RewardsMe>()).toMatchObject({
            claimable: formatTokenAmount(free),
            frozen: formatTokenAmount(frozen),
          });

          clock.advance(1);
          const response = await app.inject({
            method: 'POST',
            url: '/api/v1/rewards/claim',
            headers: member.headers,
            payload: { address: receiver, request_id: `run-${run}` },
          });
          if (free >= MIN_CLAIM) {
            expect(response.statusCode, response.body).toBe(200);
            expect(response.json()).toMatchObject({ amount: formatTokenAmount(free) });
            paidSoFar += free;
          } else if (frozen > 0n) {
            expect(response.statusCode, response.body).toBe(403);
            expect(response.json()).toMatchObject({
              detail: MESSAGES.rewardsFrozen(formatTokenAmount(frozen)),
            });
          } else {
            expect(response.statusCode, response.body).toBe(422);
          }
          // The receiving account exists from the first payment on.
          expect((await test.tokensOf(receiver)) ?? 0n).toBe(paidSoFar);
          // Whatever happened, no frozen or forfeited payout was taken by a claim.
          const held = await app.db
            .selectFrom('reward_payouts')
            .select(['hold', 'claim_id'])
            .where('hold', 'is not', null)
            .execute();
          expect(held.every((row) => row.claim_id === null)).toBe(true);
        },
      ),
      { numRuns: 15 },
    );
  });
});
