import {
  FOLLOWS_PER_MEMBER_MAX,
  MESSAGES,
  type AuthorInfo,
  type Follows,
  type Notification,
  type PostListItem,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  codeOf,
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type RegisteredUser,
} from '../../../test/helpers.js';
import { withCommunity } from '../../../test/community.js';
import { published, settled } from '../../../test/worker.js';
import { notificationsOf, putSettings, unreadCount } from '../../../test/notifications.js';

type Headers = Record<string, string>;
type Member = RegisteredUser & { headers: { authorization: string } };

const json = { 'content-type': 'application/json' };

function follow(app: FastifyInstance, headers: Headers, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/follows',
    headers: { ...headers, ...json },
    payload: JSON.stringify(body),
  });
}

function unfollow(app: FastifyInstance, headers: Headers, body: unknown) {
  return app.inject({
    method: 'DELETE',
    url: '/api/v1/follows',
    headers: { ...headers, ...json },
    payload: JSON.stringify(body),
  });
}

async function followsOf(app: FastifyInstance, headers: Headers): Promise<Follows> {
  const response = await app.inject({ url: '/api/v1/follows', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Follows>();
}

function list(app: FastifyInstance, query: string, headers: Headers = {}) {
  return app.inject({ url: `/api/v1/media/list?${query}`, headers });
}

async function feedOf(app: FastifyInstance, headers: Headers, query = ''): Promise<string[]> {
  const limit = query.includes('limit=') ? '' : '&limit=100';
  const response = await list(app, `feed=following${limit}${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostListItem[]>().map((post) => post.id);
}

function edit(app: FastifyInstance, headers: Headers, id: string, body: object) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/media/${id}`,
    headers: { ...headers, ...json },
    payload: JSON.stringify(body),
  });
}

async function authorInfo(app: FastifyInstance, headers: Headers, userId: string) {
  const response = await app.inject({
    url: `/api/v1/auth/person_information?user_id=${userId}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthorInfo>();
}

/** Waits until the post is published and every job it queued ran (its notifications written). */
async function publishedAndSettled(app: FastifyInstance, id: string, headers: Headers) {
  await published(app, id, headers);
  await settled(app);
}

const followedPosts = async (app: FastifyInstance, member: Member) =>
  (await notificationsOf(app, member.headers)).filter(
    (notification: Notification) => notification.type === 'followed_post',
  );

const WORKER_ENV = { WORKER_CONCURRENCY: '2', WORKER_POLL_MS: '20' };
const WORKER_TEST_MS = 90_000;

describeEachDatabase('POST, DELETE and GET /follows', (db) => {
  it('follows an author (by id or @name) and a tag (any case, with #), once; lists and unfollows them', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);

    const first = await follow(app, ada.headers, { type: 'author', target: bob.user.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ type: 'author', target: bob.user.id, following: true });
    // Following again, by the address a mention links to, changes nothing: 200, the same body.
    const again = await follow(app, ada.headers, { type: 'author', target: `@${bob.username}` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ type: 'author', target: bob.user.id, following: true });

    const tag = await follow(app, ada.headers, { type: 'tag', target: ' #Machine Learning ' });
    expect(tag.statusCode, tag.body).toBe(201);
    expect(tag.json()).toEqual({ type: 'tag', target: 'Machine Learning', following: true });
    const sameTag = await follow(app, ada.headers, { type: 'tag', target: 'machine learning' });
    expect(sameTag.statusCode, sameTag.body).toBe(200);
    expect(sameTag.json()).toMatchObject({ target: 'Machine Learning' });

    const listed = await followsOf(app, ada.headers);
    expect(listed.authors).toEqual([
      {
        id: bob.user.id,
        username: bob.username,
        nickname: bob.user.nickname,
        avatar: bob.user.avatar,
        followed_at: expect.any(String) as string,
      },
    ]);
    expect(listed.tags).toEqual([
      { tag: 'Machine Learning', followed_at: expect.any(String) as string },
    ]);
    // Nobody else's follows show.
    expect(await followsOf(app, bob.headers)).toEqual({ authors: [], tags: [] });

    // Unfollowing names the tag in any case; unfollowing what is not followed is fine too.
    for (const body of [
      { type: 'tag', target: 'MACHINE LEARNING' },
      { type: 'tag', target: 'MACHINE LEARNING' },
      { type: 'author', target: `@${bob.username}` },
      { type: 'author', target: 'nobody-has-this-id' },
    ]) {
      const response = await unfollow(app, ada.headers, body);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
    }
    expect(await followsOf(app, ada.headers)).toEqual({ authors: [], tags: [] });
  });

  it('refuses oneself (422), nobody and a suspended member (404), a bad body (422) and the signed out (401)', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);

    const self = await follow(app, ada.headers, { type: 'author', target: ada.user.id });
    expect(self.statusCode, self.body).toBe(422);
    expect(self.json()).toMatchObject({
      detail: `target: ${MESSAGES.cannotFollowYourself}`,
      errors: [
        {
          field: 'target',
          message: MESSAGES.cannotFollowYourself,
          ...codeOf(MESSAGES.cannotFollowYourself),
        },
      ],
    });
    const selfByName = await follow(app, ada.headers, {
      type: 'author',
      target: `@${ada.username}`,
    });
    expect(selfByName.statusCode).toBe(422);

    const nobody = await follow(app, ada.headers, { type: 'author', target: 'no-such-member' });
    expect(nobody.statusCode, nobody.body).toBe(404);
    expect(nobody.json()).toMatchObject({ detail: MESSAGES.userNotFound });

    await app.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() + 86_400_000).toISOString() })
      .where('id', '=', bob.user.id)
      .execute();
    const suspended = await follow(app, ada.headers, { type: 'author', target: bob.user.id });
    expect(suspended.statusCode, suspended.body).toBe(404);

    for (const body of [
      { type: 'tag', target: '#' },
      { type: 'tag', target: '  ' },
      { type: 'tag', target: 'x'.repeat(41) },
      { type: 'author', target: 'x'.repeat(65) },
      { type: 'topic', target: 'physics' },
      { type: 'tag' },
      'physics',
    ]) {
      const response = await follow(app, ada.headers, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(422);
    }
    for (const request of [
      follow(app, {}, { type: 'tag', target: 'physics' }),
      unfollow(app, {}, { type: 'tag', target: 'physics' }),
      app.inject({ url: '/api/v1/follows' }),
    ]) {
      expect((await request).statusCode).toBe(401);
    }
    // Nothing was written by any of them.
    const rows = await app.db.selectFrom('follows').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it(`follows at most ${FOLLOWS_PER_MEMBER_MAX} authors and tags; one already followed is still 200`, async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const at = new Date().toISOString();
    await app.db
      .insertInto('follows')
      .values(
        Array.from({ length: FOLLOWS_PER_MEMBER_MAX }, (_, index) => ({
          follower_id: ada.user.id,
          kind: 'tag',
          target: `tag${index}`,
          created_at: at,
        })),
      )
      .execute();
    const over = await follow(app, ada.headers, { type: 'tag', target: 'one-more' });
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json()).toMatchObject({
      errors: [
        {
          field: 'target',
          message: MESSAGES.tooManyFollows(FOLLOWS_PER_MEMBER_MAX),
          ...codeOf(MESSAGES.tooManyFollows(FOLLOWS_PER_MEMBER_MAX)),
        },
      ],
    });
    const known = await follow(app, ada.headers, { type: 'tag', target: 'TAG7' });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json()).toMatchObject({ target: 'tag7' });
  });

  it('counts follows and unfollows against FOLLOW_RATE_LIMIT_MAX; what changes nothing is not counted', async () => {
    const { app } = await db.buildApp({ env: { FOLLOW_RATE_LIMIT_MAX: '3' } });
    const ada = await signedInUser(app);
    expect((await follow(app, ada.headers, { type: 'tag', target: 'a' })).statusCode).toBe(201);
    // Neither following again nor unfollowing what is not followed counts.
    expect((await follow(app, ada.headers, { type: 'tag', target: 'A' })).statusCode).toBe(200);
    expect((await unfollow(app, ada.headers, { type: 'tag', target: 'zz' })).statusCode).toBe(204);
    expect((await follow(app, ada.headers, { type: 'tag', target: 'b' })).statusCode).toBe(201);
    expect((await unfollow(app, ada.headers, { type: 'tag', target: 'a' })).statusCode).toBe(204);
    const limited = await follow(app, ada.headers, { type: 'tag', target: 'c' });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ detail: MESSAGES.tooManyFollowChanges });
    expect((await followsOf(app, ada.headers)).tags.map((row) => row.tag)).toEqual(['b']);
  });
});

describeEachDatabase('GET /media/list?feed=following and ?tag=', (db) => {
  it('lists the posts of followed authors and tags the reader may see, paged and sorted as the forum', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const carol = await signedInUser(app);
    const bobPublic = await uploadPost(app, bob.headers, {
      title: 'Bob public',
      tags: 'chemistry',
    });
    const bobPrivate = await uploadPost(app, bob.headers, {
      title: 'Bob private',
      visibility: 'private',
      tags: 'Physics',
    });
    const carolPhysics = await uploadPost(app, carol.headers, {
      title: 'C1',
      tags: 'Physics, optics',
    });
    const carolLower = await uploadPost(app, carol.headers, { title: 'C2', tags: '#physics' });
    const carolOther = await uploadPost(app, carol.headers, { title: 'C3', tags: 'biology' });
    const adaOwn = await uploadPost(app, ada.headers, {
      title: 'Ada private',
      visibility: 'private',
      tags: 'physics',
    });

    // Following nothing yet: an empty list, not the forum.
    expect(await feedOf(app, ada.headers)).toEqual([]);
    await follow(app, ada.headers, { type: 'author', target: bob.user.id });
    await follow(app, ada.headers, { type: 'tag', target: 'PHYSICS' });

    // Newest first; bob's private post and ada's own private one are in no forum list.
    expect(await feedOf(app, ada.headers)).toEqual([carolLower, carolPhysics, bobPublic]);
    expect(await feedOf(app, ada.headers, '&sort_by=time_asc')).toEqual([
      bobPublic,
      carolPhysics,
      carolLower,
    ]);
    expect(await feedOf(app, ada.headers, '&sort_by=time_asc&skip=1&limit=1')).toEqual([
      carolPhysics,
    ]);
    // With a search, and with a tag: the feed narrowed.
    expect(await feedOf(app, ada.headers, '&search=C1')).toEqual([carolPhysics]);
    expect(await feedOf(app, ada.headers, '&tag=chemistry')).toEqual([bobPublic]);
    // The author's own private post is theirs alone, in no follower's feed.
    await follow(app, bob.headers, { type: 'tag', target: 'physics' });
    expect(await feedOf(app, bob.headers)).toEqual([carolLower, carolPhysics]);
    expect(await feedOf(app, carol.headers)).toEqual([]);

    // Made private, a post leaves the feed.
    expect((await edit(app, carol.headers, carolLower, { visibility: 'private' })).statusCode).toBe(
      200,
    );
    expect(await feedOf(app, ada.headers)).toEqual([carolPhysics, bobPublic]);
    // Unfollowed, an author's posts leave it.
    await unfollow(app, ada.headers, { type: 'author', target: bob.user.id });
    expect(await feedOf(app, ada.headers)).toEqual([carolPhysics]);
    expect([bobPrivate, carolOther, adaOwn]).toHaveLength(3);
  });

  it('is 401 signed out, every time, and never answered from the shared cache', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const post = await uploadPost(app, bob.headers, { title: 'Shared' });
    for (let i = 0; i < 2; i += 1) {
      const anonymous = await list(app, 'feed=following');
      expect(anonymous.statusCode, anonymous.body).toBe(401);
      expect(anonymous.headers['x-cache']).toBeUndefined();
    }
    // The forum's shared answer is kept…
    await list(app, 'limit=12');
    expect((await list(app, 'limit=12')).headers['x-cache']).toBe('hit');
    // …and a member's feed is their own: ada follows nobody, then bob.
    expect(await feedOf(app, ada.headers)).toEqual([]);
    await follow(app, ada.headers, { type: 'author', target: bob.user.id });
    expect(await feedOf(app, ada.headers)).toEqual([post]);
    const feed = await list(app, 'feed=following&limit=100', ada.headers);
    expect(feed.headers['x-cache']).toBeUndefined();
    expect((await list(app, 'feed=nothing')).statusCode).toBe(422);
  });

  it('filters the forum by a tag, ignoring case and #, for everyone (and caches it per tag)', async () => {
    const { app } = await db.buildApp();
    const bob = await signedInUser(app);
    const upper = await uploadPost(app, bob.headers, { title: 'One', tags: 'Optics' });
    const lower = await uploadPost(app, bob.headers, { title: 'Two', tags: 'optics, lasers' });
    await uploadPost(app, bob.headers, { title: 'Three', tags: 'opticsx' });
    await uploadPost(app, bob.headers, { title: 'Private', tags: 'optics', visibility: 'private' });
    const ids = async (query: string, headers: Headers = {}) => {
      const response = await list(app, query, headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PostListItem[]>().map((post) => post.id);
    };
    expect(await ids('tag=OPTICS')).toEqual([lower, upper]);
    expect(await ids('tag=%23optics')).toEqual([lower, upper]);
    expect(await ids('tag=lasers')).toEqual([lower]);
    expect(await ids('tag=')).toHaveLength(3);
    // Cached per tag: another tag is another answer.
    expect(await ids('tag=lasers')).toEqual([lower]);
    expect(await ids('tag=Optics')).toEqual([lower, upper]);
    expect((await list(app, `tag=${'x'.repeat(1001)}`)).statusCode).toBe(422);
  });
});

describeEachDatabase('followed_post notifications', (db) => {
  it(
    "a followed author's post, once published and public, tells each follower once",
    async () => {
      const { app } = await db.buildApp({ env: WORKER_ENV });
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const carol = await signedInUser(app);
      const dave = await signedInUser(app);
      await follow(app, ada.headers, { type: 'author', target: bob.user.id });
      await follow(app, carol.headers, { type: 'author', target: bob.user.id });
      // A tag's followers are told of nothing; nor is a member who follows someone else.
      await follow(app, dave.headers, { type: 'tag', target: 'optics' });
      await follow(app, dave.headers, { type: 'author', target: carol.user.id });

      const post = await uploadPost(app, bob.headers, {
        title: 'Lasers\n  in  fog',
        tags: 'optics',
      });
      await publishedAndSettled(app, post, bob.headers);
      for (const follower of [ada, carol]) {
        const told = await followedPosts(app, follower);
        expect(told).toEqual([
          {
            id: expect.any(String) as string,
            type: 'followed_post',
            actor: { id: bob.user.id, username: bob.username, avatar: bob.user.avatar },
            post_id: post,
            comment_id: null,
            excerpt: 'Lasers in fog',
            count: 1,
            created_at: expect.any(String) as string,
            read: false,
          },
        ]);
      }
      expect(await followedPosts(app, dave)).toEqual([]);
      expect(await followedPosts(app, bob)).toEqual([]);
      expect(await unreadCount(app, ada.headers)).toBe(1);

      // Analysed again after an edit, made private and public again: nobody is told twice.
      expect((await edit(app, bob.headers, post, { content: 'New text' })).statusCode).toBe(200);
      await publishedAndSettled(app, post, bob.headers);
      await edit(app, bob.headers, post, { visibility: 'private' });
      // Private, it leaves the follower's notifications (and their unread count).
      expect(await followedPosts(app, ada)).toEqual([]);
      expect(await unreadCount(app, ada.headers)).toBe(0);
      await edit(app, bob.headers, post, { visibility: 'public' });
      for (const follower of [ada, carol]) {
        expect((await followedPosts(app, follower)).map((n) => n.post_id)).toEqual([post]);
      }

      // Deleted, it leaves them for good.
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/v1/media/${post}`,
        headers: bob.headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await followedPosts(app, ada)).toEqual([]);
      expect(await unreadCount(app, ada.headers)).toBe(0);
    },
    WORKER_TEST_MS,
  );

  it(
    'a private post tells nobody until it is made public; a follower who turned the type off is not told',
    async () => {
      const { app } = await db.buildApp({ env: WORKER_ENV });
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const carol = await signedInUser(app);
      await follow(app, ada.headers, { type: 'author', target: bob.user.id });
      await follow(app, carol.headers, { type: 'author', target: bob.user.id });
      expect((await putSettings(app, carol.headers, { followed_post: false })).statusCode).toBe(
        200,
      );

      const draft = await uploadPost(app, bob.headers, { title: 'Draft', visibility: 'private' });
      await publishedAndSettled(app, draft, bob.headers);
      expect(await followedPosts(app, ada)).toEqual([]);
      const rows = await app.db
        .selectFrom('notifications')
        .select('user_id')
        .where('type', '=', 'followed_post')
        .execute();
      expect(rows).toEqual([]);

      expect((await edit(app, bob.headers, draft, { visibility: 'public' })).statusCode).toBe(200);
      expect((await followedPosts(app, ada)).map((n) => n.post_id)).toEqual([draft]);
      expect(await followedPosts(app, carol)).toEqual([]);
    },
    WORKER_TEST_MS,
  );

  it(
    'a post the moderators hide takes its followed_post notifications along; restored, they return',
    async () => {
      await withCommunity(
        db,
        async (community) => {
          const { app, author, member, other, moderator } = community;
          await follow(app, member.headers, { type: 'author', target: author.user.id });
          const post = await uploadPost(app, author.headers, { title: 'Reported' });
          await publishedAndSettled(app, post, author.headers);
          expect((await followedPosts(app, member)).map((n) => n.post_id)).toEqual([post]);

          const reportId = await community.reported(other, {
            target_type: 'post',
            target_id: post,
          });
          const hidden = await community.resolve(reportId, { action: 'hide', note: 'Spam' });
          expect(hidden.statusCode, hidden.body).toBe(200);
          expect(await followedPosts(app, member)).toEqual([]);
          expect(await unreadCount(app, member.headers)).toBe(0);

          const restored = await app.inject({
            method: 'POST',
            url: `/api/v1/moderation/post/${post}/restore`,
            headers: moderator.headers,
            payload: { note: 'Fine after all' },
          });
          expect(restored.statusCode, restored.body).toBe(204);
          expect((await followedPosts(app, member)).map((n) => n.post_id)).toEqual([post]);
        },
        WORKER_ENV,
      );
    },
    WORKER_TEST_MS,
  );

  it(
    'four hundred followers are each told once, each notification with an id of its own',
    async () => {
      const { app } = await db.buildApp({ env: WORKER_ENV });
      const bob = await signedInUser(app);
      const ada = await signedInUser(app);
      await follow(app, ada.headers, { type: 'author', target: bob.user.id });
      // 400 more followers, written as rows (registering each through the API would only slow
      // the test): their accounts exist, as follows' foreign key requires.
      const at = new Date().toISOString();
      const ids = Array.from({ length: 400 }, (_, index) => `follower-${index}`);
      const template = await app.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', ada.user.id)
        .executeTakeFirstOrThrow();
      await app.db
        .insertInto('users')
        .values(
          ids.map((id) => ({
            ...template,
            id,
            username: id,
            username_lower: id,
          })),
        )
        .execute();
      await app.db
        .insertInto('follows')
        .values(
          ids.map((id) => ({
            follower_id: id,
            kind: 'author',
            target: bob.user.id,
            created_at: at,
          })),
        )
        .execute();

      const post = await uploadPost(app, bob.headers, { title: 'For everyone' });
      await publishedAndSettled(app, post, bob.headers);
      const told = await app.db
        .selectFrom('notifications')
        .select(['user_id', 'id'])
        .where('type', '=', 'followed_post')
        .where('post_id', '=', post)
        .execute();
      expect(told).toHaveLength(401);
      expect(new Set(told.map((row) => row.user_id)).size).toBe(401);
      expect(new Set(told.map((row) => row.id)).size).toBe(401);
      expect(await unreadCount(app, ada.headers)).toBe(1);
    },
    WORKER_TEST_MS,
  );
});

