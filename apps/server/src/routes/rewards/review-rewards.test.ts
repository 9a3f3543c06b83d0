import type { EpochSummary, ReviewList, RewardsMe, Review, UserReviewList } from '@symposia/shared';
import { expect, it } from 'vitest';
import { withCommunity, type Community, type Member } from '../../../test/community.js';
import { describeEachDatabase, uploadPost } from '../../../test/helpers.js';

/**
 * Reviewers are rewarded (issue 29), through the HTTP API on SQLite and PostgreSQL: a review the
 * post's trusted author rates 5 and a trusted reader marks helpful earns its reviewer
 * REWARD_WEIGHT_REVIEW (6) for the rating and a quarter of it for the mark; a review as helpful
 * but hidden by the moderators, or deleted, earns nothing; the score so far shows it too.
 */

const DAY = 86_400;

const REVIEW = {
  soundness: 4,
  significance: 4,
  clarity: 4,
  reproducibility: 4,
  confidence: 4,
  recommendation: 'valid',
  summary: 'Sound.',
  strengths: 'Clear.',
  weaknesses: 'Small sample.',
};

async function post(c: Community, by: Member, url: string, payload?: object) {
  const response = await c.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: by.headers,
    ...(payload && { payload }),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
}

/** A review of `postId` by `by`, rated 5 by the post's author and marked helpful by `reader`. */
async function helpfulReview(c: Community, by: Member, postId: string, reader: Member) {
  const review = (await post(c, by, `/media/${postId}/reviews`, REVIEW)).json<Review>();
  await post(c, c.author, `/reviews/${review.id}/rating`, { rating: 5 });
  await post(c, reader, `/reviews/${review.id}/helpful`);
  return review.id;
}

