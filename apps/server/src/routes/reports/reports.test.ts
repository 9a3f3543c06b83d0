import { MESSAGES, REPORT_NOTE_MAX_LENGTH, type MyReport } from '@symposia/shared';
import { expect, it } from 'vitest';
import { commentOn, withCommunity } from '../../../test/community.js';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  errorBody,
} from '../../../test/helpers.js';

describeEachDatabase('reports: POST /reports and GET /reports/mine', (db) => {
  it('files a report once per member and target, of what the member may see and is not theirs', async () => {
    await withCommunity(db, async ({ app, author, member, other, moderator, report }) => {
      const postId = await uploadPost(app, author.headers, { title: 'Reported work' });
      const privateId = await uploadPost(app, author.headers, { visibility: 'private' });
      const commentId = await commentOn(app, author.headers, postId, 'Buy cheap pills');

      const first = await report(member, {
        target_type: 'post',
        target_id: postId,
        reason: 'plagiarism',
        note: 'Copied from a 2019 paper',
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toEqual({ id: expect.any(String), status: 'open' });

      // A second open report of the same target by the same member: 409, whatever the reason.
      const again = await report(member, { target_type: 'post', target_id: postId });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(errorBody(MESSAGES.reportAlreadyOpen));
      // Another member, another target: reports of their own.
      expect((await report(other, { target_type: 'post', target_id: postId })).statusCode).toBe(
        201,
      );
      for (const target of [
        { target_type: 'comment', target_id: commentId },
        { target_type: 'user', target_id: author.user.id },
      ]) {
        expect((await report(member, target)).statusCode).toBe(201);
      }

      // Unknown, or not visible to the reporter: 404 alike.
      for (const target of [
        { target_type: 'post', target_id: 'no-such-post' },
        { target_type: 'post', target_id: privateId },
        { target_type: 'comment', target_id: 'no-such-comment' },
        { target_type: 'user', target_id: 'no-such-user' },
      ]) {
        const response = await report(member, target);
        expect(response.statusCode, JSON.stringify(target)).toBe(404);
        expect(response.json()).toEqual(errorBody(MESSAGES.reportTargetNotFound));
      }

      // One's own content, or oneself: 422.
      for (const target of [
        { target_type: 'post', target_id: postId },
        { target_type: 'post', target_id: privateId },
        { target_type: 'comment', target_id: commentId },
        { target_type: 'user', target_id: author.user.id },
      ]) {
        const response = await report(author, target);
        expect(response.statusCode, JSON.stringify(target)).toBe(422);
        expect(response.json()).toMatchObject({
          errors: [{ field: 'target_id', message: MESSAGES.reportOwnContent }],
        });
      }

      // A moderator reports like anyone.
      expect(
        (await report(moderator, { target_type: 'comment', target_id: commentId })).statusCode,
      ).toBe(201);
      const stored = await app.db
        .selectFrom('reports')
        .select(['reporter_id', 'target_author_id', 'status'])
        .where('target_id', '=', postId)
        .execute();
      expect(stored).toHaveLength(2);
      for (const row of stored) {
        expect(row).toMatchObject({ target_author_id: author.user.id, status: 'open' });
      }
    });
  });

  it('refuses what cannot be a report: signed out 401, a bad body 422, nothing written', async () => {
    await withCommunity(db, async ({ app, author, member }) => {
      const postId = await uploadPost(app, author.headers);
      const anonymous = await app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        payload: { target_type: 'post', target_id: postId, reason: 'spam' },
      });
      expect(anonymous.statusCode).toBe(401);

      const bad: [Record<string, unknown>, string][] = [
        [{ target_type: 'page', target_id: postId, reason: 'spam' }, 'target_type'],
        [{ target_type: 'post', target_id: postId, reason: 'boring' }, 'reason'],
        [{ target_type: 'post', reason: 'spam' }, 'target_id'],
        [{ target_type: 'post', target_id: ' ', reason: 'spam' }, 'target_id'],
        [
          {
            target_type: 'post',
            target_id: postId,
            reason: 'other',
            note: 'x'.repeat(REPORT_NOTE_MAX_LENGTH + 1),
          },
          'note',
        ],
      ];
      for (const [payload, field] of bad) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/reports',
          headers: member.headers,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(422);
        expect(response.json().errors[0].field).toBe(field);
      }
      const count = await app.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });
  });

  it('lets an account report once it is REPORT_MIN_ACCOUNT_AGE_SECONDS old', async () => {
    const { app, clock } = await db.buildApp({
      env: { REPORT_MIN_ACCOUNT_AGE_SECONDS: '3600' },
    });
    const author = await signedInUser(app);
    const postId = await uploadPost(app, author.headers);
    const newcomer = await signedInUser(app);
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: newcomer.headers,
        payload: { target_type: 'post', target_id: postId, reason: 'spam' },
      });
    clock.advance(3599);
    const tooSoon = await send();
    expect(tooSoon.statusCode).toBe(403);
    expect(tooSoon.json()).toEqual(errorBody(MESSAGES.reportAccountTooNew));
    clock.advance(1);
    expect((await send()).statusCode).toBe(201);
  });

  it('answers 429 over REPORT_RATE_LIMIT_MAX per window, and again after it', async () => {
    const { app, clock } = await db.buildApp({
      env: { REPORT_RATE_LIMIT_MAX: '2', REPORT_RATE_LIMIT_WINDOW_SECONDS: '600' },
    });
    const author = await signedInUser(app);
    const reporter = await signedInUser(app);
    const posts = [];
    for (let index = 0; index < 4; index += 1) {
      posts.push(await uploadPost(app, author.headers, { title: `Post ${index}` }));
    }
    const send = (postId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: reporter.headers,
        payload: { target_type: 'post', target_id: postId, reason: 'spam' },
      });
    expect((await send(posts[0] as string)).statusCode).toBe(201);
    // A duplicate is no new report and does not count against the limit.
    expect((await send(posts[0] as string)).statusCode).toBe(409);
    expect((await send(posts[1] as string)).statusCode).toBe(201);
    const limited = await send(posts[2] as string);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(errorBody(MESSAGES.tooManyReports));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(601);
    expect((await send(posts[2] as string)).statusCode).toBe(201);
  });

  it('lists the member’s own reports, newest first, with status and outcome', async () => {
    await withCommunity(
      db,
      async ({ app, clock, author, member, other, reported, resolve, get }) => {
        const postId = await uploadPost(app, author.headers);
        const commentId = await commentOn(app, author.headers, postId, 'Off-topic rant');
        const onPost = await reported(member, {
          target_type: 'post',
          target_id: postId,
          reason: 'abuse',
          note: 'Insults in the summary',
        });
        clock.advance(1);
        const onComment = await reported(member, {
          target_type: 'comment',
          target_id: commentId,
          reason: 'off_topic',
        });
        clock.advance(1);
        const onUser = await reported(member, { target_type: 'user', target_id: author.user.id });
        await reported(other, { target_type: 'comment', target_id: commentId });

        expect((await get('/api/v1/reports/mine')).statusCode).toBe(401);
        const mine = await get('/api/v1/reports/mine', member.headers);
        expect(mine.statusCode).toBe(200);
        const list = mine.json<MyReport[]>();
        expect(list.map((each) => each.id)).toEqual([onUser, onComment, onPost]);
        expect(list[2]).toEqual({
          id: onPost,
          target_type: 'post',
          target_id: postId,
          post_id: postId,
          reason: 'abuse',
          note: 'Insults in the summary',
          status: 'open',
          outcome: null,
          created_at: expect.any(String),
          resolved_at: null,
        });
        expect(list[1]).toMatchObject({ post_id: postId, target_id: commentId });
        expect(list[0]).toMatchObject({ post_id: null, target_type: 'user' });

        // The other member's report on the comment is resolved with it.
        clock.advance(1);
        const hidden = await resolve(onComment, { action: 'hide', note: 'Off topic' });
        expect(hidden.statusCode, hidden.body).toBe(200);
        const after = (await get('/api/v1/reports/mine', member.headers)).json<MyReport[]>();
        expect(after[1]).toMatchObject({
          id: onComment,
          status: 'resolved',
          outcome: 'hide',
          resolved_at: expect.any(String),
        });
        expect(after[0]).toMatchObject({ status: 'open', outcome: null });
        const theirs = (await get('/api/v1/reports/mine', other.headers)).json<MyReport[]>();
        expect(theirs).toHaveLength(1);
        expect(theirs[0]).toMatchObject({ status: 'resolved', outcome: 'hide' });

        // Paged.
        const page = await get('/api/v1/reports/mine?skip=1&limit=1', member.headers);
        expect(page.json<MyReport[]>().map((each) => each.id)).toEqual([onComment]);
        expect((await get('/api/v1/reports/mine?limit=0', member.headers)).statusCode).toBe(422);
      },
    );
  });
});
