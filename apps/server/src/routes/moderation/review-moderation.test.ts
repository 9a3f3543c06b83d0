import {
  MESSAGES,
  type ModerationLogEntry,
  type MyReport,
  type Review,
  type ReviewList,
} from '@symposia/shared';
import { expect, it } from 'vitest';
import { withCommunity, type Community } from '../../../test/community.js';
import { describeEachDatabase, errorBody, uploadPost } from '../../../test/helpers.js';
import { markRead, notificationsOf, unreadCount } from '../../../test/notifications.js';
import {
  call,
  expectReportRefused,
  ONE_TRUSTED_REVIEW,
  queueOf,
  REVIEW,
  reviewed,
  statusOf,
  type Headers,
} from '../../../test/reviews.js';

/** The review as each viewer gets it: its `hidden` mark, or the status of the refusal. */
async function reviewSeenBy(community: Community, reviewId: string, headers?: Headers) {
  const response = await call(community, 'GET', `/reviews/${reviewId}`, headers);
  return response.statusCode === 200
    ? { hidden: response.json<Review>().hidden }
    : response.statusCode;
}

describeEachDatabase('moderation of peer reviews (issue 29)', (db) => {
  it('a member reports a review they may see, never their own; 404 otherwise', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, report } = community;
      const postId = await uploadPost(app, author.headers, { title: 'Findings' });
      const review = await reviewed(community, member, postId);
      const target = { target_type: 'review', target_id: review.id };

      // Signed out: 401; the reviewer's own review: 422 naming the target; unknown: 404.
      await expectReportRefused(community, target, member);
      const unknown = await report(other, { target_type: 'review', target_id: 'no-such-review' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(errorBody(MESSAGES.reportTargetNotFound));

      // The post's author reports it; a second open report by them is a conflict.
      expect((await report(author, { ...target, note: 'Advertising' })).statusCode).toBe(201);
      expect((await report(author, target)).statusCode).toBe(409);
      const mine = await community.get('/api/v1/reports/mine', author.headers);
      expect(mine.json<MyReport[]>()[0]).toMatchObject({
        target_type: 'review',
        target_id: review.id,
        post_id: postId,
        status: 'open',
      });

      // A private post's reviews are as private as the post: nobody else may report them.
      const edit = await call(community, 'PATCH', `/media/${postId}`, author.headers, {
        visibility: 'private',
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await report(other, target)).statusCode).toBe(404);
      expect((await report(community.moderator, target)).statusCode).toBe(404);
      // A deleted review is no target.
      await call(community, 'PATCH', `/media/${postId}`, author.headers, { visibility: 'public' });
      expect(
        (await call(community, 'DELETE', `/reviews/${review.id}`, member.headers)).statusCode,
      ).toBe(204);
      expect((await report(other, target)).statusCode).toBe(404);
    });
  });

  it('reports of reviews wait for the account age like any other', async () => {
    await withCommunity(
      db,
      async (community) => {
        const { app, author, member, other, report, clock } = community;
        const postId = await uploadPost(app, author.headers);
        const review = await reviewed(community, member, postId);
        const target = { target_type: 'review', target_id: review.id };
        const young = await report(other, target);
        expect(young.statusCode).toBe(403);
        expect(young.json()).toEqual(errorBody(MESSAGES.reportAccountTooNew));
        clock.advance(3600);
        expect((await report(other, target)).statusCode).toBe(201);
      },
      { REPORT_MIN_ACCOUNT_AGE_SECONDS: '3600' },
    );
  });

  it('hide: the status counts it no more, its reviewer sees it marked, others get 404; restore', async () => {
    await withCommunity(
      db,
      async (community) => {
        const { app, author, member, other, moderator, reported, resolve } = community;
        const postId = await uploadPost(app, author.headers, { title: 'Findings' });
        const review = await reviewed(community, member, postId, { anonymous: true });
        expect(await statusOf(community, postId)).toEqual({
          review_status: 'validated',
          review_count: 1,
        });
        const reportId = await reported(other, {
          target_type: 'review',
          target_id: review.id,
          note: 'Advertising',
        });

        // The queue shows the review's text, its post and its reviewer, anonymous or not.
        const [item] = await queueOf(community);
        expect(item).toMatchObject({
          report_id: reportId,
          target_type: 'review',
          target_id: review.id,
          target: {
            title: 'Findings',
            text: REVIEW.summary,
            post_id: postId,
            hidden: false,
            deleted: false,
          },
          author: { id: member.user.id, username: member.user.username },
        });

        const hidden = await resolve(reportId, { action: 'hide', note: 'Advertising' });
        expect(hidden.statusCode, hidden.body).toBe(200);
        expect(hidden.json()).toMatchObject({ outcome: 'hide', resolved_count: 1 });
        expect(await statusOf(community, postId)).toEqual({
          review_status: 'unreviewed',
          review_count: 0,
        });
        expect(await reviewSeenBy(community, review.id, member.headers)).toEqual({ hidden: true });
        expect(await reviewSeenBy(community, review.id, moderator.headers)).toEqual({
          hidden: true,
        });
        for (const headers of [undefined, other.headers, author.headers]) {
          expect(await reviewSeenBy(community, review.id, headers)).toBe(404);
          const list = await call(community, 'GET', `/media/${postId}/reviews`, headers);
          expect(list.json<ReviewList>().items).toEqual([]);
        }
        // A hidden review takes no helpful mark or response.
        const helpful = await call(
          community,
          'POST',
          `/reviews/${review.id}/helpful`,
          other.headers,
        );
        expect(helpful.statusCode).toBe(404);

        // Logged; the reviewer and the reporter are told, as for a comment.
        const log = await community.get('/api/v1/moderation/log', moderator.headers);
        expect(log.json<ModerationLogEntry[]>()[0]).toMatchObject({
          action: 'hide',
          target_type: 'review',
          target_id: review.id,
          report_id: reportId,
        });
        expect((await notificationsOf(app, member.headers))[0]).toMatchObject({
          type: 'moderation',
          post_id: postId,
          excerpt: MESSAGES.moderationNotice.hide('review', 'Advertising'),
        });
        expect((await notificationsOf(app, other.headers))[0]).toMatchObject({
          type: 'moderation',
          excerpt: MESSAGES.reportOutcomeNotice.hide,
        });
        const [resolved] = await queueOf(community, 'resolved');
        expect(resolved).toMatchObject({ target: { hidden: true }, outcome: 'hide' });

        // Restore: moderators only; it counts again and everyone sees it; twice is a conflict.
        const restore = (headers: Headers) =>
          call(community, 'POST', `/moderation/review/${review.id}/restore`, headers, {
            note: 'Reconsidered',
          });
        expect((await restore(member.headers)).statusCode).toBe(403);
        const restored = await restore(moderator.headers);
        expect(restored.statusCode, restored.body).toBe(204);
        expect(await statusOf(community, postId)).toEqual({
          review_status: 'validated',
          review_count: 1,
        });
        expect(await reviewSeenBy(community, review.id, other.headers)).toEqual({ hidden: false });
        expect((await restore(moderator.headers)).statusCode).toBe(409);
        expect(
          (
            await call(community, 'POST', `/moderation/review/no-such/restore`, moderator.headers, {
              note: 'x',
            })
          ).statusCode,
        ).toBe(404);
      },
      ONE_TRUSTED_REVIEW,
    );
  });

  it('delete: the review is gone for everyone and the status follows; a review gone meanwhile is 404', async () => {
    await withCommunity(
      db,
      async (community) => {
        const { app, author, member, other, moderator, reported, resolve } = community;
        const postId = await uploadPost(app, author.headers);
        const review = await reviewed(community, member, postId);
        const second = await reviewed(community, other, postId, { recommendation: 'not_valid' });
        expect((await statusOf(community, postId)).review_status).toBe('disputed');

        const reportId = await reported(author, { target_type: 'review', target_id: second.id });
        const deleted = await resolve(reportId, { action: 'delete', note: 'Abusive' });
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect(await statusOf(community, postId)).toEqual({
          review_status: 'validated',
          review_count: 1,
        });
        for (const headers of [other.headers, moderator.headers, author.headers]) {
          expect(await reviewSeenBy(community, second.id, headers)).toBe(404);
        }
        const [resolved] = await queueOf(community, 'resolved');
        expect(resolved).toMatchObject({ target_type: 'review', target: { deleted: true } });
        const log = await community.get('/api/v1/moderation/log', moderator.headers);
        expect(log.json<ModerationLogEntry[]>()[0]).toMatchObject({
          action: 'delete',
          target_type: 'review',
        });
        expect((await notificationsOf(app, other.headers))[0]).toMatchObject({
          excerpt: MESSAGES.moderationNotice.delete('review', 'Abusive'),
        });

        // The reviewer deleted their review before the moderator decided: nothing to hide.
        const late = await reported(other, { target_type: 'review', target_id: review.id });
        await call(community, 'DELETE', `/reviews/${review.id}`, member.headers);
        const gone = await resolve(late, { action: 'hide', note: 'Too late' });
        expect(gone.statusCode).toBe(404);
        expect(gone.json()).toEqual(errorBody(MESSAGES.reviewNotFound));
        // Dismissing it still closes the report; a user's action is no review's.
        expect((await resolve(late, { action: 'dismiss', note: 'Gone' })).statusCode).toBe(200);
      },
      ONE_TRUSTED_REVIEW,
    );
  });

  it("a hidden review's receipts stop being served by the gateway", async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, reported, resolve } = community;
      const postId = await uploadPost(app, author.headers);
      const review = await reviewed(community, member, postId);
      await app.services.receipts.makeReceipts();
      const rows = await app.db
        .selectFrom('receipts')
        .select('cid')
        .where('review_id', '=', review.id)
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const gateway = (cid: string) => app.inject({ method: 'GET', url: `/ipfs/${cid}` });
      // Served (and so remembered as public by the gateway) before the hide.
      for (const { cid } of rows) expect((await gateway(cid)).statusCode).toBe(200);

      const reportId = await reported(other, { target_type: 'review', target_id: review.id });
      expect((await resolve(reportId, { action: 'hide', note: 'Spam' })).statusCode).toBe(200);
      for (const { cid } of rows) expect((await gateway(cid)).statusCode).toBe(404);
    });
  });

  it("a review's answer names its receipt once the sweep made it, in the list and alone", async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member } = community;
      const postId = await uploadPost(app, author.headers);
      const review = await reviewed(community, member, postId);
      expect(review.receipt_cid).toBeNull();
      await app.services.receipts.makeReceipts();
      const row = await app.db
        .selectFrom('receipts')
        .select('cid')
        .where('kind', '=', 'review')
        .where('subject_id', '=', review.id)
        .executeTakeFirstOrThrow();
      const alone = await call(community, 'GET', `/reviews/${review.id}`);
      expect(alone.json<Review>().receipt_cid).toBe(row.cid);
      const list = await call(community, 'GET', `/media/${postId}/reviews`);
      expect(list.json<{ items: Review[] }>().items.map((item) => item.receipt_cid)).toEqual([
        row.cid,
      ]);
    });
  });

  it('a review its reviewer deleted has its receipts withdrawn from the gateway too', async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member } = community;
      const postId = await uploadPost(app, author.headers);
      const review = await reviewed(community, member, postId);
      await app.services.receipts.makeReceipts();
      const rows = await app.db
        .selectFrom('receipts')
        .select('cid')
        .where('review_id', '=', review.id)
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const gateway = (cid: string) => app.inject({ method: 'GET', url: `/ipfs/${cid}` });
      for (const { cid } of rows) expect((await gateway(cid)).statusCode).toBe(200);

      await call(community, 'DELETE', `/reviews/${review.id}`, member.headers);
      for (const { cid } of rows) expect((await gateway(cid)).statusCode).toBe(404);
    });
  });

  it("the review's notification leaves the post author's bell while it is hidden, and for good once deleted", async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member, other, moderator, reported, resolve } = community;
      const postId = await uploadPost(app, author.headers, { title: 'Findings' });
      const review = await reviewed(community, member, postId);
      const reviewNotices = async (headers: Headers) =>
        (await notificationsOf(app, headers)).filter((each) => each.type === 'review');
      expect(await reviewNotices(author.headers)).toHaveLength(1);
      expect(await unreadCount(app, author.headers)).toBe(1);

      const reportId = await reported(other, { target_type: 'review', target_id: review.id });
      expect((await resolve(reportId, { action: 'hide', note: 'Spam' })).statusCode).toBe(200);
      expect(await reviewNotices(author.headers)).toEqual([]);
      expect(await unreadCount(app, author.headers)).toBe(0);
      // Marking all read passes over it: it is unread again when the review comes back.
      expect((await markRead(app, author.headers, { all: true })).statusCode).toBe(200);

      const restored = await call(
        community,
        'POST',
        `/moderation/review/${review.id}/restore`,
        moderator.headers,
        { note: 'Reconsidered' },
      );
      expect(restored.statusCode, restored.body).toBe(204);
      expect(await reviewNotices(author.headers)).toMatchObject([{ read: false }]);

      const again = await reported(other, { target_type: 'review', target_id: review.id });
      expect((await resolve(again, { action: 'delete', note: 'Spam' })).statusCode).toBe(200);
      expect(await reviewNotices(author.headers)).toEqual([]);
    });
  });

  it("a review its reviewer deletes takes its notification out of the post author's bell", async () => {
    await withCommunity(db, async (community) => {
      const { app, author, member } = community;
      const postId = await uploadPost(app, author.headers);
      const review = await reviewed(community, member, postId);
      expect(await unreadCount(app, author.headers)).toBe(1);
      await call(community, 'DELETE', `/reviews/${review.id}`, member.headers);
      expect(await unreadCount(app, author.headers)).toBe(0);
      expect((await notificationsOf(app, author.headers)).map((each) => each.type)).toEqual([]);
    });
  });
});
