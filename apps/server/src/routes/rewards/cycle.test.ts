import { randomUUID } from 'node:crypto';
import type { RewardClaim, RewardsMe } from '@symposia/shared';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { commentOn } from '../../../test/community.js';
import { linkWallet } from '../../../test/wallets.js';
import {
  describeEachDatabase,
  loginAs,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../../test/helpers.js';
import { createTestChain } from '../../chain/testing.js';
import { DISTRIBUTE_REWARDS_JOB } from '../../services/index.js';

/**
 * The whole reward cycle on the embedded chain (LiteSVM with the real System, SPL Token and
 * Associated Token programs): members like and comment, the clock passes the epoch's end, the
 * server's own processing worker runs the distribution job, the author claims, and the token
 * balance on chain equals the payout.
 */

const DAY = 86_400;
type Headers = { authorization: string };

/** Waits until the worker finished the epoch's distribution job (bounded, never a timed assertion). */
async function distributed(testApp: TestApp, epochId: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await testApp.app.db
      .selectFrom('jobs')
      .select(['status', 'last_error'])
      .where('kind', '=', DISTRIBUTE_REWARDS_JOB)
      .where('subject_id', '=', String(epochId))
      .executeTakeFirst();
    if (job?.status === 'done') return;
    if (job?.status === 'failed' || Date.now() > deadline) {
      throw new Error(`the distribution job did not finish: ${JSON.stringify(job)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function rewardsMe(app: FastifyInstance, headers: Headers): Promise<RewardsMe> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/rewards/me', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RewardsMe>();
}

describeEachDatabase('contribution rewards, full cycle on LiteSVM', (db) => {
  it('likes and comments → epoch ends → the job distributes → a claim pays the payout on chain', async () => {
    const test = await createTestChain();
    const testApp = await db.buildApp({
      // The app's own worker runs the distribution job, as in production.
      env: { WORKER_CONCURRENCY: '1', COMMENT_RATE_LIMIT_MAX: '1000' },
      chain: test.chain,
    });
    const { app, clock } = testApp;
    const author = await signedInUser(app);
    const colleague = await signedInUser(app);
    const fans = [await signedInUser(app), await signedInUser(app), await signedInUser(app)];
    const post = await uploadPost(app, author.headers, { title: 'Findings' });
    // Past REWARD_MIN_ACTOR_AGE_SECONDS (24 h): from now on their signals count.
    clock.advance(2 * DAY);
    for (const fan of [...fans, colleague]) {
      const like = await app.inject({
        method: 'POST',
        url: `/api/v1/media/${post}/like`,
        headers: fan.headers,
      });
      expect(like.statusCode, like.body).toBe(200);
    }
    const comment = await commentOn(app, fans[0]!.headers, post, 'A careful piece of work.');
    const reply = await commentOn(app, author.headers, post, 'Thank you!', comment);
    const likeReply = await app.inject({
      method: 'POST',
      url: `/api/v1/comments/${reply}/like`,
      headers: colleague.headers,
    });
    expect(likeReply.statusCode, likeReply.body).toBe(200);
    await commentOn(app, colleague.headers, post, 'Agreed.');

    // The clock passes the epoch's end (and the claim age of 7 days); the clock's tick queues
    // the job and the worker runs it.
    const rewards = app.services.rewards;
    const epoch = await rewards.currentEpoch();
    clock.advance((Date.parse(epoch.endsAt) - clock.now().getTime()) / 1000 + 3600);
    expect(await rewards.tick()).toEqual([epoch.id]);
    await distributed(testApp, epoch.id);

    const payout = await app.db
      .selectFrom('reward_payouts')
      .select(['amount_units', 'claim_id'])
      .where('user_id', '=', author.user.id)
      .where('epoch_id', '=', epoch.id)
      .executeTakeFirstOrThrow();
    // Score 17 (4 post likes × 3, 2 comments received × 2, a reply liked × 1) of 18 in all: the
    // proportional share is over REWARD_MAX_SHARE, so the author is credited the cap, 500 tokens.
    const credited = BigInt(payout.amount_units);
    expect(credited).toBe(500n * 10n ** 9n);
    expect(payout.claim_id).toBeNull();

    // Seven days on, the first session has expired: the author signs in again and claims.
    const headers = await loginAs(app, author);
    const before = await rewardsMe(app, headers);
    expect(before.claim_allowed_from).toBeNull();
    const wallet = await linkWallet(app, headers);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/rewards/claim',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ address: wallet, request_id: 'cycle-1' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const paid = response.json<RewardClaim>();
    expect(paid.amount).toBe(before.claimable);

    // On chain: exactly the payout, by the transaction the answer names.
    expect(await test.tokensOf(wallet)).toBe(credited);
    expect(await test.chain.signatureStatus(paid.signature as never)).toBe('confirmed');
    const after = await rewardsMe(app, headers);
    expect(after.claimable).toBe('0');
    expect(after.history).toEqual([
      expect.objectContaining({ epoch: epoch.id, signature: paid.signature }),
    ]);
  });

  it('pays out through claims exactly what the distributions credited (property)', async () => {
    const test = await createTestChain();
    const testApp = await db.buildApp({
      env: {
        COMMENT_RATE_LIMIT_MAX: '1000',
        REWARD_EPOCH_SECONDS: '3600',
        REWARD_MIN_ACTOR_AGE_SECONDS: '0',
        REWARD_MIN_CLAIM_AGE_SECONDS: '0',
        REWARD_MIN_CLAIM: '0',
      },
      chain: test.chain,
    });
    const { app, clock } = testApp;
    const rewards = app.services.rewards;
    const epochActivity = fc.record({
      /** How often each of two fans toggles their like of the author's post. */
      toggles: fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 })),
      comments: fc.integer({ min: 0, max: 2 }),
      claimAfter: fc.boolean(),
    });
    let creditedRuns = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(epochActivity, { minLength: 1, maxLength: 3 }), async (epochs) => {
        const author = await signedInUser(app);
        const fans = [await signedInUser(app), await signedInUser(app)];
        const post = await uploadPost(app, author.headers, { title: 'Findings' });
        const wallet = await linkWallet(app, author.headers);
        const claimAll = async () => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/v1/rewards/claim',
            headers: { ...author.headers, 'content-type': 'application/json' },
            payload: JSON.stringify({ address: wallet, request_id: randomUUID() }),
          });
          // 422: nothing credited yet.
          expect([200, 422], response.body).toContain(response.statusCode);
        };
        for (const activity of epochs) {
          for (const [index, fan] of fans.entries()) {
            for (let toggle = 0; toggle < (activity.toggles[index] ?? 0); toggle += 1) {
              await app.inject({
                method: 'POST',
                url: `/api/v1/media/${post}/like`,
                headers: fan.headers,
              });
            }
          }
          for (let count = 0; count < activity.comments; count += 1) {
            await commentOn(app, fans[count % 2]!.headers, post, `Comment ${count}`);
          }
          const epoch = await rewards.currentEpoch();
          clock.advance((Date.parse(epoch.endsAt) - clock.now().getTime()) / 1000 + 1);
          for (const ended of await rewards.tick()) await rewards.distributeEpoch(ended);
          if (activity.claimAfter) await claimAll();
        }
        await claimAll();
        const rows = await app.db
          .selectFrom('reward_payouts')
          .select('amount_units')
          .where('user_id', '=', author.user.id)
          .execute();
        const credited = rows.reduce((sum, row) => sum + BigInt(row.amount_units), 0n);
        const sent = await app.db
          .selectFrom('token_transfers')
          .select('amount_units')
          .where('kind', '=', 'reward')
          .where('user_id', '=', author.user.id)
          .where('status', '=', 'sent')
          .execute();
        const claimed = sent.reduce((sum, row) => sum + BigInt(row.amount_units), 0n);
        expect(claimed).toBe(credited);
        expect((await test.tokensOf(wallet)) ?? 0n).toBe(credited);
        if (credited > 0n) creditedRuns += 1;
      }),
      { numRuns: 6 },
    );
    // The runs paid something (all six crediting nothing has a chance below one in a million).
    expect(creditedRuns).toBeGreaterThan(0);
  });
});
