import {
  MESSAGES,
  TOKEN_UNITS_PER_TOKEN,
  type FrozenRewardsEntry,
  type ModerationLogEntry,
  type RewardHoldResult,
  type RewardsMe,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { withCommunity, type Community, type Member } from '../../../test/community.js';
import { describeEachDatabase, loginAs, uploadPost } from '../../../test/helpers.js';

/**
 * POST /moderation/users/{id}/rewards and GET /moderation/rewards/frozen (issue 28) through HTTP
 * on the full app: a suspension resolved by a moderator voids the member's signals and freezes
 * their balance, the log shows each, and a moderator releases or forfeits what is frozen.
 * Payouts are written as the distribution writes them, in an epoch (0) long distributed.
 */

const units = (tokens: number) => BigInt(tokens) * BigInt(TOKEN_UNITS_PER_TOKEN);

/** Credits `tokens` to the member in epoch 0, distributed long ago. */
async function credit(app: FastifyInstance, userId: string, tokens: number) {
  await app.db
    .insertInto('reward_epochs')
    .values({
      id: 0,
      starts_at: '2000-01-01T00:00:00.000Z',
      ends_at: '2000-01-08T00:00:00.000Z',
      pool_units: units(10_000).toString(),
      remainder_units: '0',
      distributed_at: '2000-01-08T00:00:00.000Z',
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await app.db
    .insertInto('reward_payouts')
    .values({
      id: crypto.randomUUID(),
      epoch_id: 0,
      user_id: userId,
      score: 1,
      amount_units: units(tokens).toString(),
      carry_units: '0',
      created_at: '2000-01-08T00:00:00.000Z',
      claim_id: null,
    })
    .execute();
}

/** Suspends `member` for a day through a report on them, as the moderator. */
async function suspend(community: Community, member: Member) {
  const reportId = await community.reported(community.other, {
    target_type: 'user',
    target_id: member.user.id,
  });
  const resolved = await community.resolve(reportId, {
    action: 'suspend',
    note: 'Ring account',
    suspend_days: 1,
  });
  expect(resolved.statusCode, resolved.body).toBe(200);
}

const decide = (community: Community, userId: string, body: unknown, as?: Member) =>
  community.app.inject({
    method: 'POST',
    url: `/api/v1/moderation/users/${userId}/rewards`,
    headers: (as ?? community.moderator).headers,
    payload: body as Record<string, unknown>,
  });

const logOf = async (community: Community) =>
  (await community.get('/api/v1/moderation/log?limit=100', community.moderator.headers)).json<
    ModerationLogEntry[]
  >();

const poolOf = async (app: FastifyInstance, epochId: number) =>
  BigInt(
    (
      await app.db
        .selectFrom('reward_epochs')
        .select((eb) => eb.cast<string>('pool_units', 'text').as('pool'))
        .where('id', '=', epochId)
        .executeTakeFirstOrThrow()
    ).pool,
  );

/** The member's rewards after their suspension (a day) is over and they signed in again. */
async function rewardsAfterSuspension(community: Community, member: Member) {
  community.clock.advance(86_400 + 1);
  const headers = await loginAs(community.app, member);
  const rewards = await community.get('/api/v1/rewards/me', headers);
  expect(rewards.statusCode, rewards.body).toBe(200);
  return { headers, rewards: rewards.json<RewardsMe>() };
}

describeEachDatabase('a suspended member’s rewards (issue 28)', (db) => {
  it('refuses members (403), an unknown member (404), bad bodies (400, 422) and nothing frozen (409), changing nothing', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member } = community;
      await credit(app, author.user.id, 10);
      const before = await logOf(community);

      const asMember = await decide(community, author.user.id, { action: 'forfeit' }, member);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toMatchObject({ detail: MESSAGES.moderatorsOnly });
      const signedOut = await app.inject({
        method: 'POST',
        url: `/api/v1/moderation/users/${author.user.id}/rewards`,
        payload: { action: 'forfeit', note: 'x' },
      });
      expect(signedOut.statusCode).toBe(401);
      const frozenAsMember = await community.get(
        '/api/v1/moderation/rewards/frozen',
        member.headers,
      );
      expect(frozenAsMember.statusCode).toBe(403);

      const unknown = await decide(community, 'no-such-member', { action: 'release', note: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ detail: MESSAGES.userNotFound });

      const malformed = await app.inject({
        method: 'POST',
        url: `/api/v1/moderation/users/${author.user.id}/rewards`,
        headers: { ...community.moderator.headers, 'content-type': 'application/json' },
        payload: '{"action": "forfeit",',
      });
      expect(malformed.statusCode).toBe(400);
      const badAction = await decide(community, author.user.id, { action: 'burn', note: 'x' });
      expect(badAction.statusCode).toBe(422);
      expect(JSON.stringify(badAction.json())).toContain(MESSAGES.oneOf(['release', 'forfeit']));
      const noNote = await decide(community, author.user.id, { action: 'forfeit', note: ' ' });
      expect(noNote.statusCode).toBe(422);
      expect(JSON.stringify(noNote.json())).toContain(MESSAGES.noteRequired);

      // Not suspended: nothing is frozen, so nothing is released or forfeited.
      for (const action of ['release', 'forfeit']) {
        const nothing = await decide(community, author.user.id, { action, note: 'Why' });
        expect(nothing.statusCode, nothing.body).toBe(409);
        expect(nothing.json()).toMatchObject({ detail: MESSAGES.nothingFrozen });
      }
      expect(await logOf(community)).toEqual(before);
      const rewards = await community.get('/api/v1/rewards/me', author.headers);
      expect(rewards.json<RewardsMe>()).toMatchObject({ claimable: '10', frozen: '0' });
    });
  });

  it('a suspension voids the signals the member gave and freezes their balance, both logged; release makes it claimable again', async () => {
    await withCommunity(
      db,
      async (community) => {
        const { app, author, member, moderator } = community;
        await credit(app, author.user.id, 10);
        const memberPost = await uploadPost(app, member.headers);
        const liked = await app.inject({
          method: 'POST',
          url: `/api/v1/media/${memberPost}/like`,
          headers: author.headers,
        });
        expect(liked.statusCode, liked.body).toBe(200);
        const scoreOf = async () =>
          (await community.get('/api/v1/rewards/me', member.headers)).json<RewardsMe>()
            .pending_score;
        expect(await scoreOf()).toBeGreaterThan(0);

        await suspend(community, author);
        expect(await scoreOf()).toBe(0);
        const log = await logOf(community);
        expect(log.slice(0, 3).map((entry) => [entry.action, entry.target_id])).toEqual([
          ['freeze_rewards', author.user.id],
          ['void_signals', author.user.id],
          ['suspend', author.user.id],
        ]);
        expect(log[0]).toMatchObject({ amount: '10', signals: null, note: 'Ring account' });
        expect(log[1]).toMatchObject({ amount: null, signals: 1 });
        expect(log[0]?.moderator.id).toBe(moderator.user.id);

        const frozen = await community.get('/api/v1/moderation/rewards/frozen', moderator.headers);
        expect(frozen.statusCode).toBe(200);
        expect(frozen.json<FrozenRewardsEntry[]>()).toEqual([
          {
            user: expect.objectContaining({ id: author.user.id, username: author.username }),
            amount: '10',
            frozen_at: expect.any(String),
            suspended_until: expect.any(String),
          },
        ]);

        const { headers, rewards } = await rewardsAfterSuspension(community, author);
        expect(rewards).toMatchObject({ claimable: '0', frozen: '10' });
        expect(rewards.history[0]).toMatchObject({ epoch: 0, amount: '10', hold: 'frozen' });
        // Unsuspended, their signals count again; their frozen balance stays frozen.
        const again = await app.inject({
          method: 'POST',
          url: `/api/v1/media/${await uploadPost(app, member.headers)}/like`,
          headers,
        });
        expect(again.statusCode).toBe(200);
        expect(await scoreOf()).toBeGreaterThan(0);

        const released = await decide(community, author.user.id, {
          action: 'release',
          note: 'Appeal upheld',
        });
        expect(released.statusCode, released.body).toBe(200);
        expect(released.json<RewardHoldResult>()).toEqual({
          action: 'release',
          amount: '10',
          pool_epoch: null,
        });
        const after = await community.get('/api/v1/rewards/me', headers);
        expect(after.json<RewardsMe>()).toMatchObject({ claimable: '10', frozen: '0' });
        expect(after.json<RewardsMe>().history[0]?.hold).toBeNull();
        expect((await logOf(community))[0]).toMatchObject({
          action: 'release_rewards',
          target_type: 'user',
          target_id: author.user.id,
          amount: '10',
          note: 'Appeal upheld',
        });
        const twice = await decide(community, author.user.id, { action: 'forfeit', note: 'x' });
        expect(twice.statusCode).toBe(409);
      },
      { REWARD_MIN_ACTOR_AGE_SECONDS: '0' },
    );
  });

  it('forfeit returns exactly the frozen tokens to the pool of the next distribution, logged', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, moderator } = community;
      await credit(app, author.user.id, 7);
      await suspend(community, author);
      const epoch = await app.services.rewards.currentEpoch();
      const poolBefore = await poolOf(app, epoch.id);

      const forfeited = await decide(community, author.user.id, {
        action: 'forfeit',
        note: 'Farming ring',
      });
      expect(forfeited.statusCode, forfeited.body).toBe(200);
      expect(forfeited.json<RewardHoldResult>()).toEqual({
        action: 'forfeit',
        amount: '7',
        pool_epoch: epoch.id,
      });
      expect(await poolOf(app, epoch.id)).toBe(poolBefore + units(7));
      expect((await logOf(community))[0]).toMatchObject({
        action: 'forfeit_rewards',
        target_id: author.user.id,
        amount: '7',
        note: 'Farming ring',
      });
      const frozen = await community.get('/api/v1/moderation/rewards/frozen', moderator.headers);
      expect(frozen.json()).toEqual([]);
      const { rewards } = await rewardsAfterSuspension(community, author);
      expect(rewards).toMatchObject({ claimable: '0', frozen: '0', total_earned: '7' });
      expect(rewards.history[0]?.hold).toBe('forfeited');
      const again = await decide(community, author.user.id, { action: 'forfeit', note: 'x' });
      expect(again.statusCode).toBe(409);
      expect(await poolOf(app, epoch.id)).toBe(poolBefore + units(7));
    });
  });
});
