import { randomUUID } from 'node:crypto';
import { MESSAGES, type Bounty } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { withCommunity, type Community } from '../../../test/community.js';
import { describeEachDatabase, uploadPost } from '../../../test/helpers.js';

/**
 * Review bounties through HTTP on both databases (issue 29): the escrow, awards and refunds are
 * the ledger's balance moves, read back from `reward_payouts` and `balance_moves`. Reviews are
 * written as rows (their API is another part's); the balances as the distribution writes them.
 */

type Member = Community['author'];
const DAY_MS = 86_400_000;

/** Credits the member `units` claimable, in a distributed epoch of its own. */
async function credit(app: FastifyInstance, userId: string, units: bigint, epochId = 900) {
  const at = new Date().toISOString();
  await app.db
    .insertInto('reward_epochs')
    .values({
      id: epochId,
      starts_at: '2000-01-01T00:00:00.000Z',
      ends_at: '2000-01-08T00:00:00.000Z',
      pool_units: '0',
      remainder_units: '0',
      distributed_at: at,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await app.db
    .insertInto('reward_payouts')
    .values({
      id: randomUUID(),
      epoch_id: epochId,
      user_id: userId,
      score: 1,
      amount_units: units.toString(),
      carry_units: '0',
      created_at: at,
      claim_id: null,
    })
    .execute();
}

/** What the member may claim now: their payouts no claim took and no hold marks. */
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

/** A review row (one per reviewer and revision of the post). */
async function review(
  app: FastifyInstance,
  postId: string,
  reviewer: Member,
  at: Date,
  revision = 1,
) {
  const id = randomUUID();
  await app.db
    .insertInto('reviews')
    .values({
      id,
      post_id: postId,
      reviewer_id: reviewer.user.id,
      revision,
      reviewed_text: 'x'.repeat(64),
      soundness: 4,
      significance: 4,
      clarity: 4,
      reproducibility: 4,
      confidence: 3,
      recommendation: 'valid',
      summary: 'A summary',
      strengths: 'Strong',
      weaknesses: 'Weak',
      created_at: at.toISOString(),
      edited_at: null,
      deleted_at: null,
      hidden_at: null,
    })
    .execute();
  return id;
}

const offer = (app: FastifyInstance, by: Member, postId: string, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/media/${postId}/bounties`,
    headers: by.headers,
    payload: body,
  });

const award = (app: FastifyInstance, by: Member, bountyId: string, reviewIds: string[]) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/bounties/${bountyId}/award`,
    headers: by.headers,
    payload: { review_ids: reviewIds },
  });

/** Every unit of the bounty's escrow (the ledger's account `bounty:<id>`): in and out. */
async function escrowSums(app: FastifyInstance, bountyId: string) {
  const rows = await app.db
    .selectFrom('balance_moves')
    .selectAll()
    .where('account', '=', `bounty:${bountyId}`)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const moves = rows.map((row) => ({
    direction: row.direction,
    key: row.move_key,
    userId: row.user_id,
    epochId: row.epoch_id === null ? null : Number(row.epoch_id),
    units: BigInt(row.amount_units),
  }));
  const sum = (direction: 'in' | 'out') =>
    moves.filter((move) => move.direction === direction).reduce((s, m) => s + m.units, 0n);
  return { in: sum('in'), out: sum('out'), moves };
}

describeEachDatabase('review bounties', (db) => {
  it('escrows from the balance at once, awards shares to reviewers and refunds the rest once', async () => {
    await withCommunity(db, async ({ app, clock, author, member, other }) => {
      const postId = await uploadPost(app, author.headers);
      await credit(app, member.user.id, 1000n);

      const created = await offer(app, member, postId, { amount: '600', max_awards: 2 });
      expect(created.statusCode, created.body).toBe(201);
      const bounty = created.json<Bounty>();
      expect(bounty).toMatchObject({
        post_id: postId,
        offerer: { id: member.user.id },
        from_pool: false,
        amount: '600',
        max_awards: 2,
        status: 'open',
        awarded: [],
        refunded_amount: null,
        may_award: true,
      });
      // Default deadline: 14 days.
      expect(Date.parse(bounty.deadline) - clock.now().getTime()).toBe(14 * DAY_MS);
      // The payout was split: 600 in escrow, 400 still claimable.
      expect(await claimable(app, member.user.id)).toBe(400n);

      const listed = await app.inject({ method: 'GET', url: `/api/v1/media/${postId}/bounties` });
      expect(listed.statusCode).toBe(200);
      expect(listed.json<{ items: Bounty[] }>().items.map((b) => b.id)).toEqual([bounty.id]);
      // Only its offerer is offered the award: not a reader, not the post's author.
      const mayAward = async (by: Member | null) =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/media/${postId}/bounties`,
            headers: by?.headers ?? {},
          })
        ).json<{ items: Bounty[] }>().items[0]!.may_award;
      expect(listed.json<{ items: Bounty[] }>().items[0]!.may_award).toBe(false);
      expect(await mayAward(member)).toBe(true);
      expect(await mayAward(author)).toBe(false);
      expect(await mayAward(other)).toBe(false);

      // The author is told.
      const notes = await app.db
        .selectFrom('notifications')
        .select(['type', 'user_id'])
        .where('type', 'like', 'bounty%')
        .execute();
      expect(notes).toEqual([{ type: 'bounty_offered', user_id: author.user.id }]);

      clock.advance(60);
      const reviewId = await review(app, postId, other, clock.now());
      // The receipt sweep has run (the clock queued it at start-up): the award queues it again.
      await app.db
        .updateTable('jobs')
        .set({ status: 'done' })
        .where('kind', '=', 'make-receipts')
        .where('subject_id', '=', 'sweep')
        .execute();
      const awarded = await award(app, member, bounty.id, [reviewId]);
      expect(awarded.statusCode, awarded.body).toBe(200);
      const queued = await app.db
        .selectFrom('jobs')
        .select('status')
        .where('kind', '=', 'make-receipts')
        .where('subject_id', '=', 'sweep')
        .execute();
      expect(queued).toEqual([{ status: 'queued' }]);
      expect(awarded.json<Bounty>().awarded).toMatchObject([
        { review_id: reviewId, amount: '300' },
      ]);
      expect(await claimable(app, other.user.id)).toBe(300n);
      // The same review again pays nothing more.
      const again = await award(app, member, bounty.id, [reviewId]);
      expect(again.statusCode).toBe(422);
      expect(await claimable(app, other.user.id)).toBe(300n);

      // Past the deadline and the moderators' window, the settle job gives back 300, once.
      clock.advance(22 * 86_400);
      expect(await app.services.bounties.settle(bounty.id)).toBe(true);
      expect(await app.services.bounties.settle(bounty.id)).toBe(false);
      expect(await claimable(app, member.user.id)).toBe(700n);
      const settled = await app.inject({ method: 'GET', url: `/api/v1/media/${postId}/bounties` });
      expect(settled.json<{ items: Bounty[] }>().items[0]).toMatchObject({
        status: 'closed',
        refunded_amount: '300',
      });
      // Closed: nobody may award it any more.
      expect(await mayAward(member)).toBe(false);
      const sums = await escrowSums(app, bounty.id);
      expect(sums.in).toBe(600n);
      expect(sums.out).toBe(600n);
      // Nothing made or lost: the two members hold the 1000 they started with.
      expect((await claimable(app, member.user.id)) + (await claimable(app, other.user.id))).toBe(
        1000n,
      );
    });
  });

  it('refuses what the rules refuse, changing nothing', async () => {
    await withCommunity(db, async ({ app, clock, author, member, other, moderator }) => {
      const postId = await uploadPost(app, author.headers);
      await credit(app, member.user.id, 100n);

      const anonymous = await app.inject({
        method: 'POST',
        url: `/api/v1/media/${postId}/bounties`,
        payload: { amount: '10' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await offer(app, member, 'no-such-post', { amount: '10' })).statusCode).toBe(404);
      const tooMuch = await offer(app, member, postId, { amount: '101' });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json()).toMatchObject({
        errors: [{ field: 'amount', message: MESSAGES.bountyBalanceTooLow }],
      });
      const bad = await offer(app, member, postId, { amount: '1.5' });
      expect(bad.statusCode).toBe(422);
      const far = new Date(clock.now().getTime() + 61 * DAY_MS).toISOString();
      const late = await offer(app, member, postId, { amount: '10', deadline: far });
      expect(late.statusCode).toBe(422);
      expect(late.json()).toMatchObject({ errors: [{ field: 'deadline' }] });
      const pool = await offer(app, member, postId, { amount: '10', from_pool: true });
      expect(pool.statusCode).toBe(403);
      expect(await claimable(app, member.user.id)).toBe(100n);

      const hour = new Date(clock.now().getTime() + 3_600_000).toISOString();
      const bounty = (
        await offer(app, member, postId, { amount: '10', deadline: hour })
      ).json<Bounty>();
      const early = await review(app, postId, other, new Date(clock.now().getTime() - 1000));
      clock.advance(10);
      const own = await review(app, postId, member, clock.now());
      const fine = await review(app, postId, other, clock.now(), 2);

      // Not the offerer before the deadline: 403; a moderator neither.
      expect((await award(app, other, bounty.id, [fine])).statusCode).toBe(403);
      expect((await award(app, moderator, bounty.id, [fine])).statusCode).toBe(403);
      // Written before the bounty, or the offerer's own: 422.
      expect((await award(app, member, bounty.id, [early])).statusCode).toBe(422);
      expect((await award(app, member, bounty.id, [own])).statusCode).toBe(422);
      expect((await award(app, member, 'no-such-bounty', [fine])).statusCode).toBe(404);
      expect(await claimable(app, other.user.id)).toBe(0n);

      const mayAward = async (by: Member) =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/v1/media/${postId}/bounties`,
            headers: by.headers,
          })
        ).json<{ items: Bounty[] }>().items[0]!.may_award;
      expect(await mayAward(member)).toBe(true);
      expect(await mayAward(moderator)).toBe(false);

      // After the deadline the offerer may not; a moderator may, as they awarded nothing.
      clock.advance(2 * 3600);
      expect(await mayAward(member)).toBe(false);
      expect(await mayAward(moderator)).toBe(true);
      expect((await award(app, member, bounty.id, [fine])).statusCode).toBe(403);
      const late2 = await award(app, moderator, bounty.id, [fine]);
      expect(late2.statusCode, late2.body).toBe(200);
      expect(late2.json<Bounty>()).toMatchObject({ status: 'closed', may_award: false });
      expect(await claimable(app, other.user.id)).toBe(10n);
      const closed = await award(app, moderator, bounty.id, [fine]);
      expect(closed.statusCode).toBe(422);
    });
  });

  it('a moderator offers from the pool of the open epoch, and its refund goes back there', async () => {
    await withCommunity(db, async ({ app, clock, author, moderator }) => {
      const postId = await uploadPost(app, author.headers);
      const epoch = await app.services.rewards.currentEpoch();
      const poolOf = async () =>
        BigInt(
          (
            await app.db
              .selectFrom('reward_epochs')
              .select('pool_units')
              .where('id', '=', epoch.id)
              .executeTakeFirstOrThrow()
          ).pool_units,
        );
      const before = await poolOf();
      const created = await offer(app, moderator, postId, { amount: '500', from_pool: true });
      expect(created.statusCode, created.body).toBe(201);
      const bounty = created.json<Bounty>();
      expect(bounty).toMatchObject({ offerer: null, from_pool: true });
      expect(await poolOf()).toBe(before - 500n);
      const tooMuch = await offer(app, moderator, postId, {
        amount: (before + 1n).toString(),
        from_pool: true,
      });
      expect(tooMuch.statusCode).toBe(422);
      // A short one, settled once its window is over: its 7 go back to the earliest
      // undistributed pool (the clock opened the running epoch meanwhile).
      const short = new Date(clock.now().getTime() + 60_000).toISOString();
      const quick = (
        await offer(app, moderator, postId, { amount: '7', from_pool: true, deadline: short })
      ).json<Bounty>();
      clock.advance(8 * 86_400);
      await app.services.rewards.tick();
      expect(await app.services.bounties.settle(quick.id)).toBe(true);
      const sums = await escrowSums(app, quick.id);
      expect(sums.in).toBe(7n);
      expect(sums.out).toBe(7n);
      const back = sums.moves.at(-1)!;
      expect(back).toMatchObject({ direction: 'out', userId: null, key: 'refund' });
      const refundedTo = await app.db
        .selectFrom('reward_epochs')
        .select('distributed_at')
        .where('id', '=', back.epochId!)
        .executeTakeFirstOrThrow();
      expect(refundedTo.distributed_at).toBeNull();
    });
  });
});
