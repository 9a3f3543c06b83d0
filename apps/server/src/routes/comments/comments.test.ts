import { MESSAGES, type Comment, type PostDetail } from '@symposia/shared';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { threadPlacement } from '../../services/comments/comment-service.js';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestApp,
  errorBody,
} from '../../../test/helpers.js';

type Headers = Record<string, string>;

function create(app: FastifyInstance, headers: Headers, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/comments/create',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

async function comment(
  app: FastifyInstance,
  headers: Headers,
  body: Record<string, unknown>,
): Promise<Comment> {
  const response = await create(app, headers, { imageUrl: '', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

async function thread(app: FastifyInstance, postId: string, headers: Headers = {}) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/comments/post/${postId}?skip=0&limit=2000`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Comment[]>();
}

async function likedOn(app: FastifyInstance, postId: string, headers: Headers) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/comments/post/${postId}/liked`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ liked: string[] }>().liked;
}

function likeComment(app: FastifyInstance, id: string, headers: Headers) {
  return app.inject({ method: 'POST', url: `/api/v1/comments/${id}/like`, headers });
}

async function count(testApp: TestApp, table: 'comments' | 'comment_likes') {
  const row = await testApp.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function postDetail(app: FastifyInstance, id: string) {
  return (await app.inject({ method: 'GET', url: `/api/v1/media/${id}` })).json<PostDetail>();
}

describeEachDatabase('comments API', (db) => {
  async function setUp(env: Record<string, string> = {}) {
    const testApp = await db.buildApp({ env });
    const ada = await signedInUser(testApp.app);
    const bob = await signedInUser(testApp.app);
    const postId = await uploadPost(testApp.app, ada.headers, { title: 'Discussed' });
    return { testApp, app: testApp.app, ada, bob, postId };
  }

  it('threads comments: level 1, a reply at level 2, replies to replies at level 3', async () => {
    const { app, ada, bob, postId } = await setUp();
    const top = await comment(app, ada.headers, { postId, content: '  First!  ' });
    expect(top).toMatchObject({
      _id: expect.any(String),
      postId,
      userId: ada.user.id,
      username: ada.username,
      avatar: '',
      content: 'First!',
      imageUrl: '',
      likes: 0,
      level: 1,
      parentId: null,
      rootId: null,
      replyCount: 0,
    });
    expect(top).not.toHaveProperty('liked');
    const reply = await comment(app, bob.headers, {
      postId,
      content: 'A reply',
      parentId: top._id,
      rootId: top._id,
    });
    expect(reply).toMatchObject({ level: 2, parentId: top._id, rootId: top._id });
    expect(reply).not.toHaveProperty('replyCount');
    const deeper = await comment(app, ada.headers, {
      postId,
      content: 'Reply to the reply',
      parentId: reply._id,
    });
    expect(deeper).toMatchObject({ level: 3, parentId: reply._id, rootId: top._id });
    const deepest = await comment(app, bob.headers, {
      postId,
      content: 'Still level 3',
      parentId: deeper._id,
      rootId: top._id,
    });
    expect(deepest).toMatchObject({ level: 3, parentId: deeper._id, rootId: top._id });

    const all = await thread(app, postId);
    expect(all.map((item) => item.content)).toEqual([
      'First!',
      'A reply',
      'Reply to the reply',
      'Still level 3',
    ]);
    expect(all[0]?.replyCount).toBe(3);
    expect((await postDetail(app, postId)).comments).toBe(4);
  });

  it('answers 422 for a parent on another post, a wrong rootId, or a missing parent', async () => {
    const { testApp, app, ada, postId } = await setUp();
    const otherPost = await uploadPost(app, ada.headers, { title: 'Elsewhere' });
    const elsewhere = await comment(app, ada.headers, { postId: otherPost, content: 'there' });
    const top = await comment(app, ada.headers, { postId, content: 'here' });
    const second = await comment(app, ada.headers, { postId, content: 'another' });

    const cases: [Record<string, unknown>, string][] = [
      [{ parentId: elsewhere._id }, 'parentId'],
      [{ parentId: top._id, rootId: second._id }, 'rootId'],
      [{ rootId: top._id }, 'rootId'],
      [{ parentId: 'no-such-comment' }, 'parentId'],
    ];
    for (const [extra, field] of cases) {
      const response = await create(app, ada.headers, { postId, content: 'x', ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(422);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
    }
    expect(await count(testApp, 'comments')).toBe(3);
    expect((await postDetail(app, postId)).comments).toBe(2);
  });

  it.each([
    [{ content: '   ' }, 'content'],
    [{ content: 'x'.repeat(5001) }, 'content'],
    [{ content: undefined }, 'content'],
    [{ postId: '' }, 'postId'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
  ])('answers 422 naming the field for %j', async (override, field) => {
    const { testApp, app, ada, postId } = await setUp();
    const response = await create(app, ada.headers, { postId, content: 'ok', ...override });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
    expect(await count(testApp, 'comments')).toBe(0);
  });

  it('accepts exactly 5000 characters', async () => {
    const { app, ada, postId } = await setUp();
    const created = await comment(app, ada.headers, { postId, content: 'x'.repeat(5000) });
    expect(created.content).toHaveLength(5000);
  });

  it('answers 401 signed out, 404 for a missing post', async () => {
    const { app, ada, postId } = await setUp();
    expect((await create(app, {}, { postId, content: 'hi' })).statusCode).toBe(401);
    const missing = await create(app, ada.headers, { postId: 'missing', content: 'hi' });
    expect(missing.statusCode).toBe(404);
    const list = await app.inject({ method: 'GET', url: '/api/v1/comments/post/missing' });
    expect(list.statusCode).toBe(404);
  });

  it("keeps a private post's comments from everyone but its author", async () => {
    const { app, ada, bob } = await setUp();
    const hidden = await uploadPost(app, ada.headers, { visibility: 'private' });
    const own = await comment(app, ada.headers, { postId: hidden, content: 'note to self' });
    expect((await create(app, bob.headers, { postId: hidden, content: 'hi' })).statusCode).toBe(
      404,
    );
    for (const headers of [{}, bob.headers]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/comments/post/${hidden}`,
        headers,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await likeComment(app, own._id, bob.headers)).statusCode).toBe(404);
    expect(await thread(app, hidden, ada.headers)).toHaveLength(1);
    // The author's read is not shared with anyone else afterwards.
    const after = await app.inject({ method: 'GET', url: `/api/v1/comments/post/${hidden}` });
    expect(after.statusCode).toBe(404);
  });

  it('pages with skip and limit, and refuses limits outside 1–2000', async () => {
    const { app, ada, postId } = await setUp();
    for (let index = 0; index < 5; index += 1) {
      await comment(app, ada.headers, { postId, content: `c${index}` });
    }
    const page = await app.inject({
      method: 'GET',
      url: `/api/v1/comments/post/${postId}?skip=1&limit=2`,
    });
    expect(page.json<Comment[]>().map((item) => item.content)).toEqual(['c1', 'c2']);
    for (const limit of ['0', '2001', 'many']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/comments/post/${postId}?limit=${limit}`,
      });
      expect(response.statusCode).toBe(422);
    }
  });

  it('toggles comment likes; each member learns which comments they like', async () => {
    const { app, ada, bob, postId } = await setUp();
    const top = await comment(app, ada.headers, { postId, content: 'like me' });
    const other = await comment(app, ada.headers, { postId, content: 'and me' });
    const liked = await likeComment(app, top._id, bob.headers);
    expect(liked.json()).toEqual({ status: 'success', action: 'liked', likes: 1 });
    await likeComment(app, other._id, bob.headers);
    expect((await thread(app, postId, bob.headers))[0]).toMatchObject({ likes: 1 });
    expect((await likedOn(app, postId, bob.headers)).sort()).toEqual([top._id, other._id].sort());
    expect(await likedOn(app, postId, ada.headers)).toEqual([]);
    const unliked = await likeComment(app, top._id, bob.headers);
    expect(unliked.json()).toEqual({ status: 'success', action: 'unliked', likes: 0 });
    expect(await likedOn(app, postId, bob.headers)).toEqual([other._id]);
    expect((await likeComment(app, top._id, {})).statusCode).toBe(401);
    expect((await likeComment(app, 'missing', bob.headers)).statusCode).toBe(404);
  });

  it('answers the liked ids only to a signed-in member who may see the post', async () => {
    const { app, ada, bob, postId } = await setUp();
    const hidden = await uploadPost(app, ada.headers, { visibility: 'private' });
    const own = await comment(app, ada.headers, { postId: hidden, content: 'mine' });
    await likeComment(app, own._id, ada.headers);
    const url = (id: string) => `/api/v1/comments/post/${id}/liked`;
    expect((await app.inject({ method: 'GET', url: url(postId) })).statusCode).toBe(401);
    const missing = await app.inject({ method: 'GET', url: url('missing'), headers: bob.headers });
    expect(missing.statusCode).toBe(404);
    const other = await app.inject({ method: 'GET', url: url(hidden), headers: bob.headers });
    expect(other.statusCode).toBe(404);
    expect(await likedOn(app, hidden, ada.headers)).toEqual([own._id]);
  });

  it('answers every reader the same bytes, with an ETag and br or gzip for repeated reads', async () => {
    const { app, ada, bob, postId } = await setUp({ COMMENT_RATE_LIMIT_MAX: '100' });
    for (let index = 0; index < 30; index += 1) {
      await comment(app, ada.headers, { postId, content: `remark ${index} `.repeat(5) });
    }
    const url = `/api/v1/comments/post/${postId}?skip=0&limit=2000`;
    const anonymous = await app.inject({ method: 'GET', url });
    const member = await app.inject({ method: 'GET', url, headers: bob.headers });
    expect(member.body).toBe(anonymous.body);
    expect(member.headers.etag).toBe(anonymous.headers.etag);
    expect(anonymous.headers.vary).toBe('accept-encoding');
    expect(anonymous.json<Comment[]>()).toHaveLength(30);

    const notModified = await app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(anonymous.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    // Compression starts on the second read and runs off the event loop; it lands shortly.
    await expect
      .poll(async () => {
        const zipped = await app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br, gzip;q=0.8' },
        });
        return zipped.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(zipped.rawPayload).toString()
          : undefined;
      })
      .toBe(anonymous.body);
    const refused = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(anonymous.body);
  });

  it('shows a new comment or like at once, though the thread was just read', async () => {
    const { app, ada, bob, postId } = await setUp();
    const first = await comment(app, ada.headers, { postId, content: 'first' });
    const before = await app.inject({ method: 'GET', url: `/api/v1/comments/post/${postId}` });
    await comment(app, bob.headers, { postId, content: 'second' });
    await likeComment(app, first._id, bob.headers);
    const after = await app.inject({ method: 'GET', url: `/api/v1/comments/post/${postId}` });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<Comment[]>().map((item) => [item.content, item.likes])).toEqual([
      ['first', 1],
      ['second', 0],
    ]);
  });

  it('keeps counts equal to the rows after 50 concurrent comments and likes', async () => {
    const { testApp, app, ada, postId } = await setUp({ LOGIN_RATE_LIMIT_IP_MAX: '1000' });
    const top = await comment(app, ada.headers, { postId, content: 'thread' });
    const members = [];
    for (let index = 0; index < 50; index += 1) members.push(await signedInUser(app));
    await Promise.all(
      members.map(async (member, index) => {
        await comment(app, member.headers, {
          postId,
          content: `reply ${index}`,
          parentId: top._id,
        });
        await likeComment(app, top._id, member.headers);
      }),
    );
    expect(await count(testApp, 'comments')).toBe(51);
    expect(await count(testApp, 'comment_likes')).toBe(50);
    const all = await thread(app, postId);
    expect(all[0]).toMatchObject({ replyCount: 50, likes: 50 });
    expect((await postDetail(app, postId)).comments).toBe(51);
  });

  it('limits how fast one member comments: 429 with Retry-After, others unaffected', async () => {
    const { testApp, app, ada, bob, postId } = await setUp({ COMMENT_RATE_LIMIT_MAX: '3' });
    for (let index = 0; index < 3; index += 1) {
      await comment(app, ada.headers, { postId, content: `ok ${index}` });
    }
    const refused = await create(app, ada.headers, { postId, content: 'too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(errorBody(MESSAGES.tooManyComments));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await comment(app, bob.headers, { postId, content: 'bob is fine' });
    testApp.clock.advance(61);
    await comment(app, ada.headers, { postId, content: 'later' });
    expect(await count(testApp, 'comments')).toBe(5);
  });

  it('stores markup as text, unchanged', async () => {
    const { app, ada, postId } = await setUp();
    const markup = '<img src=x onerror=alert(1)>';
    await comment(app, ada.headers, { postId, content: markup });
    expect((await thread(app, postId))[0]?.content).toBe(markup);
  });
});

describe('threadPlacement', () => {
  it('puts replies at most three levels deep', () => {
    expect(threadPlacement(undefined)).toEqual({ level: 1, rootId: null });
    expect(threadPlacement({ id: 'a', postId: 'p', level: 1, rootId: null })).toEqual({
      level: 2,
      rootId: 'a',
    });
    expect(threadPlacement({ id: 'b', postId: 'p', level: 2, rootId: 'a' })).toEqual({
      level: 3,
      rootId: 'a',
    });
    expect(threadPlacement({ id: 'c', postId: 'p', level: 3, rootId: 'a' })).toEqual({
      level: 3,
      rootId: 'a',
    });
  });
});
