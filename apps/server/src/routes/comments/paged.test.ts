import {
  COMMENT_REPLIES_MAX_LIMIT,
  COMMENT_ROOTS_MAX_LIMIT,
  type Comment,
  type CommentRepliesPage,
  type CommentRootsPage,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { commentOn, withCommunity } from '../../../test/community.js';
import { describeEachDatabase, signedInUser, uploadPost } from '../../../test/helpers.js';

type Headers = { authorization: string } | Record<string, never>;

async function get<T>(app: FastifyInstance, url: string, headers: Headers = {}): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

const rootsUrl = (postId: string, query = '') => `/api/v1/comments/post/${postId}/roots${query}`;
const repliesUrl = (rootId: string, query = '') => `/api/v1/comments/${rootId}/replies${query}`;

/** Every page of the post's threads, following nextCursor. */
async function allRoots(
  app: FastifyInstance,
  postId: string,
  limit: number,
  headers: Headers = {},
) {
  const pages: CommentRootsPage[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page: CommentRootsPage = await get(
      app,
      rootsUrl(postId, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`),
      headers,
    );
    pages.push(page);
    cursor = page.nextCursor;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

/** Every reply of the thread after `cursor`, following nextCursor. */
async function allReplies(
  app: FastifyInstance,
  rootId: string,
  limit: number,
  cursor: string | null = '',
  headers: Headers = {},
) {
  const replies: Comment[] = [];
  let pages = 0;
  while (cursor !== null) {
    const page: CommentRepliesPage = await get(
      app,
      repliesUrl(rootId, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`),
      headers,
    );
    replies.push(...page.replies);
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  }
  return replies;
}

const contents = (comments: readonly Comment[]) => comments.map((comment) => comment.content);

describeEachDatabase('paged comment threads', (db) => {
  it('pages top-level comments newest first, each with its first reply and reply count', async () => {
    const testApp = await db.buildApp({ env: { COMMENT_RATE_LIMIT_MAX: '1000' } });
    const { app, clock } = testApp;
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers, { title: 'Busy' });
    // Seven threads; some written at the same instant, so ties are ordered as written.
    const roots: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      if (index % 3 === 0) clock.advance(1);
      roots.push(await commentOn(app, ada.headers, postId, `root ${index}`));
    }
    // Thread 5: five replies, two of them replies to replies (level 3).
    const first = await commentOn(app, bob.headers, postId, 'r5.1', roots[5]);
    clock.advance(1);
    await commentOn(app, ada.headers, postId, 'r5.2', roots[5]);
    await commentOn(app, ada.headers, postId, 'r5.1.1', first);
    clock.advance(1);
    await commentOn(app, bob.headers, postId, 'r5.3', roots[5]);
    await commentOn(app, bob.headers, postId, 'r5.1.2', first);
    await commentOn(app, bob.headers, postId, 'r1.1', roots[1]);

    const pages = await allRoots(app, postId, 3);
    expect(pages.map((page) => contents(page.threads.map((thread) => thread.root)))).toEqual([
      ['root 6', 'root 5', 'root 4'],
      ['root 3', 'root 2', 'root 1'],
      ['root 0'],
    ]);
    expect(pages.every((page) => page.total === 13)).toBe(true);
    const byRoot = new Map(
      pages.flatMap((page) => page.threads).map((thread) => [thread.root.content, thread]),
    );
    const five = byRoot.get('root 5')!;
    expect(five.root.replyCount).toBe(5);
    expect(five.replyTotal).toBe(5);
    expect(contents(five.replies)).toEqual(['r5.1']);
    expect(five.replies[0]).toMatchObject({ level: 2, parentId: roots[5], rootId: roots[5] });
    expect(five.repliesCursor).not.toBeNull();
    const one = byRoot.get('root 1')!;
    expect(one).toMatchObject({ replyTotal: 1, repliesCursor: null });
    expect(contents(one.replies)).toEqual(['r1.1']);
    expect(byRoot.get('root 0')).toMatchObject({ replies: [], replyTotal: 0, repliesCursor: null });

    // The rest of thread 5, oldest first, two at a time, after the first reply.
    const rest = await allReplies(app, roots[5]!, 2, five.repliesCursor);
    expect(contents(rest)).toEqual(['r5.2', 'r5.1.1', 'r5.3', 'r5.1.2']);
    expect(rest.map((reply) => reply.level)).toEqual([2, 3, 2, 3]);
    // From the start, the whole thread.
    const whole = await allReplies(app, roots[5]!, COMMENT_REPLIES_MAX_LIMIT);
    expect(contents(whole)).toEqual(['r5.1', ...contents(rest)]);

    // Paged, the thread holds what the spec's one-call list holds.
    const everything = await get<Comment[]>(
      app,
      `/api/v1/comments/post/${postId}?skip=0&limit=2000`,
    );
    const paged = [
      ...pages.flatMap((page) => page.threads.map((thread) => thread.root)),
      ...(await Promise.all(roots.map((root) => allReplies(app, root, 3)))).flat(),
    ];
    expect(paged.map((comment) => comment._id).sort()).toEqual(
      everything.map((comment) => comment._id).sort(),
    );
    expect(paged.find((comment) => comment._id === roots[5])).toEqual(
      everything.find((comment) => comment._id === roots[5]),
    );
  });

  it('shows a new reply and a new thread on the next read', async () => {
    const testApp = await db.buildApp({});
    const { app } = testApp;
    const ada = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers);
    const root = await commentOn(app, ada.headers, postId, 'root');
    const before = await get<CommentRootsPage>(app, rootsUrl(postId));
    expect(before.threads[0]).toMatchObject({ replyTotal: 0, replies: [] });
    await commentOn(app, ada.headers, postId, 'reply', root);
    await commentOn(app, ada.headers, postId, 'newer root');
    const after = await get<CommentRootsPage>(app, rootsUrl(postId));
    expect(contents(after.threads.map((thread) => thread.root))).toEqual(['newer root', 'root']);
    expect(after.threads[1]).toMatchObject({ replyTotal: 1, repliesCursor: null });
    expect(after.total).toBe(3);
  });

  it('answers 422 for a bad limit or cursor and 404 for no such post or thread', async () => {
    const testApp = await db.buildApp({});
    const { app } = testApp;
    const ada = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers);
    const root = await commentOn(app, ada.headers, postId, 'root');
    const reply = await commentOn(app, ada.headers, postId, 'reply', root);
    const forged = Buffer.from('yesterday|1').toString('base64url');
    const bad: [string, string][] = [
      ['?limit=0', 'limit'],
      [`?limit=${COMMENT_ROOTS_MAX_LIMIT + 1}`, 'limit'],
      ['?limit=many', 'limit'],
      ['?cursor=not%20a%20cursor', 'cursor'],
      [`?cursor=${'A'.repeat(201)}`, 'cursor'],
      ['?cursor=abc', 'cursor'],
      [`?cursor=${forged}`, 'cursor'],
      [`?cursor=${Buffer.from('2026-01-01T00:00:00.000Z|x').toString('base64url')}`, 'cursor'],
    ];
    for (const [query, field] of bad) {
      for (const url of [rootsUrl(postId, query), repliesUrl(root, query)]) {
        // The replies' own maximum is higher: that limit is fine there.
        if (url.includes('/replies') && query === `?limit=${COMMENT_ROOTS_MAX_LIMIT + 1}`) continue;
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
        expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
      }
    }
    const tooMany = await app.inject({
      method: 'GET',
      url: repliesUrl(root, `?limit=${COMMENT_REPLIES_MAX_LIMIT + 1}`),
    });
    expect(tooMany.statusCode).toBe(422);
    for (const url of [rootsUrl('missing'), repliesUrl('missing'), repliesUrl(reply)]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it("keeps a private post's threads from everyone but its author", async () => {
    const testApp = await db.buildApp({});
    const { app } = testApp;
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers, { visibility: 'private' });
    const root = await commentOn(app, ada.headers, postId, 'note to self');
    await commentOn(app, ada.headers, postId, 'and a reply', root);
    const own = await get<CommentRootsPage>(app, rootsUrl(postId), ada.headers);
    expect(own.threads[0]).toMatchObject({ replyTotal: 1 });
    expect(await allReplies(app, root, 10, '', ada.headers)).toHaveLength(1);
    for (const headers of [{}, bob.headers]) {
      for (const url of [rootsUrl(postId), repliesUrl(root)]) {
        expect((await app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(404);
      }
    }
  });

  it('keeps deleted comments only as places for their replies', async () => {
    const testApp = await db.buildApp({ env: { COMMENT_RATE_LIMIT_MAX: '1000' } });
    const { app } = testApp;
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers);
    const kept = await commentOn(app, ada.headers, postId, 'deleted, with replies');
    const firstReply = await commentOn(app, bob.headers, postId, 'first reply', kept);
    await commentOn(app, bob.headers, postId, 'second reply', kept);
    await commentOn(app, bob.headers, postId, 'under the first', firstReply);
    const gone = await commentOn(app, ada.headers, postId, 'deleted, alone');
    for (const id of [kept, gone, firstReply]) {
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/v1/comments/${id}`,
        headers: id === firstReply ? bob.headers : ada.headers,
      });
      expect(response.statusCode, response.body).toBe(204);
    }
    const page = await get<CommentRootsPage>(app, rootsUrl(postId));
    expect(page.threads).toHaveLength(1);
    const [thread] = page.threads;
    expect(thread?.root).toMatchObject({ _id: kept, deleted: true, content: '', username: '' });
    // The deleted first reply keeps its place (a reply hangs from it), blanked.
    expect(thread?.replies[0]).toMatchObject({ _id: firstReply, deleted: true, content: '' });
    expect(thread?.replyTotal).toBe(3);
    expect(thread?.root.replyCount).toBe(2);
    const replies = await allReplies(app, kept, 10);
    expect(replies.map((reply) => [reply.content, reply.deleted])).toEqual([
      ['', true],
      ['second reply', false],
      ['under the first', false],
    ]);
    expect(page.total).toBe(2);
  });

  it('shows hidden comments only to their authors and the moderators', async () => {
    await withCommunity(
      db,
      async ({ app, author, member, other, moderator, reported, resolve }) => {
        const postId = await uploadPost(app, author.headers);
        const lone = await commentOn(app, member.headers, postId, 'hidden, alone');
        const root = await commentOn(app, member.headers, postId, 'hidden, with replies');
        const hiddenReply = await commentOn(app, member.headers, postId, 'a hidden reply', root);
        await commentOn(app, other.headers, postId, 'a reply', root);
        await commentOn(app, other.headers, postId, 'under the hidden reply', hiddenReply);
        // Read before the hiding: the shared copies must not outlive it.
        await get(app, rootsUrl(postId));
        await get(app, repliesUrl(root));
        for (const id of [lone, root, hiddenReply]) {
          const reportId = await reported(author, { target_type: 'comment', target_id: id });
          const hidden = await resolve(reportId, { action: 'hide', note: 'Off topic' });
          expect(hidden.statusCode, hidden.body).toBe(200);
        }

        // Anyone else: the lone one is gone, the others are blank places for their replies.
        for (const headers of [{}, other.headers]) {
          const page = await get<CommentRootsPage>(app, rootsUrl(postId), headers);
          expect(page.threads.map((thread) => thread.root._id)).toEqual([root]);
          expect(page.threads[0]?.root).toMatchObject({
            deleted: true,
            hidden: false,
            content: '',
          });
          expect(page.threads[0]?.replies[0]).toMatchObject({ _id: hiddenReply, deleted: true });
          const replies = await allReplies(app, root, 10, '', headers);
          expect(replies.map((reply) => reply.content)).toEqual([
            '',
            'a reply',
            'under the hidden reply',
          ]);
        }
        // Their author and the moderators read them whole, marked hidden.
        for (const headers of [member.headers, moderator.headers]) {
          const page = await get<CommentRootsPage>(app, rootsUrl(postId), headers);
          expect(page.threads.map((thread) => [thread.root.content, thread.root.hidden])).toEqual([
            ['hidden, with replies', true],
            ['hidden, alone', true],
          ]);
          expect(page.threads[0]?.replies[0]).toMatchObject({
            content: 'a hidden reply',
            hidden: true,
          });
          const replies = await allReplies(app, root, 1, '', headers);
          expect(replies.map((reply) => reply.content)).toEqual([
            'a hidden reply',
            'a reply',
            'under the hidden reply',
          ]);
        }
        // The shared copy was not changed by those reads.
        const again = await get<CommentRootsPage>(app, rootsUrl(postId));
        expect(again.threads.map((thread) => thread.root._id)).toEqual([root]);
      },
    );
  });
});
