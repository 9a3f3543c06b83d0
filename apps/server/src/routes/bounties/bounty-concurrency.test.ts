import { randomUUID } from 'node:crypto';
import type { Bounty } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describePostgres, signedInUser, uploadPost } from '../../../test/helpers.js';
import { anotherApp } from '../../../test/two-apps.js';

/**
 * Bounty escrow under real concurrency on PostgreSQL (issue 29): requests at once on a pool of
 * connections, and the settle job run by two processes on one database. Concurrent offers never
 * overdraw a balance; two awards at once pay once; a refund happens once; and every unit of the
 * escrow is accounted for.
 */

async function credit(app: FastifyInstance, userId: string, units: bigint) {
  const at = new Date().toISOString();
  await app.db
    .insertInto('reward_epochs')
    .values({
      id: 900,
      starts_at: '2000-01-01T00:00:00.000Z',
      ends_at: '2000-01-08T00:00:00.000Z',
      pool_units: '0',
      remainder_units: '0',
      distributed_at: at,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  // Three payouts, so an escrow takes several and splits one.
  const parts = [units / 4n, units / 4n, units - 2n * (units / 4n)];
  for (const [index, part] of parts.entries()) {
    await app.db
      .insertInto('reward_payouts')
      .values({
        id: randomUUID(),
        epoch_id: 900,
        user_id: userId,
        score: 1,
        amount_units: part.toString(),
        carry_units: '0',
        created_at: at,
        claim_id: null,
        // One epoch credit per member and epoch; the others as an earlier split left them.
        origin: index === 0 ? 'epoch' : 'change',
      })
      .execute();
  }
}

async function claimable(app: FastifyInstance, userId: string): Promise<bigint> {
  const rows = await app.db
    .selectFrom('reward_payouts')
    .select('amount_units')
    .where('user_id', '=', userId)
    .where('claim_id', 'is', null)
    .where('hold', 'is', null)
    .execute();
  return rows.reduce((sum, row) => sum + BigInt(row.amount_units), 0n);
}

async function escrow(app: FastifyInstance, bountyId: string) {
  const rows = await app.db
    .selectFrom('balance_moves')
    .select(['direction', 'amount_units'])
    .where('account', '=', `bounty:${bountyId}`)
    .execute();
  const sum = (direction: string) =>
    rows.filter((r) => r.direction === direction).reduce((s, r) => s + BigInt(r.amount_units), 0n);
  return { in: sum('in'), out: sum('out') };
}

describePostgres('bounty escrow at once', (db) => {
  it('concurrent offers never overdraw; two awards at once pay once; two workers refund once', async () => {
    const first = await db.buildApp({ env: { UPLOAD_RATE_LIMIT_MAX: '1000' } });
    const { app, clock } = first;
    const [author, member, other] = [
      await signedInUser(app),
      await signedInUser(app),
      await signedInUser(app),
    ];
    {
      const postId = await uploadPost(app, author.headers);
      await credit(app, member.user.id, 1000n);

      // Eight offers of 300 at once against 1000: three fit, the rest are refused.
      const offers = await Promise.all(
        Array.from({ length: 8 }, () =>
          app.inject({
            method: 'POST',
            url: `/api/v1/media/${postId}/bounties`,
            headers: member.headers,
            payload: { amount: '300', deadline: new Date(clock.now().getTime() + 3_600_000) },
          }),
        ),
      );
      const statuses = offers.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
      expect(await claimable(app, member.user.id)).toBe(100n);
      const bounties = offers
        .filter((response) => response.statusCode === 201)
        .map((response) => response.json<Bounty>());

      // Two awards of one review at once: one pays, the other is refused.
      clock.advance(60);
      const reviewId = randomUUID();
      await app.db
        .insertInto('reviews')
        .values({
          id: reviewId,
          post_id: postId,
          reviewer_id: other.user.id,
          revision: 1,
          reviewed_text: 'x'.repeat(64),
          soundness: 4,
          significance: 4,
          clarity: 4,
          reproducibility: 4,
          confidence: 3,
          recommendation: 'valid',
          summary: 's',
          strengths: 's',
          weaknesses: 'w',
          created_at: clock.now().toISOString(),
          edited_at: null,
          deleted_at: null,
          hidden_at: null,
        })
        .execute();
      const awarded = bounties[0]!;
      const awards = await Promise.all(
        [0, 1].map(() =>
          app.inject({
            method: 'POST',
            url: `/api/v1/bounties/${awarded.id}/award`,
            headers: member.headers,
            payload: { review_ids: [reviewId] },
          }),
        ),
      );
      expect(awards.map((response) => response.statusCode).sort()).toEqual([200, 422]);
      expect(await claimable(app, other.user.id)).toBe(300n);

      // Settled by two processes at once, each bounty gives back exactly once.
      clock.advance(8 * 86_400);
      const second = await anotherApp(first);
      try {
        const settled = await Promise.all(
          bounties.flatMap((bounty) => [
            app.services.bounties.settle(bounty.id),
            second.app.services.bounties.settle(bounty.id),
          ]),
        );
        expect(settled.filter(Boolean)).toHaveLength(2);
      } finally {
        await second.close();
      }
      // The member holds what they did not award; the escrow is empty; nothing made or lost.
      expect(await claimable(app, member.user.id)).toBe(700n);
      for (const bounty of bounties) {
        const sums = await escrow(app, bounty.id);
        expect(sums.in).toBe(300n);
        expect(sums.out).toBe(300n);
      }
      expect((await claimable(app, member.user.id)) + (await claimable(app, other.user.id))).toBe(
        1000n,
      );
    }
  });
});
