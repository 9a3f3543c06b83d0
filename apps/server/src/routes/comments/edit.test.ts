import { MESSAGES, type Comment, type PostDetail } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestApp,
  errorBody,
  fieldError,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';

type FastifyInstance = TestApp['app'];
type Headers = Record<string, string>;

const NO_LIMITS = { UPLOAD_RATE_LIMIT_MAX: '1000', COMMENT_RATE_LIMIT_MAX: '1000' };

async function comment(
  app: FastifyInstance,
  headers: Headers,
  postId: string,
  content: string,
  parentId?: string,
): Promise<Comment> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/comments/create',
    headers,
    payload: { postId, content, ...(parentId && { parentId }) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

const edit = (app: FastifyInstance, id: string, headers: Headers, payload: unknown) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/comments/${id}`,
    headers,
    payload: payload as object,
  });

const remove = (app: FastifyInstance, id: string, headers: Headers = {}) =>
  app.inject({ method: 'DELETE', url: `/api/v1/comments/${id}`, headers });

async function thread(app: FastifyInstance, postId: string, headers: Headers = {}) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/comments/post/${postId}`,
    headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json<Comment[]>();
}

async function commentCount(app: FastifyInstance, postId: string): Promise<number> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/media/${postId}` });
  return response.json<PostDetail>().comments;
}

/**
 * The counters against the rows: the post's comment count and each thread's reply count equal
 * the comments not deleted; every deleted comment kept still has a reply under it.
 */
async function expectCountsMatchRows(app: FastifyInstance, postId: string) {
  const rows = await app.db
    .selectFrom('comments')
    .select(['id', 'root_id', 'parent_id', 'level', 'reply_count', 'deleted_at'])
    .where('post_id', '=', postId)
    .execute();
  const live = rows.filter((row) => row.deleted_at === null);
  expect(await commentCount(app, postId)).toBe(live.length);
  for (const root of rows.filter((row) => Number(row.level) === 1)) {
    const replies = live.filter((row) => row.root_id === root.id).length;
    expect(Number(root.reply_count), `replies of ${root.id}`).toBe(replies);
  }
  for (const kept of rows.filter((row) => row.deleted_at !== null)) {
    expect(
      rows.some((row) => row.parent_id === kept.id),
      `${kept.id} has replies`,
    ).toBe(true);
  }
  return { live: live.length, kept: rows.length - live.length };
}

describeEachDatabase('PATCH /comments/{id} and DELETE /comments/{id}', (db) => {
  it('lets the author edit: edited_at set, the thread shows it at once', async () => {
    const { app, clock } = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(app);
    const postId = await uploadPost(app, author.headers);
    const written = await comment(app, author.headers, postId, 'Frist!');
    expect(written).toMatchObject({ edited_at: null, deleted: false });
    expect((await thread(app, postId))[0]).toMatchObject({ content: 'Frist!' });

    clock.advance(30);
    const response = await edit(app, written._id, author.headers, { content: '  First!  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      _id: written._id,
      content: 'First!',
      edited_at: clock.now().toISOString(),
      deleted: false,
      username: author.username,
    });
    expect((await thread(app, postId))[0]).toMatchObject({
      content: 'First!',
      edited_at: clock.now().toISOString(),
    });
  });

  it('answers 401, 403, 404 and 422, and changes nothing then', async () => {
    const { app } = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(app);
    const other = await signedInUser(app);
    const postId = await uploadPost(app, author.headers);
    const hiddenPost = await uploadPost(app, author.headers, { visibility: 'private' });
    const written = await comment(app, author.headers, postId, 'Mine');
    const hidden = await comment(app, author.headers, hiddenPost, 'Mine, privately');

    expect((await edit(app, written._id, {}, { content: 'x' })).statusCode).toBe(401);
    expect((await remove(app, written._id)).statusCode).toBe(401);
    const forbidden = await edit(app, written._id, other.headers, { content: 'x' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual(errorBody(MESSAGES.notYourComment));
    const refused = await remove(app, written._id, other.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(errorBody(MESSAGES.cannotDeleteComment));
    // A comment on a post the caller cannot see is none they may know of.
    expect((await edit(app, hidden._id, other.headers, { content: 'x' })).json()).toEqual(
      errorBody(MESSAGES.postNotFoundTitle),
    );
    expect((await remove(app, hidden._id, other.headers)).statusCode).toBe(404);
    expect((await edit(app, 'no-such-comment', author.headers, { content: 'x' })).json()).toEqual(
      errorBody(MESSAGES.commentNotFound),
    );
    expect((await remove(app, 'no-such-comment', author.headers)).statusCode).toBe(404);

    for (const [payload, message] of [
      [{}, 'content is required'],
      [{ content: '   ' }, 'must not be empty'],
      [{ content: 'x'.repeat(5001) }, 'must be at most 5000 characters'],
      [{ content: 42 }, 'content is required'],
    ] as const) {
      const response = await edit(app, written._id, author.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toEqual([fieldError('content', message)]);
    }
    expect((await thread(app, postId))[0]).toMatchObject({ content: 'Mine', edited_at: null });
  });

  it('keeps a deleted comment with replies as "[deleted]"; one without replies disappears', async () => {
    const { app } = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(app);
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const postId = await uploadPost(app, author.headers);
    const root = await comment(app, ada.headers, postId, 'Top');
    const reply = await comment(app, bob.headers, postId, 'Reply', root._id);
    const deep = await comment(app, ada.headers, postId, 'Reply to reply', reply._id);
    const lonely = await comment(app, bob.headers, postId, 'Alone');
    await app.inject({
      method: 'POST',
      url: `/api/v1/comments/${root._id}/like`,
      headers: bob.headers,
    });
    // Read first, so the shared thread is cached.
    expect(await thread(app, postId)).toHaveLength(4);

    const gone = await remove(app, lonely._id, bob.headers);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect((await remove(app, root._id, ada.headers)).statusCode).toBe(204);
    const after = await thread(app, postId);
    expect(after.map((entry) => entry._id)).toEqual([root._id, reply._id, deep._id]);
    expect(after[0]).toEqual({
      _id: root._id,
      postId,
      userId: '',
      username: '',
      avatar: '',
      content: '',
      imageUrl: '',
      createdAt: root.createdAt,
      likes: 0,
      level: 1,
      parentId: null,
      rootId: null,
      replyCount: 2,
      edited_at: null,
      deleted: true,
      hidden: false,
    });
    expect(after[1]).toMatchObject({ content: 'Reply', parentId: root._id, deleted: false });
    expect(await expectCountsMatchRows(app, postId)).toEqual({ live: 2, kept: 1 });
    const bobLikes = await app.inject({
      method: 'GET',
      url: `/api/v1/comments/post/${postId}/liked`,
      headers: bob.headers,
    });
    expect(bobLikes.json()).toEqual({ liked: [] });

    // A deleted comment takes no edit, like, reply or second deletion.
    expect((await edit(app, root._id, ada.headers, { content: 'Back' })).statusCode).toBe(404);
    expect((await remove(app, root._id, ada.headers)).statusCode).toBe(404);
    const like = await app.inject({
      method: 'POST',
      url: `/api/v1/comments/${root._id}/like`,
      headers: bob.headers,
    });
    expect(like.statusCode).toBe(404);
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/comments/create',
      headers: bob.headers,
      payload: { postId, content: 'To nobody', parentId: root._id },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual([fieldError('parentId', MESSAGES.commentNotFound)]);

    // The middle reply goes "[deleted]" too (its own reply remains); the last live one takes
    // every "[deleted]" above it along.
    expect((await remove(app, reply._id, bob.headers)).statusCode).toBe(204);
    expect((await thread(app, postId)).map((entry) => [entry._id, entry.deleted])).toEqual([
      [root._id, true],
      [reply._id, true],
      [deep._id, false],
    ]);
    expect(await expectCountsMatchRows(app, postId)).toEqual({ live: 1, kept: 2 });
    expect((await remove(app, deep._id, ada.headers)).statusCode).toBe(204);
    expect(await thread(app, postId)).toEqual([]);
    expect(await expectCountsMatchRows(app, postId)).toEqual({ live: 0, kept: 0 });
  });

  it('lets a moderator delete anyone’s comment; the thread and counts follow at once', async () => {
    const first = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(first.app);
    const moderator = await signedInUser(first.app);
    await first.app.close();
    const app = await buildApp(
      { ...first.config, adminUsernames: [moderator.username] },
      { now: first.clock.now },
    );
    try {
      const postId = await uploadPost(app, author.headers);
      const written = await comment(app, author.headers, postId, 'Spam, surely');
      expect(await commentCount(app, postId)).toBe(1);
      expect((await edit(app, written._id, moderator.headers, { content: 'x' })).statusCode).toBe(
        403,
      );
      expect((await remove(app, written._id, moderator.headers)).statusCode).toBe(204);
      expect(await thread(app, postId)).toEqual([]);
      expect(await commentCount(app, postId)).toBe(0);
      const mine = await app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: author.headers,
      });
      expect(mine.json()).toMatchObject({ stats: { comments: 0 }, comments: [] });
    } finally {
      await app.close();
    }
  });

  it('keeps counts equal to the visible comments through 20 concurrent deletes and edits', async () => {
    const { app } = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(app);
    const postId = await uploadPost(app, author.headers);
    // Five threads of a root, two replies under it and one reply to the first reply.
    const written: Comment[] = [];
    for (let n = 0; n < 5; n += 1) {
      const root = await comment(app, author.headers, postId, `Root ${n}`);
      const first = await comment(app, author.headers, postId, `Reply ${n}a`, root._id);
      const second = await comment(app, author.headers, postId, `Reply ${n}b`, root._id);
      const deep = await comment(app, author.headers, postId, `Deep ${n}`, first._id);
      written.push(root, first, second, deep);
    }
    const calls = written.map((entry, index) =>
      index % 2 === 0
        ? remove(app, entry._id, author.headers)
        : edit(app, entry._id, author.headers, { content: `Edited ${index}` }),
    );
    // Each deletion asked twice at once: one of the pair finds nothing left to delete.
    calls.push(
      ...written
        .filter((_, index) => index % 4 === 0)
        .map((e) => remove(app, e._id, author.headers)),
    );
    const answers = await Promise.all(calls);
    expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
    const deleted = answers.filter((answer) => answer.statusCode === 204).length;
    expect(deleted).toBe(10);
    const { live } = await expectCountsMatchRows(app, postId);
    expect(live).toBe(10);
    const shown = await thread(app, postId);
    expect(shown.filter((entry) => !entry.deleted)).toHaveLength(10);
    for (const root of shown.filter((entry) => entry.level === 1)) {
      const replies = shown.filter((entry) => entry.rootId === root._id && !entry.deleted);
      expect(root.replyCount).toBe(replies.length);
    }
  });
});
