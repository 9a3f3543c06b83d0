import {
  MESSAGES,
  type PostDetail,
  type PostListItem,
  type Review,
  type ReviewList,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { withCommunity, type Member } from '../../../test/community.js';
import { describeEachDatabase, errorBody, uploadPost } from '../../../test/helpers.js';
import { notificationsOf } from '../../../test/notifications.js';

type Headers = { authorization: string };

const REVIEW = {
  soundness: 4,
  significance: 3,
  clarity: 5,
  reproducibility: 2,
  confidence: 4,
  recommendation: 'valid',
  summary: 'A careful study of $E = mc^2$.',
  strengths: 'Clear figures.',
  weaknesses: 'Small sample.',
};

function writeReview(app: FastifyInstance, headers: Headers, postId: string, body: object = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/media/${postId}/reviews`,
    headers,
    payload: { ...REVIEW, ...body },
  });
}

async function reviewed(app: FastifyInstance, by: Member, postId: string, body: object = {}) {
  const response = await writeReview(app, by.headers, postId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Review>();
}

async function reviewsOf(app: FastifyInstance, postId: string, headers?: Headers) {
  const response = await app.inject({
    url: `/api/v1/media/${postId}/reviews`,
    ...(headers && { headers }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReviewList>();
}

async function detailOf(app: FastifyInstance, postId: string, headers?: Headers) {
  const response = await app.inject({
    url: `/api/v1/media/${postId}`,
    ...(headers && { headers }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostDetail>();
}

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers?: Headers,
  payload?: object,
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    ...(headers && { headers }),
    ...(payload && { payload }),
  });
}

function editPost(app: FastifyInstance, headers: Headers, postId: string, body: object) {
  return call(app, 'PATCH', `/media/${postId}`, headers, body);
}

describeEachDatabase('peer reviews (issue 29)', (db) => {
  it('a member reviews the current revision; the post, the forum and the author hear of it', async () => {
    await withCommunity(db, async ({ app, author, member }) => {
      const postId = await uploadPost(app, author.headers, { title: 'Claim', content: 'Proof.' });
      const review = await reviewed(app, member, postId);
      expect(review).toMatchObject({
        post_id: postId,
        revision: 1,
        current: true,
        reviewer: { id: member.user.id, username: member.username },
        anonymous: false,
        is_mine: true,
        scores: { soundness: 4, significance: 3, clarity: 5, reproducibility: 2 },
        confidence: 4,
        recommendation: 'valid',
        summary: REVIEW.summary,
        helpful_count: 0,
        helpful_by_me: false,
        author_rating: null,
        edited_at: null,
        hidden: false,
        response: null,
        receipt_cid: null,
      });

      // A member below the trusted level: reviewed, not validated.
      const list = await reviewsOf(app, postId);
      expect(list).toMatchObject({
        review_status: 'in_review',
        review_count: 1,
        current_revision: 1,
        mean_scores: { soundness: 4, significance: 3, clarity: 5, reproducibility: 2 },
      });
      expect(list.items.map((item) => [item.id, item.is_mine])).toEqual([[review.id, false]]);
      const detail = await detailOf(app, postId);
      expect(detail).toMatchObject({
        revision: 1,
        review_status: 'in_review',
        review_count: 1,
        mean_scores: { soundness: 4 },
      });
      const forum = await call(app, 'GET', '/media/list');
      const card = forum.json<PostListItem[]>().find((post) => post.id === postId);
      expect(card).toMatchObject({ review_status: 'in_review', review_count: 1 });

      const got = await call(app, 'GET', `/reviews/${review.id}`);
      expect(got.json<Review>()).toMatchObject({ id: review.id, is_mine: false });

      const told = await notificationsOf(app, author.headers);
      expect(told[0]).toMatchObject({
        type: 'review',
        post_id: postId,
        actor: { id: member.user.id },
      });
    });
  });

  it('refuses the author, a second review of a revision, visitors and bad input, changing nothing', async () => {
    await withCommunity(db, async ({ app, author, member }) => {
      const postId = await uploadPost(app, author.headers);
      const own = await writeReview(app, author.headers, postId);
      expect(own.statusCode, own.body).toBe(422);
      expect(own.body).toContain(MESSAGES.reviewOwnPost);
      expect(
        (await call(app, 'POST', `/media/${postId}/reviews`, undefined, REVIEW)).statusCode,
      ).toBe(401);
      const bad = await writeReview(app, member.headers, postId, { soundness: 6 });
      expect(bad.statusCode).toBe(422);
      expect(bad.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('soundness');
      const badRecommendation = await writeReview(app, member.headers, postId, {
        recommendation: 'great',
      });
      expect(badRecommendation.statusCode).toBe(422);
      expect((await writeReview(app, member.headers, 'no-such-post')).statusCode).toBe(404);
      expect((await reviewsOf(app, postId)).items).toEqual([]);

      await reviewed(app, member, postId);
      const again = await writeReview(app, member.headers, postId);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual(errorBody(MESSAGES.reviewAlreadyWritten));
      expect((await reviewsOf(app, postId)).items).toHaveLength(1);
    });
  });

  it('the reviewer edits (versions kept) and deletes; nobody else may', async () => {
    await withCommunity(db, async ({ app, author, member, other, moderator }) => {
      const postId = await uploadPost(app, author.headers);
      const review = await reviewed(app, member, postId);
      const url = `/reviews/${review.id}`;
      expect((await call(app, 'PATCH', url, other.headers, { clarity: 1 })).statusCode).toBe(403);
      expect((await call(app, 'PATCH', url, author.headers, { clarity: 1 })).statusCode).toBe(403);
      expect((await call(app, 'PATCH', url, undefined, { clarity: 1 })).statusCode).toBe(401);
      expect((await call(app, 'PATCH', url, member.headers, {})).statusCode).toBe(422);

      const first = await call(app, 'PATCH', url, member.headers, {
        clarity: 1,
        recommendation: 'major_revisions',
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<Review>()).toMatchObject({
        scores: { clarity: 1, soundness: 4 },
        recommendation: 'major_revisions',
      });
      expect(first.json<Review>().edited_at).not.toBeNull();
      await call(app, 'PATCH', url, member.headers, { summary: 'Second thoughts.' });
      const versions = await app.db
        .selectFrom('review_versions')
        .select(['version', 'clarity', 'summary', 'recommendation'])
        .where('review_id', '=', review.id)
        .orderBy('version')
        .execute();
      expect(versions.map((v) => [Number(v.version), Number(v.clarity), v.recommendation])).toEqual(
        [
          [1, 5, 'valid'],
          [2, 1, 'major_revisions'],
        ],
      );

      expect((await call(app, 'DELETE', url, other.headers)).statusCode).toBe(403);
      expect((await call(app, 'DELETE', url, member.headers)).statusCode).toBe(204);
      expect((await call(app, 'GET', url)).statusCode).toBe(404);
      expect((await call(app, 'DELETE', url, member.headers)).statusCode).toBe(404);
      expect(await reviewsOf(app, postId)).toMatchObject({
        review_status: 'unreviewed',
        review_count: 0,
        mean_scores: null,
        items: [],
      });

      // A moderator deletes another's review.
      const second = await reviewed(app, other, postId);
      expect(
        (await call(app, 'DELETE', `/reviews/${second.id}`, moderator.headers)).statusCode,
      ).toBe(204);
    });
  });

  it('the author responds once, rates each review; readers mark it helpful (a toggle)', async () => {
    await withCommunity(db, async ({ app, author, member, other }) => {
      const postId = await uploadPost(app, author.headers);
      const review = await reviewed(app, member, postId);
      const url = `/reviews/${review.id}`;

      const stranger = await call(app, 'POST', `${url}/response`, other.headers, { content: 'x' });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual(errorBody(MESSAGES.reviewResponseAuthorOnly));
      expect(
        (await call(app, 'POST', `${url}/response`, author.headers, { content: ' ' })).statusCode,
      ).toBe(422);
      const answered = await call(app, 'POST', `${url}/response`, author.headers, {
        content: 'Thank you; see revision 2.',
      });
      expect(answered.statusCode, answered.body).toBe(201);
      expect(answered.json()).toMatchObject({ content: 'Thank you; see revision 2.' });
      const twice = await call(app, 'POST', `${url}/response`, author.headers, { content: 'y' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual(errorBody(MESSAGES.reviewAlreadyAnswered));
      const told = await notificationsOf(app, member.headers);
      expect(told[0]).toMatchObject({ type: 'review_response', actor: { id: author.user.id } });

      const mark = () => call(app, 'POST', `${url}/helpful`, other.headers);
      expect((await mark()).json()).toEqual({ helpful: true, helpful_count: 1 });
      expect((await call(app, 'GET', url, other.headers)).json<Review>()).toMatchObject({
        helpful_by_me: true,
        helpful_count: 1,
      });
      expect((await mark()).json()).toEqual({ helpful: false, helpful_count: 0 });
      expect((await call(app, 'POST', `${url}/helpful`, member.headers)).statusCode).toBe(422);
      expect((await call(app, 'POST', `${url}/helpful`)).statusCode).toBe(401);

      const rate = (headers: Headers, rating: unknown) =>
        call(app, 'POST', `${url}/rating`, headers, { rating });
      expect((await rate(other.headers, 4)).statusCode).toBe(403);
      expect((await rate(member.headers, 4)).statusCode).toBe(403);
      expect((await rate(author.headers, 6)).statusCode).toBe(422);
      const rated = await rate(author.headers, 4);
      expect(rated.statusCode, rated.body).toBe(200);
      expect(rated.json()).toEqual({ author_rating: 4 });
      expect((await call(app, 'GET', url)).json<Review>()).toMatchObject({
        author_rating: 4,
        response: { content: 'Thank you; see revision 2.', edited_at: null },
      });
    });
  });

  it("a private post's reviews are its author's alone; an anonymous reviewer is named to themself and the moderators", async () => {
    await withCommunity(db, async ({ app, author, member, other, moderator }) => {
      const postId = await uploadPost(app, author.headers);
      const review = await reviewed(app, member, postId, { anonymous: true });
      const reviewerSeenBy = async (headers?: Headers) =>
        (await reviewsOf(app, postId, headers)).items[0]?.reviewer?.id ?? null;
      expect(await reviewerSeenBy()).toBeNull();
      expect(await reviewerSeenBy(other.headers)).toBeNull();
      expect(await reviewerSeenBy(author.headers)).toBeNull();
      expect(await reviewerSeenBy(member.headers)).toBe(member.user.id);
      expect(await reviewerSeenBy(moderator.headers)).toBe(member.user.id);
      const single = await call(app, 'GET', `/reviews/${review.id}`, author.headers);
      expect(single.json<Review>()).toMatchObject({ reviewer: null, anonymous: true });
      // The author's notification names nobody either.
      expect((await notificationsOf(app, author.headers))[0]).toMatchObject({
        type: 'review',
        actor: null,
      });

      expect(
        (await editPost(app, author.headers, postId, { visibility: 'private' })).statusCode,
      ).toBe(200);
      for (const headers of [undefined, member.headers, other.headers, moderator.headers]) {
        expect((await call(app, 'GET', `/media/${postId}/reviews`, headers)).statusCode).toBe(404);
        expect((await call(app, 'GET', `/reviews/${review.id}`, headers)).statusCode).toBe(404);
      }
      expect(
        (await call(app, 'PATCH', `/reviews/${review.id}`, member.headers, { clarity: 2 }))
          .statusCode,
      ).toBe(404);
      expect((await reviewsOf(app, postId, author.headers)).items).toHaveLength(1);
    });
  });

  it('a new revision: earlier reviews stay, marked, and the reviewer reviews the new one', async () => {
    await withCommunity(db, async ({ app, author, member }) => {
      const postId = await uploadPost(app, author.headers, { title: 'T', content: 'First.' });
      const first = await reviewed(app, member, postId);

      // The tags are not what a reviewer reads: the review still counts.
      expect((await editPost(app, author.headers, postId, { tags: 'physics' })).statusCode).toBe(
        200,
      );
      let list = await reviewsOf(app, postId);
      expect(list).toMatchObject({ current_revision: 2, review_status: 'in_review' });
      expect(list.items[0]).toMatchObject({ id: first.id, revision: 1, current: true });

      expect((await editPost(app, author.headers, postId, { content: 'Second.' })).statusCode).toBe(
        200,
      );
      list = await reviewsOf(app, postId);
      expect(list).toMatchObject({
        current_revision: 3,
        review_status: 'unreviewed',
        review_count: 0,
        mean_scores: null,
      });
      expect(list.items).toMatchObject([{ id: first.id, revision: 1, current: false }]);
      expect((await detailOf(app, postId)).revision).toBe(3);
      // The earlier versions are kept under their own numbers (repositories/post-revisions.ts).
      const revisions = await call(app, 'GET', `/media/${postId}/revisions`, author.headers);
      expect(revisions.json<{ revision: number }[]>().map((r) => r.revision)).toEqual([2, 1]);

      // A review of an earlier revision stays as written.
      const stale = await call(app, 'PATCH', `/reviews/${first.id}`, member.headers, {
        clarity: 1,
      });
      expect(stale.statusCode).toBe(422);

      const second = await reviewed(app, member, postId, { recommendation: 'minor_revisions' });
      expect(second).toMatchObject({ revision: 3, current: true });
      list = await reviewsOf(app, postId);
      expect(list.items.map((item) => [item.revision, item.current])).toEqual([
        [3, true],
        [1, false],
      ]);
      expect(list).toMatchObject({ review_status: 'in_review', review_count: 1 });
    });
  });

  it('validated by trusted reviewers (moderators count), filtered in the forum', async () => {
    await withCommunity(
      db,
      async ({ app, author, member, moderator }) => {
        const postId = await uploadPost(app, author.headers);
        const other = await uploadPost(app, author.headers);
        await reviewed(app, member, postId);
        expect((await reviewsOf(app, postId)).review_status).toBe('in_review');
        await reviewed(app, moderator, postId);
        expect((await reviewsOf(app, postId)).review_status).toBe('validated');
        const filtered = await call(app, 'GET', '/media/list?review_status=validated');
        expect(filtered.json<PostListItem[]>().map((post) => post.id)).toEqual([postId]);
        const unreviewed = await call(app, 'GET', '/media/list?review_status=unreviewed');
        expect(unreviewed.json<PostListItem[]>().map((post) => post.id)).toEqual([other]);
        expect((await call(app, 'GET', '/media/list?review_status=great')).statusCode).toBe(422);
      },
      { REVIEW_VALIDATION_MIN: '1' },
    );
  });

  it('disputed when trusted reviewers disagree', async () => {
    await withCommunity(
      db,
      async ({ app, author, member, other }) => {
        const postId = await uploadPost(app, author.headers);
        await reviewed(app, member, postId, { recommendation: 'valid' });
        expect((await reviewsOf(app, postId)).review_status).toBe('validated');
        const dissent = await reviewed(app, other, postId, { recommendation: 'not_valid' });
        expect((await reviewsOf(app, postId)).review_status).toBe('disputed');
        await call(app, 'DELETE', `/reviews/${dissent.id}`, other.headers);
        expect((await detailOf(app, postId)).review_status).toBe('validated');
      },
      // Every member counts as trusted: level 0 and up.
      { REVIEW_VALIDATION_MIN: '1', REVIEW_TRUSTED_LEVEL: '0' },
    );
  });

  it("new trust scores recompute the reviewed posts' status", async () => {
    await withCommunity(
      db,
      async ({ app, author, member, moderator }) => {
        const postId = await uploadPost(app, author.headers);
        await reviewed(app, member, postId);
        expect((await reviewsOf(app, postId)).review_status).toBe('in_review');
        // The moderators mark the reviewer trusted: at the next run they are at level 3.
        const marked = await call(
          app,
          'POST',
          `/moderation/users/${member.user.id}/trust`,
          moderator.headers,
          { seed: true, note: 'A known expert' },
        );
        expect(marked.statusCode, marked.body).toBe(200);
        expect((await reviewsOf(app, postId)).review_status).toBe('in_review');
        await app.services.trust.recompute();
        expect((await reviewsOf(app, postId)).review_status).toBe('validated');
        expect((await detailOf(app, postId)).review_status).toBe('validated');
      },
      { REVIEW_VALIDATION_MIN: '1' },
    );
  });
});
