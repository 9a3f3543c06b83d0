import type { CurrentUser, DownWeighted, ModerationLogEntry } from '@symposia/shared';
import { expect, it } from 'vitest';
import { withCommunity, type Community, type Member } from '../../../test/community.js';
import { describeEachDatabase, uploadPost } from '../../../test/helpers.js';

/**
 * Community trust through the API (issue 28, docs/TRUST.md): the moderators' marks
 * (POST /moderation/users/{id}/trust), recomputes, the down-weighted accounts, and the level in
 * GET /auth/me and on author profiles — on SQLite and PostgreSQL.
 */

const DAY = 86_400;

const mark = (c: Community, as: Member, id: string, payload: unknown) =>
  c.app.inject({
    method: 'POST',
    url: `/api/v1/moderation/users/${id}/trust`,
    headers: { ...as.headers, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const me = async (c: Community, who: Member) => {
  const response = await c.get('/api/v1/auth/me', who.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CurrentUser>();
};

const like = async (c: Community, who: Member, postId: string) => {
  const response = await c.app.inject({
    method: 'POST',
    url: `/api/v1/media/${postId}/like`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
};

const marksAndJobs = async (c: Community) => ({
  marks: await c.app.db.selectFrom('trust_marks').selectAll().execute(),
  log: await c.app.db.selectFrom('moderation_log').select('action').execute(),
  jobs: await c.app.db
    .selectFrom('jobs')
    .select('kind')
    .where('kind', '=', 'compute-trust')
    .execute(),
});

describeEachDatabase('community trust (issue 28)', (db) => {
  it('refuses members (403), visitors (401), unknown members (404) and bad bodies, changing nothing', async () => {
    await withCommunity(db, async (c) => {
      const before = await marksAndJobs(c);
      const body = { seed: true, note: 'Known to us' };
      expect((await mark(c, c.member, c.author.user.id, body)).statusCode).toBe(403);
      const anonymous = await c.app.inject({
        method: 'POST',
        url: `/api/v1/moderation/users/${c.author.user.id}/trust`,
        payload: body,
      });
      expect(anonymous.statusCode).toBe(401);
      const unknown = await mark(c, c.moderator, 'no-such-user', body);
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect(unknown.json<{ detail: string }>().detail).toBe('User not found');

      // A body that is not JSON is a 400; one that is, but wrong, a 422 naming the field.
      expect((await mark(c, c.moderator, c.author.user.id, '{"seed": tru')).statusCode).toBe(400);
      for (const wrong of [
        { seed: 'yes', note: 'x' },
        { seed: true },
        { seed: true, note: '   ' },
        { note: 'no seed' },
        { seed: true, note: 'x'.repeat(501) },
      ]) {
        const response = await mark(c, c.moderator, c.author.user.id, wrong);
        expect(response.statusCode, JSON.stringify(wrong)).toBe(422);
      }
      // A moderator is a seed by their role: marking one untrusted is refused.
      const self = await mark(c, c.moderator, c.moderator.user.id, { seed: false, note: 'x' });
      expect(self.statusCode, self.body).toBe(422);

      for (const [method, url] of [
        ['POST', '/api/v1/moderation/trust/recompute'],
        ['GET', '/api/v1/moderation/trust/down-weighted'],
      ] as const) {
        expect((await c.app.inject({ method, url, headers: c.member.headers })).statusCode).toBe(
          403,
        );
        expect((await c.app.inject({ method, url })).statusCode).toBe(401);
      }
      expect(await marksAndJobs(c)).toEqual(before);
    });
  });

  it('marks a member trusted, logs it, queues a recompute; their level shows in /auth/me and on their profile', async () => {
    await withCommunity(db, async (c) => {
      expect((await me(c, c.member)).trust_level).toBe(0);
      // A moderator is a seed by their role.
      expect((await me(c, c.moderator)).trust_level).toBe(3);

      const marked = await mark(c, c.moderator, c.member.user.id, {
        seed: true,
        note: 'Met at the workshop',
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toMatchObject({
        user_id: c.member.user.id,
        seed: true,
        note: 'Met at the workshop',
      });
      const log = await c.get('/api/v1/moderation/log', c.moderator.headers);
      expect(log.json<ModerationLogEntry[]>()[0]).toMatchObject({
        action: 'trust',
        target_type: 'user',
        target_id: c.member.user.id,
        note: 'Met at the workshop',
        moderator: { id: c.moderator.user.id },
      });
      expect((await marksAndJobs(c)).jobs).toHaveLength(1);

      // The level changes when the job runs, not before.
      expect((await me(c, c.member)).trust_level).toBe(0);
      await c.app.services.trust.recompute();
      const after = await me(c, c.member);
      expect(after.trust_level).toBe(3);
      // Only the level goes out, never the score.
      expect(Object.keys(after).filter((key) => key.includes('trust'))).toEqual(['trust_level']);
      const profile = await c.get(
        `/api/v1/auth/person_information?user_id=${c.member.user.id}`,
        c.other.headers,
      );
      expect(profile.json<{ trust_level: number }>().trust_level).toBe(3);

      // Marked untrusted again: 0 at the next run, and logged as `untrust`.
      expect(
        (await mark(c, c.moderator, c.member.user.id, { seed: false, note: 'Sold the account' }))
          .statusCode,
      ).toBe(200);
      await c.app.services.trust.recompute();
      expect((await me(c, c.member)).trust_level).toBe(0);
      const latest = (await c.get('/api/v1/moderation/log', c.moderator.headers)).json<
        ModerationLogEntry[]
      >()[0];
      expect(latest).toMatchObject({ action: 'untrust', target_id: c.member.user.id });
    });
  });

  it('propagates trust from the moderator along likes; a recompute is a 202 and a queued job', async () => {
    await withCommunity(db, async (c) => {
      c.clock.advance(2 * DAY);
      const authorPost = await uploadPost(c.app, c.author.headers, { title: 'Endorsed' });
      const otherPost = await uploadPost(c.app, c.other.headers, { title: 'Unseen' });
      await like(c, c.moderator, authorPost);
      // `other` and `member` like each other; nobody the moderator endorsed likes them.
      const memberPost = await uploadPost(c.app, c.member.headers, { title: 'Ring' });
      await like(c, c.member, otherPost);
      await like(c, c.other, memberPost);
      c.clock.advance(60);

      const queued = await c.app.inject({
        method: 'POST',
        url: '/api/v1/moderation/trust/recompute',
        headers: c.moderator.headers,
      });
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json()).toMatchObject({ job_id: expect.any(String) });
      expect((await marksAndJobs(c)).jobs).toHaveLength(1);
      await c.app.services.trust.recompute();

      expect((await me(c, c.author)).trust_level).toBe(3);
      expect((await me(c, c.member)).trust_level).toBe(0);
      expect((await me(c, c.other)).trust_level).toBe(0);

      // The moderators see who gave signals their trust discounts, and to whom.
      const list = await c.get('/api/v1/moderation/trust/down-weighted', c.moderator.headers);
      expect(list.statusCode, list.body).toBe(200);
      const view = list.json<DownWeighted>();
      expect(view.computed_at).not.toBeNull();
      const byName = new Map(view.accounts.map((account) => [account.username, account]));
      expect([...byName.keys()].sort()).toEqual(
        [c.member.user.username, c.other.user.username].sort(),
      );
      expect(byName.get(c.member.user.username)).toMatchObject({
        trust_level: 0,
        given: 3,
        withheld: 3,
        cluster: [{ username: c.other.user.username, given: 3, trust_level: 0 }],
      });
    });
  });
});
