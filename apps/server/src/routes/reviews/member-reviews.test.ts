import type { Review, UserReviewList } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { withCommunity, type Member } from '../../../test/community.js';
import { describeEachDatabase, uploadPost } from '../../../test/helpers.js';

/**
 * GET /users/{id}/reviews on both databases (issue 29): what a member wrote and received, as
 * each reader may see it — never an anonymous review in someone's written list, never a review
 * of a post the reader may not see — their helpful total as private as their statistics, and
 * keyset pages that neither skip nor repeat.
 */

type Headers = { authorization: string };

const REVIEW = {
  soundness: 4,
  significance: 3,
  clarity: 5,
  reproducibility: 2,
  confidence: 4,
  recommendation: 'valid',
  summary: 'A careful study.',
  strengths: '',
  weaknesses: '',
};

async function reviewed(app: FastifyInstance, by: Member, postId: string, body: object = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/media/${postId}/reviews`,
    headers: by.headers,
    payload: { ...REVIEW, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Review>();
}

function listOf(app: FastifyInstance, userId: string, query: string, headers?: Headers) {
  return app.inject({
    url: `/api/v1/users/${userId}/reviews${query}`,
    ...(headers && { headers }),
  });
}

async function pageOf(app: FastifyInstance, userId: string, query: string, headers?: Headers) {
  const response = await listOf(app, userId, query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserReviewList>();
}

async function setStatistics(app: FastifyInstance, who: Member, shown: boolean) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/modify/modify_settings',
    headers: who.headers,
    payload: { new_public_statistics: shown },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describeEachDatabase("a member's reviews (issue 29)", (db) => {
  it('lists written and received reviews as each reader may see them', async () => {
    await withCommunity(db, async ({ app, clock, author, member, other, moderator }) => {
      const [open, veiled, later] = [
        await uploadPost(app, author.headers, { title: 'Open claim' }),
        await uploadPost(app, author.headers, { title: 'Veiled claim' }),
        await uploadPost(app, author.headers, { title: 'Later private' }),
      ];
      const signed = await reviewed(app, member, open);
      clock.advance(10);
      const anonymous = await reviewed(app, member, veiled, { anonymous: true });
      clock.advance(10);
      const ofPrivate = await reviewed(app, member, later);
      const toPrivate = await app.inject({
        method: 'PATCH',
        url: `/api/v1/media/${later}`,
        headers: author.headers,
        payload: { visibility: 'private' },
      });
      expect(toPrivate.statusCode, toPrivate.body).toBe(200);
      // One mark on the signed review, one on the anonymous one.
      for (const [by, id] of [
        [other, signed.id],
        [author, anonymous.id],
      ] as const) {
        const marked = await app.inject({
          method: 'POST',
          url: `/api/v1/reviews/${id}/helpful`,
          headers: by.headers,
        });
        expect(marked.statusCode, marked.body).toBe(200);
      }
      await setStatistics(app, member, false);

      const ids = (list: UserReviewList) => list.items.map((item) => item.id);
      // Another member, or a visitor: the signed review alone, with its post; no total.
      const seenByOther = await pageOf(app, member.user.id, '?kind=written', other.headers);
      expect(ids(seenByOther)).toEqual([signed.id]);
      expect(seenByOther.items[0]).toMatchObject({
        post: { id: open, title: 'Open claim' },
        reviewer: { id: member.user.id },
        helpful_count: 1,
      });
      expect(seenByOther.helpful_total).toBeNull();
      expect(seenByOther.next_cursor).toBeNull();
      expect(ids(await pageOf(app, member.user.id, ''))).toEqual([signed.id]);
      // The reviewer: their anonymous review too, never the private post's; their own total
      // (the anonymous review's mark is not counted as theirs in public).
      const own = await pageOf(app, member.user.id, '?kind=written', member.headers);
      expect(ids(own)).toEqual([anonymous.id, signed.id]);
      expect(own.items[0]).toMatchObject({ anonymous: true, is_mine: true });
      expect(own.helpful_total).toBe(1);
      // A moderator knows anonymous reviewers, but not the private post.
      const moderated = await pageOf(app, member.user.id, '?kind=written', moderator.headers);
      expect(ids(moderated)).toEqual([anonymous.id, signed.id]);

      // Received: the author's posts' reviews; the anonymous one names nobody.
      const received = await pageOf(app, author.user.id, '?kind=received', other.headers);
      expect(ids(received)).toEqual([anonymous.id, signed.id]);
      expect(received.items[0]).toMatchObject({ reviewer: null, anonymous: true });
      // The author sees the review of their private post too.
      const authorsOwn = await pageOf(app, author.user.id, '?kind=received', author.headers);
      expect(ids(authorsOwn)).toEqual([ofPrivate.id, anonymous.id, signed.id]);
      // The member received none.
      expect((await pageOf(app, member.user.id, '?kind=received', other.headers)).items).toEqual(
        [],
      );

      // The total follows the statistics flag, both ways.
      await setStatistics(app, member, true);
      expect((await pageOf(app, member.user.id, '', other.headers)).helpful_total).toBe(1);
      expect((await pageOf(app, member.user.id, '')).helpful_total).toBe(1);
      await setStatistics(app, member, false);
      expect((await pageOf(app, member.user.id, '', other.headers)).helpful_total).toBeNull();

      // Bad input is a 422 naming its field; nobody is a 404.
      const badKind = await listOf(app, member.user.id, '?kind=liked', other.headers);
      expect(badKind.statusCode).toBe(422);
      expect(badKind.json()).toMatchObject({ errors: [{ field: 'kind' }] });
      const badCursor = await listOf(app, member.user.id, '?cursor=bm9wZQ', other.headers);
      expect(badCursor.statusCode).toBe(422);
      expect(badCursor.json()).toMatchObject({ errors: [{ field: 'cursor' }] });
      expect((await listOf(app, 'nobody', '', other.headers)).statusCode).toBe(404);
    });
  });

  it('pages newest first by keyset, ties broken by id, with nothing skipped or repeated', async () => {
    await withCommunity(db, async ({ app, clock, author, member }) => {
      const written: string[] = [];
      for (let index = 0; index < 5; index += 1) {
        const postId = await uploadPost(app, author.headers, { title: `Claim ${index}` });
        written.push((await reviewed(app, member, postId)).id);
        // Two pairs written at the same instant: their order is by id.
        if (index % 2 === 1) clock.advance(5);
      }
      const whole = await pageOf(app, member.user.id, '?limit=100');
      expect(whole.items).toHaveLength(5);
      expect(whole.next_cursor).toBeNull();

      const walked: string[] = [];
      let query = '?limit=2';
      for (let pages = 0; pages < 5; pages += 1) {
        const page = await pageOf(app, member.user.id, query);
        walked.push(...page.items.map((item) => item.id));
        if (!page.next_cursor) break;
        expect(page.items).toHaveLength(2);
        query = `?limit=2&cursor=${page.next_cursor}`;
      }
      expect(walked).toEqual(whole.items.map((item) => item.id));
      expect(new Set(walked)).toEqual(new Set(written));
      const times = whole.items.map((item) => item.created_at);
      expect([...times].sort().reverse()).toEqual(times);

      const tooMany = await listOf(app, member.user.id, '?limit=101');
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json()).toMatchObject({ errors: [{ field: 'limit' }] });
    });
  });
});
