import {
  MESSAGES,
  type ModerationLogEntry,
  type MyReport,
  type Review,
  type ReviewList,
} from '@symposia/shared';
import { expect, it } from 'vitest';
import { withCommunity, type Community, type Member } from '../../../test/community.js';
import { describeEachDatabase, errorBody, uploadPost } from '../../../test/helpers.js';
import { notificationsOf, unreadCount } from '../../../test/notifications.js';
import {
  call,
  expectReportRefused,
  queueOf,
  reviewed,
  type Headers,
} from '../../../test/reviews.js';

const RESPONSE = 'Thank you; but see example.org for cheap tokens';

/** The author's post, `reviewer`'s review of it and the author's response; the review's id. */
async function answered(community: Community, reviewer: Member, title = 'Findings') {
  const { app, author } = community;
  const postId = await uploadPost(app, author.headers, { title });
  const review = await reviewed(community, reviewer, postId);
  const response = await call(community, 'POST', `/reviews/${review.id}/response`, author.headers, {
    content: RESPONSE,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { postId, reviewId: review.id };
}

/**
 * The response as each viewer is shown it, alone and in the post's list (which must agree): its
 * `hidden` mark, or null when they are shown none.
 */
async function responseSeenBy(
  community: Community,
  place: { postId: string; reviewId: string },
  headers?: Headers,
) {
  const alone = await call(community, 'GET', `/reviews/${place.reviewId}`, headers);
  expect(alone.statusCode, alone.body).toBe(200);
  const list = await call(community, 'GET', `/media/${place.postId}/reviews`, headers);
  const inList = list.json<ReviewList>().items.find((item) => item.id === place.reviewId);
  const response = alone.json<Review>().response;
  expect(inList?.response ?? null).toEqual(response);
  return response && { hidden: response.hidden };
}

/** The moderators' notices `member` was given (the clock stands still: their order is not). */
async function toldOf(community: Community, member: Member) {
  const notifications = await notificationsOf(community.app, member.headers);
  return notifications
    .filter((each) => each.type === 'moderation')
    .map(({ excerpt, post_id }) => ({ excerpt, post_id }));
}

const restore = (community: Community, reviewId: string, headers: Headers, body: object) =>
  call(community, 'POST', `/moderation/review_response/${reviewId}/restore`, headers, body);

describeEachDatabase('moderation of responses to reviews (issue 29)', (db) => {
  it('a member reports a response they may see, never their own; bad input is 4xx', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, report } = community;
      const { postId, reviewId } = await answered(community, member);
      const target = { target_type: 'review_response', target_id: reviewId };

      // Signed out: 401; the post's author wrote it: 422 naming the target.
      await expectReportRefused(community, target, author);
      // A review without a response, and no review at all: nothing to report.
      const bare = await reviewed(community, other, postId);
      for (const id of [bare.id, 'no-such-review']) {
        const none = await report(member, { target_type: 'review_response', target_id: id });
        expect(none.statusCode).toBe(404);
        expect(none.json()).toEqual(errorBody(MESSAGES.reportTargetNotFound));
      }
      // Bad input: an empty id, an unknown kind, a missing reason; nothing is written.
      for (const payload of [
        { target_type: 'review_response', target_id: ' ', reason: 'spam' },
        { target_type: 'review_reply', target_id: reviewId, reason: 'spam' },
        { target_type: 'review_response', target_id: reviewId, reason: 'boring' },
      ]) {
        const bad = await app.inject({
          method: 'POST',
          url: '/api/v1/reports',
          headers: other.headers,
          payload,
        });
        expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
      }

      // The reviewer reports the response to their review; a second open one is a conflict.
      expect((await report(member, { ...target, note: 'Advertising' })).statusCode).toBe(201);
      expect((await report(member, target)).statusCode).toBe(409);
      const mine = await community.get('/api/v1/reports/mine', member.headers);
      expect(mine.json<MyReport[]>()).toMatchObject([
        { target_type: 'review_response', target_id: reviewId, post_id: postId, status: 'open' },
      ]);

      // A private post's responses are as private as the post.
      const edit = await call(community, 'PATCH', `/media/${postId}`, author.headers, {
        visibility: 'private',
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await report(other, target)).statusCode).toBe(404);
      expect((await report(community.moderator, target)).statusCode).toBe(404);
    });
  });

  it('hide: readers no longer see it, its author sees it marked; logged and told; restore', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, moderator, reported, resolve } = community;
      const place = await answered(community, member);
      const { postId, reviewId } = place;
      const reportId = await reported(other, {
        target_type: 'review_response',
        target_id: reviewId,
        note: 'Advertising',
      });
      // The reviewer was told of the response.
      expect(await unreadCount(app, member.headers)).toBe(1);

      // The queue shows the response's text, its post and its author (the post's).
      const [item] = await queueOf(community);
      expect(item).toMatchObject({
        report_id: reportId,
        target_type: 'review_response',
        target_id: reviewId,
        target: { title: 'Findings', text: RESPONSE, post_id: postId, hidden: false },
        author: { id: author.user.id, username: author.user.username },
      });

      // Only moderators decide.
      const refused = await resolve(reportId, { action: 'hide', note: 'x' }, other.headers);
      expect(refused.statusCode).toBe(403);
      const hidden = await resolve(reportId, { action: 'hide', note: 'Advertising' });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(hidden.json()).toMatchObject({ outcome: 'hide', resolved_count: 1 });

      for (const headers of [undefined, other.headers, member.headers]) {
        expect(await responseSeenBy(community, place, headers)).toBeNull();
      }
      expect(await responseSeenBy(community, place, author.headers)).toEqual({ hidden: true });
      expect(await responseSeenBy(community, place, moderator.headers)).toEqual({ hidden: true });
      // The review itself is untouched, and still takes no second response.
      const second = await call(
        community,
        'POST',
        `/reviews/${reviewId}/response`,
        author.headers,
        {
          content: 'Again',
        },
      );
      expect(second.statusCode).toBe(409);

      // Logged; the author and the reporter are told; the reviewer's bell loses the response.
      const log = await community.get('/api/v1/moderation/log', moderator.headers);
      expect(log.json<ModerationLogEntry[]>()[0]).toMatchObject({
        action: 'hide',
        target_type: 'review_response',
        target_id: reviewId,
        report_id: reportId,
      });
      expect(await toldOf(community, author)).toContainEqual({
        excerpt: MESSAGES.moderationNotice.hide('response', 'Advertising'),
        post_id: postId,
      });
      expect(await toldOf(community, other)).toContainEqual({
        excerpt: MESSAGES.reportOutcomeNotice.hide,
        post_id: postId,
      });
      expect(
        (await notificationsOf(app, member.headers)).filter(
          (each) => each.type === 'review_response',
        ),
      ).toEqual([]);
      expect(await unreadCount(app, member.headers)).toBe(0);
      const [resolved] = await queueOf(community, 'resolved');
      expect(resolved).toMatchObject({ target: { hidden: true }, outcome: 'hide' });

      // Restore: moderators only, with a note; everyone sees it again; twice is a conflict.
      expect((await restore(community, reviewId, author.headers, { note: 'x' })).statusCode).toBe(
        403,
      );
      expect((await restore(community, reviewId, moderator.headers, {})).statusCode).toBe(422);
      const restored = await restore(community, reviewId, moderator.headers, {
        note: 'Reconsidered',
      });
      expect(restored.statusCode, restored.body).toBe(204);
      for (const headers of [undefined, other.headers, member.headers, author.headers]) {
        expect(await responseSeenBy(community, place, headers)).toEqual({ hidden: false });
      }
      expect(await unreadCount(app, member.headers)).toBe(1);
      expect(await toldOf(community, author)).toContainEqual({
        excerpt: MESSAGES.moderationNotice.restore('response', 'Reconsidered'),
        post_id: place.postId,
      });
      expect(
        (await restore(community, reviewId, moderator.headers, { note: 'Again' })).statusCode,
      ).toBe(409);
      const unknown = await restore(community, 'no-such-review', moderator.headers, { note: 'x' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(errorBody(MESSAGES.reviewResponseNotFound));
    });
  });

  it('follows its review: hidden with it from the post author, kept for the reviewer', async () => {
    await withCommunity(db, async (community) => {
      const { author, member, other, moderator, reported, resolve } = community;
      const place = await answered(community, member);
      const reportId = await reported(other, { target_type: 'review', target_id: place.reviewId });
      expect((await resolve(reportId, { action: 'hide', note: 'Spam' })).statusCode).toBe(200);
      // The reviewer still reads their hidden review, and the response under it; they may report
      // it, and the moderators may hide it.
      expect(await responseSeenBy(community, place, member.headers)).toEqual({ hidden: false });
      const onHidden = await reported(member, {
        target_type: 'review_response',
        target_id: place.reviewId,
      });
      expect((await resolve(onHidden, { action: 'hide', note: 'Rude' })).statusCode).toBe(200);
      expect(await responseSeenBy(community, place, member.headers)).toBeNull();
      expect(await responseSeenBy(community, place, moderator.headers)).toEqual({ hidden: true });
      // The post's author no longer sees the review at all.
      const gone = await call(community, 'GET', `/reviews/${place.reviewId}`, author.headers);
      expect(gone.statusCode).toBe(404);
    });
  });

  it('delete: gone for everyone, its author too; the review keeps no other response', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, moderator, reported, resolve } = community;
      const place = await answered(community, member);
      const { reviewId } = place;
      const reportId = await reported(other, {
        target_type: 'review_response',
        target_id: reviewId,
      });
      const deleted = await resolve(reportId, { action: 'delete', note: 'Abusive' });
      expect(deleted.statusCode, deleted.body).toBe(200);
      for (const headers of [undefined, other.headers, member.headers, author.headers]) {
        expect(await responseSeenBy(community, place, headers)).toBeNull();
      }
      expect(await responseSeenBy(community, place, moderator.headers)).toBeNull();
      const [resolved] = await queueOf(community, 'resolved');
      expect(resolved).toMatchObject({
        target_type: 'review_response',
        target: { deleted: true },
        outcome: 'delete',
      });
      const log = await community.get('/api/v1/moderation/log', moderator.headers);
      expect(log.json<ModerationLogEntry[]>()[0]).toMatchObject({
        action: 'delete',
        target_type: 'review_response',
      });
      expect(await toldOf(community, author)).toContainEqual({
        excerpt: MESSAGES.moderationNotice.delete('response', 'Abusive'),
        post_id: place.postId,
      });
      expect(await unreadCount(app, member.headers)).toBe(0);
      // Nothing left to report, restore or hide.
      const late = await community.report(other, {
        target_type: 'review_response',
        target_id: reviewId,
      });
      expect(late.statusCode).toBe(404);
      expect(
        (await restore(community, reviewId, moderator.headers, { note: 'x' })).statusCode,
      ).toBe(404);
      // One response per review, kept as a record: the author does not answer again.
      const again = await call(community, 'POST', `/reviews/${reviewId}/response`, author.headers, {
        content: 'Again',
      });
      expect(again.statusCode).toBe(409);
    });
  });

  it("a hidden or deleted response's receipts leave the gateway, its review's stay; restored, back", async () => {
    await withCommunity(db, async (community) => {
      const { app, member, other, moderator, reported, resolve } = community;
      const { reviewId } = await answered(community, member);
      await app.services.receipts.makeReceipts();
      const receiptsOf = async (kind: 'review' | 'response') => {
        const rows = await app.db
          .selectFrom('receipts')
          .select('cid')
          .where('review_id', '=', reviewId)
          .where('kind', '=', kind)
          .execute();
        expect(rows.length, kind).toBeGreaterThan(0);
        return rows.map((row) => row.cid);
      };
      const [reviewCids, responseCids] = [await receiptsOf('review'), await receiptsOf('response')];
      const served = async (cids: string[]) =>
        Promise.all(
          cids.map(async (cid) => (await app.inject({ url: `/ipfs/${cid}` })).statusCode),
        );
      // Served (and so remembered as public by the gateway) before anything happens.
      expect(await served([...reviewCids, ...responseCids])).not.toContain(404);

      const hideId = await reported(other, { target_type: 'review_response', target_id: reviewId });
      expect((await resolve(hideId, { action: 'hide', note: 'Spam' })).statusCode).toBe(200);
      expect(new Set(await served(responseCids))).toEqual(new Set([404]));
      expect(await served(reviewCids)).not.toContain(404);

      const restored = await restore(community, reviewId, moderator.headers, { note: 'Fine' });
      expect(restored.statusCode, restored.body).toBe(204);
      expect(await served(responseCids)).not.toContain(404);

      const deleteId = await reported(other, {
        target_type: 'review_response',
        target_id: reviewId,
      });
      expect((await resolve(deleteId, { action: 'delete', note: 'Abusive' })).statusCode).toBe(200);
      expect(new Set(await served(responseCids))).toEqual(new Set([404]));
      expect(await served(reviewCids)).not.toContain(404);
    });
  });

  it('a response gone while the decision was on its way is 404; dismissing still closes it', async () => {
    await withCommunity(db, async (community) => {
      const { member, other, reported, resolve } = community;
      const { reviewId } = await answered(community, member);
      const reportId = await reported(other, {
        target_type: 'review_response',
        target_id: reviewId,
      });
      // The reviewer deletes their review, and the response under it goes with it.
      expect(
        (await call(community, 'DELETE', `/reviews/${reviewId}`, member.headers)).statusCode,
      ).toBe(204);
      const gone = await resolve(reportId, { action: 'hide', note: 'Too late' });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual(errorBody(MESSAGES.reviewResponseNotFound));
      expect((await resolve(reportId, { action: 'dismiss', note: 'Gone' })).statusCode).toBe(200);
    });
  });
});
