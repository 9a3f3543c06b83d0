import {
  LIST_MAX_LIMIT,
  MY_PAGE_LIST_PAGE_SIZE,
  type CurrentUser,
  type UserCommentSummary,
  type UserLikeSummary,
  type UserPostSummary,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { commentOn } from '../../../test/community.js';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestClock,
} from '../../../test/helpers.js';

const ME = '/api/v1/auth/me';
/** One page and a few more of each kind, so there is a second page to read. */
const COUNT = MY_PAGE_LIST_PAGE_SIZE + 3;
const LIMITS = { UPLOAD_RATE_LIMIT_MAX: '1000', COMMENT_RATE_LIMIT_MAX: '1000' };

type Headers = { authorization: string };

async function get<T>(app: FastifyInstance, url: string, headers: Headers): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** Every page of `path`, `limit` at a time, until a short page. */
async function allPages<T>(
  app: FastifyInstance,
  path: string,
  headers: Headers,
  limit: number,
): Promise<T[][]> {
  const pages: T[][] = [];
  for (let skip = 0; ; skip += limit) {
    const page = await get<T[]>(app, `${path}?skip=${skip}&limit=${limit}`, headers);
    pages.push(page);
    if (page.length < limit) return pages;
  }
}

/**
 * Ada writes COUNT posts (every fourth private), comments COUNT times on Bob's posts and likes
 * COUNT of them, each a second after the last (the test clock stands still otherwise), so "newest
 * first" has one answer.
 */
async function busyMember(app: FastifyInstance, clock: TestClock) {
  const ada = await signedInUser(app);
  const bob = await signedInUser(app);
  const ownTitles: string[] = [];
  for (let index = 0; index < COUNT; index += 1) {
    const title = `Ada ${index}`;
    clock.advance(1);
    await uploadPost(app, ada.headers, {
      title,
      visibility: index % 4 === 3 ? 'private' : 'public',
    });
    ownTitles.push(title);
  }
  const bobs: string[] = [];
  for (let index = 0; index < COUNT; index += 1) {
    bobs.push(await uploadPost(app, bob.headers, { title: `Bob ${index}` }));
  }
  const commentIds: string[] = [];
  for (const [index, postId] of bobs.entries()) {
    clock.advance(1);
    commentIds.push(await commentOn(app, ada.headers, postId, `Remark ${index}`));
    const like = await app.inject({
      method: 'POST',
      url: `/api/v1/media/${postId}/like`,
      headers: ada.headers,
    });
    expect(like.statusCode, like.body).toBe(200);
  }
  return { ada, bob, ownTitles, bobs, commentIds };
}