describeEachDatabase('followers on the author profile', (db) => {
  it('counts followers and follows with the statistics, as private as they are', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const carol = await signedInUser(app);
    await follow(app, ada.headers, { type: 'author', target: bob.user.id });
    await follow(app, carol.headers, { type: 'author', target: bob.user.id });
    await follow(app, bob.headers, { type: 'tag', target: 'optics' });
    await follow(app, bob.headers, { type: 'author', target: carol.user.id });
    const statistics = (member: Member, shown: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/modify/modify_settings',
        headers: { ...member.headers, ...json },
        payload: JSON.stringify({ new_public_statistics: shown }),
      });
    for (const member of [ada, bob]) expect((await statistics(member, true)).statusCode).toBe(200);

    expect(await authorInfo(app, ada.headers, bob.user.id)).toMatchObject({
      followers_count: 2,
      following_count: 2,
      followed_by_you: true,
    });
    expect(await authorInfo(app, bob.headers, ada.user.id)).toMatchObject({
      followers_count: 0,
      following_count: 1,
      followed_by_you: false,
    });

    expect((await statistics(bob, false)).statusCode).toBe(200);
    const seen = await authorInfo(app, ada.headers, bob.user.id);
    expect(seen).not.toHaveProperty('followers_count');
    expect(seen).not.toHaveProperty('following_count');
    // Whether the reader follows is the reader's own: it stays.
    expect(seen.followed_by_you).toBe(true);
    // The owner sees their own.
    expect(await authorInfo(app, bob.headers, bob.user.id)).toMatchObject({
      followers_count: 2,
      following_count: 2,
    });
  });
});
