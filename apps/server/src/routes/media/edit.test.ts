import { MESSAGES, type CurrentUser, type PostDetail, type PostListItem } from '@symposia/shared';
import { expect, it } from 'vitest';
import { pseudoRandomBytes } from '../../../test/block-files.js';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestApp,
  errorBody,
  fieldError,
} from '../../../test/helpers.js';
import { until } from '../../../test/server-process.js';
import { buildApp } from '../../app.js';

type FastifyInstance = TestApp['app'];
type Headers = Record<string, string>;

const NO_LIMITS = { UPLOAD_RATE_LIMIT_MAX: '1000', COMMENT_RATE_LIMIT_MAX: '1000' };

const patch = (app: FastifyInstance, id: string, headers: Headers, payload: unknown) =>
  app.inject({ method: 'PATCH', url: `/api/v1/media/${id}`, headers, payload: payload as object });

const remove = (app: FastifyInstance, id: string, headers: Headers = {}) =>
  app.inject({ method: 'DELETE', url: `/api/v1/media/${id}`, headers });

async function detail(app: FastifyInstance, id: string, headers: Headers = {}) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/media/${id}`, headers });
  return { status: response.statusCode, body: response.json() };
}

async function list(app: FastifyInstance, query = '', headers: Headers = {}) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/media/list?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<PostListItem[]>();
}

async function me(app: FastifyInstance, headers: Headers) {
  return (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).json<CurrentUser>();
}

async function revisions(app: FastifyInstance, id: string, headers: Headers = {}) {
  return app.inject({ method: 'GET', url: `/api/v1/media/${id}/revisions`, headers });
}

/** Rows as the database holds them, to hold the counters against. */
async function rowCounts(app: FastifyInstance, postId: string) {
  const post = await app.db
    .selectFrom('posts')
    .select(['likes', 'comments'])
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  const likeRows = await app.db
    .selectFrom('post_likes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  const commentRows = await app.db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('post_id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    likes: Number(post.likes),
    comments: Number(post.comments),
    likeRows: Number(likeRows.n),
    commentRows: Number(commentRows.n),
  };
}

/** How many rows of `table` there are (where `column` is `value`, if given). */
async function countRows(
  app: FastifyInstance,
  table: 'jobs' | 'comment_likes',
  where?: { column: 'subject_id'; value: string },
) {
  const row = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .$if(where !== undefined, (query) => query.where('subject_id', '=', where!.value))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('PATCH /media/{id}, DELETE /media/{id}, GET /media/{id}/revisions', (db) => {
  it('is described in the OpenAPI document, with the comment routes', async () => {
    const { app } = await db.buildApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/v1/media/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'patch', 'delete']),
    );
    expect(paths['/api/v1/media/{id}']).toMatchObject({
      patch: { requestBody: { content: { 'application/json': {} } } },
      delete: { responses: { 204: {}, 403: {}, 404: {} } },
    });
    expect(Object.keys(paths['/api/v1/media/{id}/revisions'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/v1/comments/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
  });

  it('edits the fields given; list, search, detail and profile show it at once', async () => {
    const { app, clock } = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(app);
    const id = await uploadPost(app, author.headers, {
      title: 'Original quasar survey',
      content: 'First words',
      tags: 'alpha, beta',
    });
    const untouched = await uploadPost(app, author.headers, { title: 'Never edited' });
    // Read as anyone would first, so the shared caches hold the old version.
    expect((await list(app, 'search=quasar')).map((post) => post.id)).toEqual([id]);
    expect((await detail(app, id)).body).toMatchObject({ title: 'Original quasar survey' });

    clock.advance(60);
    const edited = await patch(app, id, author.headers, {
      title: '  Revised pulsar survey ',
      summary: 'A summary now',
      tags: '#gamma, delta, gamma',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const body = edited.json<PostDetail>();
    expect(body).toMatchObject({
      id,
      title: 'Revised pulsar survey',
      Summary: 'A summary now',
      content: 'First words',
      tags: ['gamma', 'delta'],
      edited_at: clock.now().toISOString(),
    });

    const listed = await list(app);
    expect(listed.find((post) => post.id === id)).toMatchObject({
      title: 'Revised pulsar survey',
      edited_at: clock.now().toISOString(),
    });
    expect(listed.find((post) => post.id === untouched)).toMatchObject({ edited_at: null });
    expect((await list(app, 'search=pulsar')).map((post) => post.id)).toEqual([id]);
    expect(await list(app, 'search=quasar')).toEqual([]);
    expect((await detail(app, id)).body).toMatchObject({ title: 'Revised pulsar survey' });
    expect((await detail(app, untouched)).body).toMatchObject({ edited_at: null });
    expect((await me(app, author.headers)).posts.find((post) => post.id === id)).toMatchObject({
      title: 'Revised pulsar survey',
    });
  });

  it('makes a post private and public again: it leaves and rejoins what others see', async () => {
    const { app } = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(app);
    const other = await signedInUser(app);
    const id = await uploadPost(app, author.headers, { title: 'Sometimes hidden' });
    const file = (await detail(app, id)).body as PostDetail;
    expect((await app.inject({ method: 'GET', url: file.files[0]!.url })).statusCode).toBe(200);

    expect((await patch(app, id, author.headers, { visibility: 'private' })).statusCode).toBe(200);
    expect((await detail(app, id, other.headers)).status).toBe(404);
    expect((await list(app)).map((post) => post.id)).not.toContain(id);
    // Its file was public a moment ago; now only the author's signed URL opens it.
    expect((await app.inject({ method: 'GET', url: file.files[0]!.url })).statusCode).toBe(404);
    const own = (await detail(app, id, author.headers)).body as PostDetail;
    expect(own.files[0]!.url).toContain('?token=');
    expect((await app.inject({ method: 'GET', url: own.files[0]!.url })).statusCode).toBe(200);

    expect((await patch(app, id, author.headers, { visibility: 'public' })).statusCode).toBe(200);
    expect((await detail(app, id, other.headers)).status).toBe(200);
  });

  it('answers 401, 403, 404 and 422 as it should, and changes nothing then', async () => {
    const { app } = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(app);
    const other = await signedInUser(app);
    const id = await uploadPost(app, author.headers, { title: 'Stays as it is' });
    const hidden = await uploadPost(app, author.headers, { visibility: 'private' });

    expect((await patch(app, id, {}, { title: 'x' })).statusCode).toBe(401);
    const forbidden = await patch(app, id, other.headers, { title: 'x' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual(errorBody(MESSAGES.notYourPost));
    expect((await patch(app, hidden, other.headers, { title: 'x' })).json()).toEqual(
      errorBody(MESSAGES.postNotFoundTitle),
    );
    expect((await patch(app, 'no-such-post', author.headers, { title: 'x' })).statusCode).toBe(404);

    const bad: [unknown, string, string][] = [
      [{}, 'body', MESSAGES.editNeedsAField],
      [{ unknown: 'field' }, 'body', MESSAGES.editNeedsAField],
      [{ title: '   ' }, 'title', 'must not be empty'],
      [{ title: 'x'.repeat(201) }, 'title', 'must be at most 200 characters'],
      [{ summary: 'x'.repeat(2001) }, 'summary', 'must be at most 2000 characters'],
      [{ content: 'x'.repeat(50_001) }, 'content', 'must be at most 50000 characters'],
      [{ tags: 'x'.repeat(1001) }, 'tags', 'must be at most 1000 characters'],
      [{ tags: ['an', 'array'] }, 'tags', 'must be text'],
      [{ visibility: 'friends' }, 'visibility', 'must be public or private'],
      [{ ai_instruction: 'x'.repeat(2001) }, 'ai_instruction', 'must be at most 2000 characters'],
      [{ title: 'fine', doi: 'not a doi' }, 'doi', 'must be a DOI such as 10.1000/xyz123'],
    ];
    for (const [payload, field, message] of bad) {
      const response = await patch(app, id, author.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors).toContainEqual(fieldError(field, message));
    }
    const broken = await app.inject({
      method: 'PATCH',
      url: `/api/v1/media/${id}`,
      headers: { ...author.headers, 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(broken.statusCode).toBe(400);

    expect((await detail(app, id)).body).toMatchObject({
      title: 'Stays as it is',
      edited_at: null,
    });
    expect((await revisions(app, id)).json()).toEqual([]);
  });

  it('keeps each replaced version, newest first, for whoever may see the post; across a restart', async () => {
    const first = await db.buildApp({ env: NO_LIMITS });
    const { app, clock } = first;
    const author = await signedInUser(app);
    const other = await signedInUser(app);
    const id = await uploadPost(app, author.headers, {
      title: 'Version one',
      content: 'one',
      tags: 'a',
    });
    const uploadedAt = ((await detail(app, id)).body as PostDetail).timestamp;
    clock.advance(10);
    const firstEdit = clock.now().toISOString();
    expect((await patch(app, id, author.headers, { title: 'Version two' })).statusCode).toBe(200);
    clock.advance(10);
    const secondEdit = clock.now().toISOString();
    expect(
      (await patch(app, id, author.headers, { content: 'three', tags: 'b, c' })).statusCode,
    ).toBe(200);
    // Sending what is already there changes nothing and keeps no revision.
    clock.advance(10);
    const same = await patch(app, id, author.headers, { title: 'Version two' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ edited_at: secondEdit });

    const expected = [
      {
        revision: 2,
        edited_at: firstEdit,
        title: 'Version two',
        summary: '',
        content: 'one',
        tags: ['a'],
      },
      {
        revision: 1,
        edited_at: uploadedAt,
        title: 'Version one',
        summary: '',
        content: 'one',
        tags: ['a'],
      },
    ];
    const anyone = await revisions(app, id);
    expect(anyone.statusCode).toBe(200);
    expect(anyone.json()).toEqual(expected);
    expect((await revisions(app, id, other.headers)).json()).toEqual(expected);

    const hidden = await uploadPost(app, author.headers, {
      title: 'Private draft',
      visibility: 'private',
    });
    expect(
      (await patch(app, hidden, author.headers, { title: 'Private draft 2' })).statusCode,
    ).toBe(200);
    expect((await revisions(app, hidden, other.headers)).json()).toEqual(
      errorBody(MESSAGES.postNotFoundTitle),
    );
    expect((await revisions(app, hidden)).statusCode).toBe(404);
    expect((await revisions(app, hidden, author.headers)).json()).toHaveLength(1);
    expect((await revisions(app, 'no-such-post')).statusCode).toBe(404);

    const editedAt = ((await detail(app, id)).body as PostDetail).edited_at;
    await app.close();
    const again = await buildApp(first.config, { now: clock.now });
    try {
      expect((await revisions(again, id)).json()).toEqual(expected);
      expect((await detail(again, id)).body).toMatchObject({
        title: 'Version two',
        content: 'three',
        tags: ['b', 'c'],
        edited_at: editedAt,
      });
    } finally {
      await again.close();
    }
  });

  it('queues a new analysis when the content or the AI instruction changes, and only then', async () => {
    const { app } = await db.buildApp({
      env: { ...NO_LIMITS, WORKER_CONCURRENCY: '1', WORKER_POLL_MS: '20' },
    });
    const author = await signedInUser(app);
    const id = await uploadPost(app, author.headers, {
      title: 'Analysed twice',
      content: 'Volcanic ash clouds disrupt aviation across the northern hemisphere.',
    });
    const analysed = (text: string) =>
      until(
        async () => {
          const post = (await detail(app, id)).body as PostDetail;
          return post.ai_analysis.includes(text) ? post : undefined;
        },
        30_000,
        `an analysis mentioning "${text}"`,
      );
    const before = await analysed('Volcanic');
    // The post's processing job, queued again rather than doubled (a relate-post job is another).
    const jobs = async () =>
      (
        await app.db
          .selectFrom('jobs')
          .select('id')
          .where('subject_id', '=', id)
          .where('kind', '=', 'process-post')
          .execute()
      ).length;

    // A title alone is no reason to analyse again.
    expect(
      (await patch(app, id, author.headers, { title: 'Analysed twice, retitled' })).statusCode,
    ).toBe(200);
    expect(((await detail(app, id)).body as PostDetail).ai_analysis).toBe(before.ai_analysis);

    const edited = await patch(app, id, author.headers, {
      content: 'Coral reefs bleach when ocean temperatures stay high for weeks.',
    });
    expect(edited.json<PostDetail>().ai_analysis).toBe('');
    await analysed('Coral');
    expect(await jobs()).toBe(1);

    const instructed = await patch(app, id, author.headers, { ai_instruction: 'Focus on reefs' });
    expect(instructed.json<PostDetail>().ai_analysis).toBe('');
    const again = await until(
      async () => {
        const post = (await detail(app, id)).body as PostDetail;
        return post.ai_analysis !== '' ? post : undefined;
      },
      30_000,
      'the analysis after the instruction changed',
    );
    expect(again.ai_analysis).toContain('Coral');
    expect(await jobs()).toBe(1);
  });

  it('deletes for the author or a moderator: gone from list, search, profile and counts', async () => {
    const first = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(first.app);
    const fan = await signedInUser(first.app);
    const moderator = await signedInUser(first.app);
    await first.app.close();
    const app = await buildApp(
      { ...first.config, adminUsernames: [moderator.username] },
      { now: first.clock.now },
    );
    try {
      const id = await uploadPost(app, author.headers, { title: 'Ephemeral nebula' });
      const kept = await uploadPost(app, author.headers, { title: 'Lasting nebula' });
      const comment = await app.inject({
        method: 'POST',
        url: '/api/v1/comments/create',
        headers: fan.headers,
        payload: { postId: id, content: 'Nice' },
      });
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/comments/create',
        headers: author.headers,
        payload: { postId: id, content: 'Thanks', parentId: comment.json()._id },
      });
      expect(reply.statusCode).toBe(201);
      await app.inject({ method: 'POST', url: `/api/v1/media/${id}/like`, headers: fan.headers });
      await app.inject({
        method: 'POST',
        url: `/api/v1/comments/${comment.json()._id}/like`,
        headers: author.headers,
      });
      // Read as anyone first, so every shared cache holds the post.
      expect((await list(app, 'search=ephemeral')).map((post) => post.id)).toEqual([id]);
      expect((await detail(app, id)).status).toBe(200);
      expect((await me(app, fan.headers)).stats).toMatchObject({ comments: 1, likes: 1 });

      expect((await remove(app, id)).statusCode).toBe(401);
      const refused = await remove(app, id, fan.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual(errorBody(MESSAGES.cannotDeletePost));
      const deleted = await remove(app, id, author.headers);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');

      expect(await detail(app, id)).toEqual({
        status: 404,
        body: errorBody(MESSAGES.postNotFoundTitle),
      });
      expect((await detail(app, id, author.headers)).status).toBe(404);
      expect((await list(app)).map((post) => post.id)).toEqual([kept]);
      expect((await list(app, 'include_hidden=true', author.headers)).map((p) => p.id)).toEqual([
        kept,
      ]);
      expect(await list(app, 'search=ephemeral')).toEqual([]);
      const profile = await me(app, author.headers);
      expect(profile.posts.map((post) => post.id)).toEqual([kept]);
      expect(profile.stats).toMatchObject({ posts: 1, comments: 0 });
      expect((await me(app, fan.headers)).stats).toMatchObject({ comments: 0, likes: 0 });
      expect((await me(app, fan.headers)).comments).toEqual([]);
      expect(await rowCounts(app, id)).toEqual({
        likes: 0,
        comments: 0,
        likeRows: 0,
        commentRows: 0,
      });
      expect(await countRows(app, 'comment_likes')).toBe(0);

      // Everything about it answers as for a post that never was.
      for (const response of [
        await remove(app, id, author.headers),
        await patch(app, id, author.headers, { title: 'Back?' }),
        await revisions(app, id),
        await app.inject({ method: 'GET', url: `/api/v1/comments/post/${id}` }),
        await app.inject({ method: 'POST', url: `/api/v1/media/${id}/like`, headers: fan.headers }),
        await app.inject({
          method: 'POST',
          url: '/api/v1/comments/create',
          headers: fan.headers,
          payload: { postId: id, content: 'Hello?' },
        }),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
      }

      // A moderator deletes anyone's post they can see.
      expect((await remove(app, kept, moderator.headers)).statusCode).toBe(204);
      expect(await list(app)).toEqual([]);
      const privatePost = await uploadPost(app, author.headers, { visibility: 'private' });
      expect((await remove(app, privatePost, moderator.headers)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('stops serving a deleted post’s files, unless another post has them; then collects them', async () => {
    const { app, clock } = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(app);
    const own = pseudoRandomBytes(300_000, 41);
    const sharedBytes = pseudoRandomBytes(300_000, 42);
    const doomed = await uploadPost(app, author.headers, {}, [
      { name: 'own.bin', content: own },
      { name: 'shared.bin', content: sharedBytes },
    ]);
    const survivor = await uploadPost(app, author.headers, {}, [
      { name: 'shared-too.bin', content: sharedBytes },
    ]);
    const hidden = await uploadPost(app, author.headers, { visibility: 'private' }, [
      { name: 'secret.bin', content: pseudoRandomBytes(200_000, 43) },
    ]);
    const [ownFile, sharedFile] = ((await detail(app, doomed)).body as PostDetail).files;
    const secret = ((await detail(app, hidden, author.headers)).body as PostDetail).files[0]!;
    const get = (url: string) => app.inject({ method: 'GET', url });
    // Served, and remembered as public by this process.
    expect((await get(ownFile!.url)).statusCode).toBe(200);
    expect((await get(sharedFile!.url)).statusCode).toBe(200);
    expect((await get(secret.url)).statusCode).toBe(200);

    expect((await remove(app, doomed, author.headers)).statusCode).toBe(204);
    expect((await remove(app, hidden, author.headers)).statusCode).toBe(204);
    expect((await get(ownFile!.url)).statusCode).toBe(404);
    expect((await get(sharedFile!.url)).statusCode).toBe(200);
    // The author's signed URL was handed out before: it opens nothing now.
    expect((await get(secret.url)).statusCode).toBe(404);

    clock.advance(24 * 3600);
    const run = await app.services.blockGc.run();
    expect(run!.removedBlocks).toBeGreaterThan(0);
    expect(await app.contentStore.has(ownFile!.cid)).toBe(false);
    expect(await app.contentStore.has(secret.cid)).toBe(false);
    expect(await app.contentStore.has(sharedFile!.cid)).toBe(true);
    const stillThere = await get(((await detail(app, survivor)).body as PostDetail).files[0]!.url);
    expect(stillThere.statusCode).toBe(200);
    expect(stillThere.rawPayload.equals(sharedBytes)).toBe(true);
  });

  it('keeps counts equal to rows through 20 concurrent edits, likes, comments and deletes', async () => {
    const first = await db.buildApp({ env: NO_LIMITS });
    const author = await signedInUser(first.app);
    const moderator = await signedInUser(first.app);
    const members = await Promise.all(Array.from({ length: 10 }, () => signedInUser(first.app)));
    await first.app.close();
    const app = await buildApp(
      { ...first.config, adminUsernames: [moderator.username] },
      { now: first.clock.now },
    );
    try {
      const edited = await uploadPost(app, author.headers, { title: 'Edited by many calls' });
      const contested = await uploadPost(app, author.headers, { title: 'Deleted by many calls' });
      const busy = await Promise.all(
        Array.from({ length: 4 }, (_, n) =>
          uploadPost(app, author.headers, { title: `Busy ${n}` }),
        ),
      );

      // 20 edits of one post at once: each lands, each keeps the version before it.
      const edits = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          patch(app, edited, author.headers, { title: `Title ${n}` }),
        ),
      );
      expect(edits.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
      const kept = (await revisions(app, edited)).json<{ revision: number }[]>();
      expect(kept.map((entry) => entry.revision)).toEqual(
        Array.from({ length: 20 }, (_, n) => 20 - n),
      );

      // 20 deletions of one post at once, by its author and a moderator: exactly one succeeds.
      const deletions = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          remove(app, contested, n % 2 === 0 ? author.headers : moderator.headers),
        ),
      );
      expect(deletions.filter((response) => response.statusCode === 204)).toHaveLength(1);
      expect(deletions.filter((response) => response.statusCode === 404)).toHaveLength(19);

      // Likes and comments racing the deletion of the posts they are on.
      const calls: Promise<unknown>[] = [];
      for (const member of members) {
        for (const post of busy) {
          calls.push(
            app.inject({
              method: 'POST',
              url: `/api/v1/media/${post}/like`,
              headers: member.headers,
            }),
            app.inject({
              method: 'POST',
              url: '/api/v1/comments/create',
              headers: member.headers,
              payload: { postId: post, content: 'Racing' },
            }),
          );
        }
      }
      calls.push(remove(app, busy[0]!, author.headers), remove(app, busy[1]!, moderator.headers));
      const answers = (await Promise.all(calls)) as { statusCode: number }[];
      expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
      for (const [index, post] of busy.entries()) {
        const counts = await rowCounts(app, post);
        expect(counts.likes, `post ${index}`).toBe(counts.likeRows);
        expect(counts.comments, `post ${index}`).toBe(counts.commentRows);
        if (index < 2)
          expect(counts).toEqual({ likes: 0, comments: 0, likeRows: 0, commentRows: 0 });
        else expect(counts).toEqual({ likes: 10, comments: 10, likeRows: 10, commentRows: 10 });
      }
    } finally {
      await app.close();
    }
  });
});