describeEachDatabase('GET /auth/me and its paged lists', (db) => {
  it('carries the first page of each list and the counts of all; the tabs page on', async () => {
    const { app, clock } = await db.buildApp({ env: LIMITS });
    const { ada, ownTitles, bobs, commentIds } = await busyMember(app, clock);
    const newestFirst = <T>(items: T[]) => [...items].reverse();

    const me = await get<CurrentUser>(app, ME, ada.headers);
    expect(me.stats).toMatchObject({ posts: COUNT, comments: COUNT, likes: COUNT });
    expect(me.posts.map((post) => post.title)).toEqual(
      newestFirst(ownTitles).slice(0, MY_PAGE_LIST_PAGE_SIZE),
    );
    expect(me.comments.map((comment) => comment.id)).toEqual(
      newestFirst(commentIds).slice(0, MY_PAGE_LIST_PAGE_SIZE),
    );
    expect(me.likes.map((like) => like.id)).toEqual(
      newestFirst(bobs).slice(0, MY_PAGE_LIST_PAGE_SIZE),
    );

    // The default page is the one /auth/me carries.
    expect(await get<UserPostSummary[]>(app, `${ME}/posts`, ada.headers)).toEqual(me.posts);
    expect(await get<UserCommentSummary[]>(app, `${ME}/comments`, ada.headers)).toEqual(
      me.comments,
    );
    expect(await get<UserLikeSummary[]>(app, `${ME}/likes`, ada.headers)).toEqual(me.likes);

    // Read in pages of 7, every item comes once, in the order of the whole list.
    const posts = (await allPages<UserPostSummary>(app, `${ME}/posts`, ada.headers, 7)).flat();
    expect(posts.map((post) => post.title)).toEqual(newestFirst(ownTitles));
    expect(posts.filter((post) => post.visibility === 'private')).toHaveLength(
      Math.floor(COUNT / 4),
    );
    const comments = (
      await allPages<UserCommentSummary>(app, `${ME}/comments`, ada.headers, 7)
    ).flat();
    expect(comments.map((comment) => comment.id)).toEqual(newestFirst(commentIds));
    expect(comments[0]).toEqual({
      id: commentIds.at(-1),
      postId: bobs.at(-1),
      postTitle: `Bob ${COUNT - 1}`,
      content: `Remark ${COUNT - 1}`,
      date: expect.any(String),
    });
    const likes = (await allPages<UserLikeSummary>(app, `${ME}/likes`, ada.headers, 7)).flat();
    expect(likes.map((like) => like.id)).toEqual(newestFirst(bobs));

    // The second page of the default size holds the rest.
    const second = await get<UserPostSummary[]>(
      app,
      `${ME}/posts?skip=${MY_PAGE_LIST_PAGE_SIZE}`,
      ada.headers,
    );
    expect(second.map((post) => post.title)).toEqual(
      newestFirst(ownTitles).slice(MY_PAGE_LIST_PAGE_SIZE),
    );
  });

  it('lists only what the member may still see, and only their own', async () => {
    const { app } = await db.buildApp({ env: LIMITS });
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const kept = await uploadPost(app, bob.headers, { title: 'Kept' });
    const gone = await uploadPost(app, bob.headers, { title: 'Gone' });
    const hidden = await uploadPost(app, bob.headers, { title: 'Made private' });
    for (const postId of [kept, gone, hidden]) {
      await commentOn(app, ada.headers, postId, 'On it');
      await app.inject({
        method: 'POST',
        url: `/api/v1/media/${postId}/like`,
        headers: ada.headers,
      });
    }
    await uploadPost(app, bob.headers, { title: "Bob's secret", visibility: 'private' });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/v1/media/${gone}`,
      headers: bob.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const edited = await app.inject({
      method: 'PATCH',
      url: `/api/v1/media/${hidden}`,
      headers: bob.headers,
      payload: { visibility: 'private' },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const comments = await get<UserCommentSummary[]>(app, `${ME}/comments`, ada.headers);
    expect(comments.map((comment) => comment.postId)).toEqual([kept]);
    const likes = await get<UserLikeSummary[]>(app, `${ME}/likes`, ada.headers);
    expect(likes.map((like) => like.id)).toEqual([kept]);
    // Ada has written no post; Bob's, private or not, are not hers.
    expect(await get<UserPostSummary[]>(app, `${ME}/posts`, ada.headers)).toEqual([]);
    const bobsOwn = await get<UserPostSummary[]>(app, `${ME}/posts`, bob.headers);
    expect(bobsOwn.map((post) => post.title)).toEqual(["Bob's secret", 'Made private', 'Kept']);
    const me = await get<CurrentUser>(app, ME, ada.headers);
    expect(me.stats).toMatchObject({ posts: 0, comments: 1, likes: 1 });
  });

  it('needs a signed-in member and refuses a bad page with 422, naming the field', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    for (const list of ['posts', 'comments', 'likes']) {
      const anonymous = await app.inject({ method: 'GET', url: `${ME}/${list}` });
      expect(anonymous.statusCode).toBe(401);
      for (const [query, field] of [
        ['limit=0', 'limit'],
        [`limit=${LIST_MAX_LIMIT + 1}`, 'limit'],
        ['limit=ten', 'limit'],
        ['skip=-1', 'skip'],
        ['skip=1.5', 'skip'],
      ]) {
        const response = await app.inject({
          method: 'GET',
          url: `${ME}/${list}?${query}`,
          headers: ada.headers,
        });
        expect(response.statusCode, `${list}?${query}`).toBe(422);
        expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
      }
    }
  });
});
