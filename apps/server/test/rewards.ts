import type { RewardsMe } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { signedInUser, uploadPost, type DatabaseUnderTest, type TestApp } from './helpers.js';

/** Contribution rewards (issue 16): a small community, likes, and the epoch clock moved by hand. */

export type Member = Awaited<ReturnType<typeof signedInUser>>;

export const DAY = 86_400;
/** One token in the smallest unit. */
export const TOKEN = 1_000_000_000n;

export const likePost = (app: FastifyInstance, member: Member, postId: string) =>
  app.inject({ method: 'POST', url: `/api/v1/media/${postId}/like`, headers: member.headers });

export const likeComment = (app: FastifyInstance, member: Member, commentId: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/comments/${commentId}/like`,
    headers: member.headers,
  });

/** Moves the clock past the running epoch's end; the clock's tick queues its distribution. */
export async function endEpoch(testApp: TestApp): Promise<number[]> {
  const rewards = testApp.app.services.rewards;
  const epoch = await rewards.currentEpoch();
  testApp.clock.advance((Date.parse(epoch.endsAt) - testApp.clock.now().getTime()) / 1000 + 1);
  return rewards.tick();
}

/** The epoch's payouts by member: units credited and carried, and the score. */
export async function payouts(testApp: TestApp, epochId: number) {
  const rows = await testApp.app.db
    .selectFrom('reward_payouts')
    .select(['user_id', 'amount_units', 'carry_units', 'score'])
    .where('epoch_id', '=', epochId)
    .orderBy('user_id')
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      row.user_id,
      {
        amount: BigInt(row.amount_units),
        carry: BigInt(row.carry_units),
        score: Number(row.score),
      },
    ]),
  );
}

export async function rewardsMe(app: FastifyInstance, member: Member): Promise<RewardsMe> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/rewards/me',
    headers: member.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RewardsMe>();
}

/**
 * An author and a second member with a post each, and three fans; the clock then moves two days
 * on, so every account is past REWARD_MIN_ACTOR_AGE_SECONDS. Sessions outlive the weeks the
 * tests move the clock through.
 */
export async function rewardsCommunity(db: DatabaseUnderTest, env: Record<string, string> = {}) {
  const testApp = await db.buildApp({
    env: {
      COMMENT_RATE_LIMIT_MAX: '1000',
      ACCESS_TOKEN_TTL_SECONDS: String(365 * DAY),
      SESSION_IDLE_TIMEOUT_SECONDS: String(365 * DAY),
      ...env,
    },
  });
  const { app } = testApp;
  const author = await signedInUser(app);
  const second = await signedInUser(app);
  const fans = [await signedInUser(app), await signedInUser(app), await signedInUser(app)] as [
    Member,
    Member,
    Member,
  ];
  const post = await uploadPost(app, author.headers, { title: 'Findings' });
  const secondPost = await uploadPost(app, second.headers, { title: 'More findings' });
  testApp.clock.advance(2 * DAY);
  return { testApp, app, author, second, fans, post, secondPost };
}
