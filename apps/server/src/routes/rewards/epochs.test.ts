import type { EpochSummary } from '@symposia/shared';
import { expect, it } from 'vitest';
import { withCommunity, type Community, type Member } from '../../../test/community.js';
import { describeEachDatabase, uploadPost } from '../../../test/helpers.js';

/**
 * GET /rewards/epochs/{id} (public, issue 28): the pool, the members paid, the top recipients
 * and what trust weighting withheld — here from a pair of accounts nobody trusted endorses, who
 * like each other's posts — on SQLite and PostgreSQL.
 */

const DAY = 86_400;

const like = async (c: Community, who: Member, postId: string) => {
  const response = await c.app.inject({
    method: 'POST',
    url: `/api/v1/media/${postId}/like`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
};

describeEachDatabase('GET /rewards/epochs/{id}', (db) => {
  it('shows the split, top recipients and what trust weighting withheld; 404 and 422 otherwise', async () => {
    await withCommunity(db, async (c) => {
      const rewards = c.app.services.rewards;
      const epoch = await rewards.currentEpoch();
      c.clock.advance(2 * DAY);
      const authorPost = await uploadPost(c.app, c.author.headers, { title: 'Endorsed' });
      const memberPost = await uploadPost(c.app, c.member.headers, { title: 'Pair one' });
      const otherPost = await uploadPost(c.app, c.other.headers, { title: 'Pair two' });
      await like(c, c.moderator, authorPost);
      await like(c, c.member, otherPost);
      await like(c, c.other, memberPost);

      const before = await c.get(`/api/v1/rewards/epochs/${epoch.id}`);
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json<EpochSummary>()).toMatchObject({
        distributed_at: null,
        members_paid: 0,
        top_recipients: [],
      });

      c.clock.advance((Date.parse(epoch.endsAt) - c.clock.now().getTime()) / 1000 + 1);
      await rewards.tick();
      expect(await rewards.distributeEpoch(epoch.id)).toBe(true);

      const response = await c.get(`/api/v1/rewards/epochs/${epoch.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const summary = response.json<EpochSummary>();
      // The author alone is paid: the pair's likes come from accounts with trust 0.
      expect(summary).toMatchObject({
        epoch: { id: epoch.id },
        pool: '10000',
        members_paid: 1,
        // Statistics are private by default: a visitor sees the author as Anonymous.
        top_recipients: [{ rank: 1, user_id: null, username: 'Anonymous', score: 3 }],
        trust_weighting: { unweighted_score: 9, weighted_score: 3 },
      });
      expect(summary.distributed_at).not.toBeNull();
      // The share cap (5%) pays the author 500; unweighted, each pair member would have had 500.
      expect(summary.paid).toBe('500');
      expect(summary.trust_weighting.withheld).toBe('1000');

      expect((await c.get('/api/v1/rewards/epochs/999')).statusCode).toBe(404);
      expect((await c.get('/api/v1/rewards/epochs/abc')).statusCode).toBe(422);
      expect((await c.get('/api/v1/rewards/epochs/0')).statusCode).toBe(422);
    });
  });
});