describeEachDatabase('rewards for reviews', (db) => {
  it('pays a helpful review by its raters’ trust, and a hidden or deleted one nothing', async () => {
    await withCommunity(db, async (c) => {
      const rewards = c.app.services.rewards;
      const epoch = await rewards.currentEpoch();
      c.clock.advance(2 * DAY);
      const postId = await uploadPost(c.app, c.author.headers, { title: 'Findings' });
      // The moderator (a seed of trust) endorses the author, so the author's rating weighs 1.
      await post(c, c.moderator, `/media/${postId}/like`);

      await helpfulReview(c, c.member, postId, c.moderator);
      const hidden = await helpfulReview(c, c.other, postId, c.moderator);
      await c.app.db
        .updateTable('reviews')
        .set({ hidden_at: c.clock.now().toISOString() })
        .where('id', '=', hidden)
        .execute();
      const deleted = await helpfulReview(c, c.moderator, postId, c.member);
      const gone = await c.app.inject({
        method: 'DELETE',
        url: `/api/v1/reviews/${deleted}`,
        headers: c.moderator.headers,
      });
      expect(gone.statusCode, gone.body).toBe(204);

      const me = await c.app.inject({
        method: 'GET',
        url: '/api/v1/rewards/me',
        headers: c.member.headers,
      });
      // Trust is not computed yet: every rater weighs 1 until the first run with a seed.
      expect(me.json<RewardsMe>().pending_score).toBe(6 + 1.5);

      c.clock.advance((Date.parse(epoch.endsAt) - c.clock.now().getTime()) / 1000 + 1);
      await rewards.tick();
      expect(await rewards.distributeEpoch(epoch.id)).toBe(true);

      const payouts = await c.app.db
        .selectFrom('reward_payouts')
        .select(['user_id', 'score'])
        .where('epoch_id', '=', epoch.id)
        .orderBy('user_id')
        .execute();
      const scores = Object.fromEntries(payouts.map((row) => [row.user_id, Number(row.score)]));
      // The reviewer: the author's 5 (four steps of 6/4) and the moderator's mark (6 × 0.25);
      // the author: the moderator's like. The hidden and deleted reviews' reviewers: nothing.
      expect(scores).toEqual({ [c.member.user.id]: 7.5, [c.author.user.id]: 3 });
      const summary = (await c.get(`/api/v1/rewards/epochs/${epoch.id}`)).json<EpochSummary>();
      expect(summary.members_paid).toBe(2);
    });
  });

  it('counts nothing from raters nobody trusted endorses, once trust is weighed', async () => {
    await withCommunity(db, async (c) => {
      const rewards = c.app.services.rewards;
      const epoch = await rewards.currentEpoch();
      c.clock.advance(2 * DAY);
      // The author is endorsed by nobody trusted; the moderator's mark alone weighs.
      const postId = await uploadPost(c.app, c.author.headers, { title: 'Unendorsed' });
      await helpfulReview(c, c.member, postId, c.moderator);
      await helpfulReview(c, c.other, postId, c.member);

      c.clock.advance((Date.parse(epoch.endsAt) - c.clock.now().getTime()) / 1000 + 1);
      await rewards.tick();
      expect(await rewards.distributeEpoch(epoch.id)).toBe(true);
      const payouts = await c.app.db
        .selectFrom('reward_payouts')
        .select(['user_id', 'score'])
        .where('epoch_id', '=', epoch.id)
        .execute();
      expect(payouts.map((row) => [row.user_id, Number(row.score)])).toEqual([
        [c.member.user.id, 1.5],
      ]);
    });
  });

  it('counts a suspended post author’s rating nowhere while the suspension lasts', async () => {
    await withCommunity(db, async (c) => {
      c.clock.advance(2 * DAY);
      const postId = await uploadPost(c.app, c.author.headers, { title: 'Findings' });
      const review = (await post(c, c.member, `/media/${postId}/reviews`, REVIEW)).json<Review>();
      await post(c, c.author, `/reviews/${review.id}/rating`, { rating: 5 });
      const score = async () =>
        (await c.get('/api/v1/rewards/me', c.member.headers)).json<RewardsMe>().pending_score;
      // Four steps above the lowest rating, REWARD_WEIGHT_REVIEW (6) for the four.
      expect(await score()).toBe(6);

      const reportId = await c.reported(c.other, {
        target_type: 'user',
        target_id: c.author.user.id,
      });
      const done = await c.resolve(reportId, { action: 'suspend', note: 'Ring', suspend_days: 1 });
      expect(done.statusCode, done.body).toBe(200);
      expect(await score()).toBe(0);
      // The rating is kept: once the suspension is over it counts again.
      c.clock.advance(DAY + 1);
      expect(await score()).toBe(6);
    });
  });

  it('counts a suspended member’s helpful marks nowhere while the suspension lasts', async () => {
    await withCommunity(db, async (c) => {
      const rewards = c.app.services.rewards;
      const epoch = await rewards.currentEpoch();
      c.clock.advance(2 * DAY);
      const postId = await uploadPost(c.app, c.author.headers, { title: 'Findings' });
      const review = (await post(c, c.member, `/media/${postId}/reviews`, REVIEW)).json<Review>();
      await post(c, c.other, `/reviews/${review.id}/helpful`);
      /** The mark as readers see it: the review's count, the reviewer's total and score. */
      const counted = async () => {
        const alone = await c.get(`/api/v1/reviews/${review.id}`);
        const list = await c.get(`/api/v1/media/${postId}/reviews`);
        // Their own statistics (a visitor may be shown none, as their settings say).
        const written = await c.get(`/api/v1/users/${c.member.user.id}/reviews`, c.member.headers);
        const me = await c.get('/api/v1/rewards/me', c.member.headers);
        return {
          count: alone.json<Review>().helpful_count,
          inList: list.json<ReviewList>().items[0]!.helpful_count,
          total: written.json<UserReviewList>().helpful_total,
          score: me.json<RewardsMe>().pending_score,
        };
      };
      expect(await counted()).toEqual({ count: 1, inList: 1, total: 1, score: 1.5 });

      const suspend = async (days: number) => {
        const reportId = await c.reported(c.author, {
          target_type: 'user',
          target_id: c.other.user.id,
        });
        const done = await c.resolve(reportId, {
          action: 'suspend',
          note: 'Ring',
          suspend_days: days,
        });
        expect(done.statusCode, done.body).toBe(200);
      };
      await suspend(1);
      expect(await counted()).toEqual({ count: 0, inList: 0, total: 0, score: 0 });
      // The mark is kept: once the suspension is over it counts again.
      c.clock.advance(DAY + 1);
      expect(await counted()).toEqual({ count: 1, inList: 1, total: 1, score: 1.5 });

      // Suspended again, still when the epoch is paid: the reviewer earns nothing from it.
      await suspend(30);
      c.clock.advance((Date.parse(epoch.endsAt) - c.clock.now().getTime()) / 1000 + 1);
      await rewards.tick();
      expect(await rewards.distributeEpoch(epoch.id)).toBe(true);
      const payouts = await c.app.db
        .selectFrom('reward_payouts')
        .select('user_id')
        .where('epoch_id', '=', epoch.id)
        .execute();
      expect(payouts).toEqual([]);
    });
  });
});
