import { NOTIFICATION_EXCERPT_LENGTH, NOTIFICATIONS_READ_MAX_IDS } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../../test/helpers.js';
import {
  like,
  markRead,
  notificationsOf,
  postComment,
  putSettings,
  settingsOf,
  unreadCount,
} from '../../../test/notifications.js';

async function rowsFor(testApp: TestApp, userId: string) {
  return testApp.app.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
}

describeEachDatabase('notifications API', (db) => {
  async function setUp(env: Record<string, string> = {}) {
    const testApp = await db.buildApp({ env });
    const { app } = testApp;
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const cy = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers, { title: 'Protein folding at scale' });
    return { testApp, app, ada, bob, cy, postId };
  }

  describe('what causes one', () => {
    it('a comment on your post tells you, with who, where and what', async () => {
      const { app, ada, bob, postId } = await setUp();
      const comment = await postComment(app, bob.headers, {
        postId,
        content: 'Which force field?',
      });
      const [notification, ...rest] = await notificationsOf(app, ada.headers);
      expect(rest).toEqual([]);
      expect(notification).toMatchObject({
        type: 'comment',
        actor: { id: bob.user.id, username: bob.username },
        post_id: postId,
        comment_id: comment._id,
        excerpt: 'Which force field?',
        count: 1,
        read: false,
      });
      expect(await notificationsOf(app, bob.headers)).toEqual([]);
      expect(await unreadCount(app, ada.headers)).toBe(1);
    });

    it('never for your own action: your comment on your post, your reply, your like', async () => {
      const { testApp, app, ada, postId } = await setUp();
      const own = await postComment(app, ada.headers, {
        postId,
        content: 'Notes to self @' + ada.username,
      });
      await postComment(app, ada.headers, { postId, content: 'and more', parentId: own._id });
      await like(app, ada.headers, { postId });
      await like(app, ada.headers, { commentId: own._id });
      expect(await rowsFor(testApp, ada.user.id)).toEqual([]);
    });

    it('a reply tells the parent author (reply) and the post author (comment)', async () => {
      const { testApp, app, ada, bob, cy, postId } = await setUp();
      const parent = await postComment(app, bob.headers, { postId, content: 'First' });
      testApp.clock.advance(1);
      const reply = await postComment(app, cy.headers, {
        postId,
        content: 'Second',
        parentId: parent._id,
      });
      const [toBob] = await notificationsOf(app, bob.headers);
      expect(toBob).toMatchObject({
        type: 'reply',
        comment_id: reply._id,
        actor: { id: cy.user.id },
      });
      const [latest] = await notificationsOf(app, ada.headers);
      expect(latest).toMatchObject({ type: 'comment', comment_id: reply._id });
    });

    it('a reply that also mentions you, on your post, is one notification: the reply', async () => {
      const { testApp, app, ada, bob, postId } = await setUp();
      const parent = await postComment(app, ada.headers, { postId, content: 'My method' });
      await postComment(app, bob.headers, {
        postId,
        content: `@${ada.username} see @${ada.username.toUpperCase()} again`,
        parentId: parent._id,
      });
      const rows = await rowsFor(testApp, ada.user.id);
      expect(rows.map((row) => row.type)).toEqual(['reply']);
    });

    it('@username tells a member who may see the post; unknown names and oneself nobody', async () => {
      const { testApp, app, bob, cy, postId } = await setUp();
      const comment = await postComment(app, bob.headers, {
        postId,
        content: `cc @${cy.username}, @nobody_here and @${bob.username}.`,
      });
      const [toCy] = await notificationsOf(app, cy.headers);
      expect(toCy).toMatchObject({ type: 'mention', comment_id: comment._id, post_id: postId });
      expect(await rowsFor(testApp, bob.user.id)).toEqual([]);
    });

    it('a mention in a private post, which the member may not see, writes nothing', async () => {
      const { testApp, app, ada, bob } = await setUp();
      const hidden = await uploadPost(app, ada.headers, { title: 'Draft', visibility: 'private' });
      await postComment(app, ada.headers, { postId: hidden, content: `@${bob.username} look` });
      expect(await rowsFor(testApp, bob.user.id)).toEqual([]);
    });

    it('quotes at most NOTIFICATION_EXCERPT_LENGTH characters of the comment', async () => {
      const { app, ada, bob, postId } = await setUp();
      await postComment(app, bob.headers, { postId, content: 'word '.repeat(200) });
      const [notification] = await notificationsOf(app, ada.headers);
      expect(notification?.excerpt.length).toBeLessThanOrEqual(NOTIFICATION_EXCERPT_LENGTH);
      expect(notification?.excerpt.startsWith('word word')).toBe(true);
    });
  });

  describe('likes, grouped per target and day', () => {
    it('three members like a post: one notification counting 3, the latest liker shown', async () => {
      const { testApp, app, ada, bob, cy, postId } = await setUp();
      const dee = await signedInUser(app);
      for (const member of [bob, cy, dee]) await like(app, member.headers, { postId });
      const [notification, ...rest] = await notificationsOf(app, ada.headers);
      expect(rest).toEqual([]);
      expect(notification).toMatchObject({
        type: 'like',
        count: 3,
        post_id: postId,
        comment_id: null,
        excerpt: 'Protein folding at scale',
        actor: { id: dee.user.id },
      });

      // Taken back and given again the same day: no one new, no rise.
      await markRead(app, ada.headers, { all: true });
      expect(await like(app, bob.headers, { postId })).toBe('unliked');
      expect(await like(app, bob.headers, { postId })).toBe('liked');
      const [again] = await notificationsOf(app, ada.headers);
      expect(again).toMatchObject({ count: 3, read: true });
      expect(await unreadCount(app, ada.headers)).toBe(0);

      // The next day is a new notification.
      testApp.clock.advance(24 * 60 * 60);
      await like(app, bob.headers, { postId });
      await like(app, bob.headers, { postId });
      const list = await notificationsOf(app, ada.headers);
      expect(list.map((n) => [n.type, n.count, n.read])).toEqual([
        ['like', 1, false],
        ['like', 3, true],
      ]);
    });

    it('a like of your comment tells you; a new liker raises it to the top, unread', async () => {
      const { testApp, app, ada, bob, cy, postId } = await setUp();
      const comment = await postComment(app, bob.headers, { postId, content: 'A point' });
      await like(app, ada.headers, { commentId: comment._id });
      testApp.clock.advance(1);
      await postComment(app, cy.headers, { postId, content: `@${bob.username} agreed` });
      await markRead(app, bob.headers, { all: true });
      testApp.clock.advance(1);
      await like(app, cy.headers, { commentId: comment._id });
      const [top, second] = await notificationsOf(app, bob.headers);
      expect(top).toMatchObject({
        type: 'like',
        count: 2,
        comment_id: comment._id,
        post_id: postId,
        excerpt: 'A point',
        actor: { id: cy.user.id },
        read: false,
      });
      expect(second).toMatchObject({ type: 'mention', read: true });
    });
  });

  describe('settings', () => {
    it('all on by default; a type turned off is not written, the others are', async () => {
      const { testApp, app, ada, bob, cy, postId } = await setUp();
      expect(await settingsOf(app, ada.headers)).toEqual({
        comment: true,
        reply: true,
        mention: true,
        like: true,
        moderation: true,
        reward: true,
        review: true,
        review_response: true,
        bounty_offered: true,
        bounty_awarded: true,
        followed_post: true,
      });
      const saved = await putSettings(app, ada.headers, { comment: false, like: false });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ comment: false, like: false, reply: true });
      expect(await settingsOf(app, ada.headers)).toMatchObject({ comment: false, like: false });

      const own = await postComment(app, ada.headers, { postId, content: 'Mine' });
      await postComment(app, bob.headers, { postId, content: 'On your post' });
      await like(app, bob.headers, { postId });
      await postComment(app, cy.headers, { postId, content: 'Reply', parentId: own._id });
      expect((await rowsFor(testApp, ada.user.id)).map((row) => row.type)).toEqual(['reply']);

      // Back on: written again.
      await putSettings(app, ada.headers, { comment: true });
      testApp.clock.advance(1);
      await postComment(app, bob.headers, { postId, content: 'Again' });
      expect((await notificationsOf(app, ada.headers))[0]?.type).toBe('comment');
    });

    it('a setting that is not a boolean is 422, and nothing changes', async () => {
      const { app, ada } = await setUp();
      for (const body of [{ comment: 'no' }, { like: 0 }, { reply: null }, [true], 'on']) {
        const response = await putSettings(app, ada.headers, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
      }
      expect(await settingsOf(app, ada.headers)).toMatchObject({ comment: true, like: true });
    });
  });

  describe('reading', () => {
    it('marks your own read by id (others’ ids are passed over), then all', async () => {
      const { app, ada, bob, cy, postId } = await setUp();
      const bobsPost = await uploadPost(app, bob.headers, { title: 'Bob’s' });
      await postComment(app, cy.headers, { postId, content: 'one' });
      await postComment(app, cy.headers, { postId, content: 'two' });
      await postComment(app, cy.headers, { postId: bobsPost, content: 'three' });
      const [first, second] = await notificationsOf(app, ada.headers);
      const [bobs] = await notificationsOf(app, bob.headers);

      const some = await markRead(app, ada.headers, { ids: [first?.id, bobs?.id, 'unknown'] });
      expect(some.statusCode, some.body).toBe(200);
      expect(some.json()).toEqual({ count: 1 });
      expect(await unreadCount(app, ada.headers)).toBe(1);
      expect(await unreadCount(app, bob.headers)).toBe(1);
      expect((await notificationsOf(app, ada.headers)).map((n) => [n.id, n.read])).toEqual([
        [first?.id, true],
        [second?.id, false],
      ]);

      const all = await markRead(app, ada.headers, { all: true });
      expect(all.json()).toEqual({ count: 1 });
      expect(await unreadCount(app, ada.headers)).toBe(0);
      expect(await unreadCount(app, bob.headers)).toBe(1);
    });

    it('pages newest first with skip and limit', async () => {
      const { testApp, app, ada, bob, postId } = await setUp();
      for (const content of ['a', 'b', 'c']) {
        await postComment(app, bob.headers, { postId, content });
        testApp.clock.advance(1);
      }
      const page = await notificationsOf(app, ada.headers, '?skip=1&limit=1');
      expect(page.map((n) => n.excerpt)).toEqual(['b']);
    });

    it('bad input is 422 and changes nothing; signed out is 401', async () => {
      const { app, ada, bob, postId } = await setUp();
      await postComment(app, bob.headers, { postId, content: 'one' });
      const tooMany = Array.from({ length: NOTIFICATIONS_READ_MAX_IDS + 1 }, (_, i) => `id${i}`);
      for (const body of [
        {},
        { ids: [] },
        { all: false },
        { ids: 'x' },
        { ids: [1] },
        { ids: ['x'.repeat(65)] },
        { ids: tooMany },
        null,
      ]) {
        const response = await markRead(app, ada.headers, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
      }
      expect(await unreadCount(app, ada.headers)).toBe(1);
      for (const query of ['?limit=0', '?limit=101', '?skip=-1', '?skip=x']) {
        const response = await app.inject({
          url: `/api/v1/notifications${query}`,
          headers: ada.headers,
        });
        expect(response.statusCode, query).toBe(422);
      }
      for (const [method, url] of [
        ['GET', '/api/v1/notifications'],
        ['GET', '/api/v1/notifications/unread_count'],
        ['POST', '/api/v1/notifications/read'],
        ['GET', '/api/v1/notifications/settings'],
        ['PUT', '/api/v1/notifications/settings'],
        ['GET', '/api/v1/notifications/stream'],
      ] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, url).toBe(401);
      }
    });
  });

  it('100 concurrent comments on one post give its author exactly 100 notifications', async () => {
    const { testApp, app, ada, bob, cy, postId } = await setUp({ COMMENT_RATE_LIMIT_MAX: '1000' });
    const dee = await signedInUser(app);
    const commenters = [bob, cy, dee];
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/comments/create',
          headers: { ...commenters[i % 3]?.headers, 'content-type': 'application/json' },
          payload: JSON.stringify({ postId, content: `comment ${i}`, imageUrl: '' }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(201));
    const rows = await rowsFor(testApp, ada.user.id);
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => row.comment_id)).size).toBe(100);
    expect(await unreadCount(app, ada.headers)).toBe(100);
  });
});

describeEachDatabase('GET /auth/person_information by username', (db) => {
  it('finds the author by username, however it is cased; exactly one of user_id and username', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const byName = await app.inject({
      url: `/api/v1/auth/person_information?username=${encodeURIComponent(bob.username.toUpperCase())}`,
      headers: ada.headers,
    });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toMatchObject({ user_id: bob.user.id, username: bob.username });

    const unknown = await app.inject({
      url: '/api/v1/auth/person_information?username=nobody_at_all',
      headers: ada.headers,
    });
    expect(unknown.statusCode).toBe(404);
    for (const query of [
      '',
      `?user_id=${bob.user.id}&username=${bob.username}`,
      '?username=',
      `?username=${'a'.repeat(21)}`,
    ]) {
      const response = await app.inject({
        url: `/api/v1/auth/person_information${query}`,
        headers: ada.headers,
      });
      expect(response.statusCode, query).toBe(422);
    }
  });
});
