import {
  MESSAGES,
  UPLOAD_MAX_FILE_BYTES,
  postListSchema,
  type LikeResult,
  type PostDetail,
  type PostListItem,
} from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  describeEachDatabase,
  multipart,
  PDF_MINIMAL,
  PNG_1X1,
  signedInUser,
  uploadPost,
  type TestApp,
  type UploadFile,
  errorBody,
} from '../../../test/helpers.js';

const DETAIL_KEYS = [
  'title',
  'author id',
  'author name',
  'author avatar url',
  'Summary',
  'content',
  'timestamp',
  'likes',
  'tags',
  'media list',
  'media type',
  'ai_analysis',
  'liked',
  'comments',
  'visibility',
  'status',
  'files',
  'id',
  // Issue 14, citations: the post's DOI, null when it names none (routes/media/cite.test.ts).
  'doi',
  // Issue 14, edit and delete: when the author last edited it, null if never.
  'edited_at',
  // Issue 15, moderation: hidden by the moderators (seen so only by its author and them).
  'hidden',
  // The author's AI instruction, which the edit form starts with.
  'ai_instruction',
  // Issue 29, peer review: the current revision, its review status, count and mean scores.
  'revision',
  'review_status',
  'review_count',
  'mean_scores',
].sort();

async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  fields: Record<string, string>,
  files: UploadFile[],
) {
  const body = multipart(fields, files);
  return app.inject({
    method: 'POST',
    url: '/api/v1/media/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function list(
  app: FastifyInstance,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<PostListItem[]> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/media/list?${new URLSearchParams(query).toString()}`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostListItem[]>();
}

async function detail(app: FastifyInstance, id: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/api/v1/media/${id}`, headers });
}

async function like(app: FastifyInstance, id: string, headers: Record<string, string>) {
  return app.inject({ method: 'POST', url: `/api/v1/media/${id}/like`, headers });
}

async function countRows(testApp: TestApp, table: 'posts' | 'post_files' | 'post_likes') {
  const row = await testApp.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const text = (name: string, content: string): UploadFile => ({
  name,
  content,
  type: 'text/plain',
});

describeEachDatabase('posts API', (db) => {
  describe('POST /media/upload', () => {
    it('publishes a post with its files and metadata; the detail has exactly the spec keys', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const response = await upload(
        app,
        ada.headers,
        {
          title: 'Quantum dots at room temperature',
          summary: 'We report stable emission.',
          content: 'Line one\nLine two',
          tags: 'physics, #optics, Physics',
          ai_instruction: 'Focus on the method',
          visibility: 'public',
        },
        [
          { field: 'files', name: 'figure.png', content: PNG_1X1, type: 'image/png' },
          { field: 'files', name: 'paper.pdf', content: PDF_MINIMAL, type: 'application/pdf' },
        ],
      );
      expect(response.statusCode, response.body).toBe(201);
      const result = response.json<{ post_id: string; message: string; status: string }>();
      expect(result).toEqual({
        post_id: expect.any(String),
        message: MESSAGES.uploadProcessing,
        status: 'processing',
      });

      const found = await detail(app, result.post_id);
      expect(found.statusCode).toBe(200);
      const post = found.json<PostDetail>();
      expect(Object.keys(post).sort()).toEqual(DETAIL_KEYS);
      expect(post).toMatchObject({
        title: 'Quantum dots at room temperature',
        'author id': ada.user.id,
        'author name': ada.username,
        Summary: 'We report stable emission.',
        content: 'Line one\nLine two',
        tags: ['physics', 'optics'],
        'media type': 'image',
        ai_analysis: '',
        status: 'processing',
        likes: 0,
        liked: false,
        comments: 0,
        visibility: 'public',
      });
      expect(post['media list']).toEqual(post.files.map((file) => `/ipfs/${file.cid}`));
      expect(post.files.map((file) => [file.name, file.media_type, file.content_type])).toEqual([
        ['figure.png', 'image', 'image/png'],
        ['paper.pdf', 'document', 'application/pdf'],
      ]);
      expect(new Date(post.timestamp).toISOString()).toBe(post.timestamp);
    });

    it('stores the bytes on IPFS under the CID any IPFS node computes', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const id = await uploadPost(app, ada.headers, {}, [
        { field: 'file', name: 'hello.txt', content: 'hello world\n' },
      ]);
      const post = (await detail(app, id)).json<PostDetail>();
      expect(post.files[0]?.cid).toBe(
        'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4',
      );
      const bytes = await app.inject({ method: 'GET', url: post['media list'][0] ?? '' });
      expect(bytes.statusCode).toBe(200);
      expect(bytes.body).toBe('hello world\n');
    });

    it('decides each file type from its bytes, not its name or declared type', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const id = await uploadPost(app, ada.headers, { media_type: 'video' }, [
        { name: 'notes.txt', content: PNG_1X1, type: 'text/plain' },
        { name: 'photo.png', content: '<script>alert(1)</script>', type: 'image/png' },
        text('data.csv', 'a,b\n1,2\n'),
      ]);
      const post = (await detail(app, id)).json<PostDetail>();
      expect(post['media type']).toBe('image');
      expect(post.files.map((file) => [file.media_type, file.content_type])).toEqual([
        ['image', 'image/png'],
        ['document', 'application/octet-stream'],
        ['document', 'text/csv; charset=utf-8'],
      ]);
    });

    it('takes the title from the first file name when none is given', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const id = await uploadPost(app, ada.headers, { title: '   ' }, [
        { name: 'cell_growth_2024.png', content: PNG_1X1 },
      ]);
      expect((await detail(app, id)).json<PostDetail>().title).toBe('cell growth 2024');
    });

    it("refuses a sixth file with 'Maximum 5 files allowed' and keeps no post", async () => {
      const testApp = await db.buildApp();
      const ada = await signedInUser(testApp.app);
      const files = Array.from({ length: 6 }, (_, index) => text(`f${index}.txt`, `file ${index}`));
      const response = await upload(testApp.app, ada.headers, {}, files);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody('Maximum 5 files allowed'));
      expect(await countRows(testApp, 'posts')).toBe(0);
    });

    it("refuses a file over 50 MB with 'File {name} exceeds 50MB limit' and keeps no post", async () => {
      const testApp = await db.buildApp();
      const ada = await signedInUser(testApp.app);
      const response = await upload(testApp.app, ada.headers, {}, [
        text('small.txt', 'fine'),
        { name: 'big.bin', content: Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 1, 7) },
      ]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual(errorBody('File big.bin exceeds 50MB limit'));
      expect(await countRows(testApp, 'posts')).toBe(0);
    });

    it('accepts a file of exactly 50 MB', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const response = await upload(app, ada.headers, {}, [
        { name: 'exact.bin', content: Buffer.alloc(UPLOAD_MAX_FILE_BYTES, 1) },
      ]);
      expect(response.statusCode, response.body).toBe(201);
    });

    it("answers 'please select at least one file' without files", async () => {
      const testApp = await db.buildApp();
      const ada = await signedInUser(testApp.app);
      const response = await upload(testApp.app, ada.headers, { title: 'Nothing' }, []);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody('please select at least one file'));
      expect(await countRows(testApp, 'posts')).toBe(0);
    });

    it.each([
      [{ visibility: 'friends' }, 'visibility'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ ai_instruction: 'x'.repeat(2001) }, 'ai_instruction'],
      [{ media_type: 'hologram' }, 'media_type'],
    ])('answers 422 naming the field for %j, and stores no post', async (fields, field) => {
      const testApp = await db.buildApp();
      const ada = await signedInUser(testApp.app);
      const response = await upload(testApp.app, ada.headers, fields, [text('a.txt', 'a')]);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
      expect(await countRows(testApp, 'posts')).toBe(0);
    });

    it('answers 401 without a signed-in member', async () => {
      const { app } = await db.buildApp();
      const response = await upload(app, {}, {}, [text('a.txt', 'a')]);
      expect(response.statusCode).toBe(401);
    });

    it('answers a client error, not a 500, for a body that is not multipart', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/media/upload',
        headers: { ...ada.headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'title=x',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json<{ detail: string }>().detail).toEqual(expect.any(String));
    });

    it('keeps no post when the body breaks off in the third file', async () => {
      const testApp = await db.buildApp();
      const ada = await signedInUser(testApp.app);
      const body = multipart({ title: 'Cut short' }, [
        text('one.txt', 'one'),
        text('two.txt', 'two'),
        { name: 'three.bin', content: Buffer.alloc(600_000, 3) },
      ]);
      // Cut in the middle of the third file: no closing boundary ever arrives.
      const cut = body.payload.subarray(0, body.payload.length - 300_000);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/v1/media/upload',
        headers: { ...ada.headers, ...body.headers },
        payload: cut,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errorBody(MESSAGES.uploadInterrupted));
      expect(await countRows(testApp, 'posts')).toBe(0);
      expect(await countRows(testApp, 'post_files')).toBe(0);
    });
  });

  describe('POST /media/upload/ipfs', () => {
    it('stores one file and answers its CID, size, name and gateway URL', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const body = multipart({}, [{ field: 'file', name: 'hello.txt', content: 'hello world\n' }]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/media/upload/ipfs',
        headers: { ...ada.headers, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      const cid = 'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4';
      expect(response.json()).toEqual({ cid, size: 12, name: 'hello.txt', url: `/ipfs/${cid}` });
      const served = await app.inject({ method: 'GET', url: `/ipfs/${cid}` });
      expect(served.headers['content-type']).toContain('text/plain');
    });

    it('answers 401 signed out and 400 without a file', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const empty = multipart({ note: 'no file' });
      const signedOut = await app.inject({
        method: 'POST',
        url: '/api/v1/media/upload/ipfs',
        headers: empty.headers,
        payload: empty.payload,
      });
      expect(signedOut.statusCode).toBe(401);
      const noFile = await app.inject({
        method: 'POST',
        url: '/api/v1/media/upload/ipfs',
        headers: { ...ada.headers, ...empty.headers },
        payload: empty.payload,
      });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual(errorBody('please select at least one file'));
    });
  });

  describe('GET /media/list', () => {
    it('lists public posts newest first in the spec list form, with file URLs', async () => {
      const { app, clock } = await db.buildApp();
      const ada = await signedInUser(app);
      const first = await uploadPost(app, ada.headers, { title: 'First' });
      clock.advance(60);
      const second = await uploadPost(app, ada.headers, { title: 'Second', tags: 'a,b' });
      const posts = await list(app);
      expect(posts.map((post) => post.id)).toEqual([second, first]);
      const [item] = posts;
      expect(item).toMatchObject({
        id: second,
        title: 'Second',
        tags: ['a', 'b'],
        visibility: 'public',
        media_type: 'image',
        user_id: ada.user.id,
        user_name: ada.username,
        user_avatar: '',
        likes: 0,
        comments: 0,
        liked: false,
      });
      expect(item?.file_paths).toHaveLength(1);
      expect(item?.media).toBe(item?.file_paths[0]);
      expect(item?.file_paths[0]).toMatch(/^\/ipfs\/baf/);
    });

    it('pages with skip and limit in a stable order, even when times and likes tie', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      // The clock stands still: every post has the same created_at and no likes.
      const ids = new Set<string>();
      for (let index = 0; index < 7; index += 1) {
        ids.add(await uploadPost(app, ada.headers, { title: `Tie ${index}` }));
      }
      for (const sort of ['time_desc', 'time_asc', 'likes_desc', 'likes_asc']) {
        const seen: string[] = [];
        for (let skip = 0; skip < 7; skip += 3) {
          const page = await list(app, { sort_by: sort, skip: String(skip), limit: '3' });
          seen.push(...page.map((post) => post.id));
        }
        expect(seen, sort).toHaveLength(7);
        expect(new Set(seen), sort).toEqual(ids);
      }
      expect(await list(app, { limit: '2' })).toHaveLength(2);
      expect(await list(app)).toHaveLength(7);
      expect(await list(app, { skip: '7' })).toEqual([]);
    });

    it('sorts by likes and by time, both ways', async () => {
      const { app, clock } = await db.buildApp();
      const ada = await signedInUser(app);
      const fans = await Promise.all([signedInUser(app), signedInUser(app)]);
      const old = await uploadPost(app, ada.headers, { title: 'Old, liked twice' });
      clock.advance(60);
      const middle = await uploadPost(app, ada.headers, { title: 'Middle, no likes' });
      clock.advance(60);
      const recent = await uploadPost(app, ada.headers, { title: 'Recent, liked once' });
      for (const fan of fans) await like(app, old, fan.headers);
      await like(app, recent, fans[0]?.headers ?? {});

      const order = async (sort: string) =>
        (await list(app, { sort_by: sort })).map((post) => post.id);
      expect(await order('time_desc')).toEqual([recent, middle, old]);
      expect(await order('time_asc')).toEqual([old, middle, recent]);
      expect(await order('likes_desc')).toEqual([old, recent, middle]);
      expect(await order('likes_asc')).toEqual([middle, recent, old]);
    });

    it.each([
      [{ sort_by: 'random' }, 'sort_by'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ skip: '-1' }, 'skip'],
      [{ skip: 'abc' }, 'skip'],
      [{ include_hidden: 'maybe' }, 'include_hidden'],
    ])('answers 422 naming the parameter for %j', async (query, field) => {
      const { app } = await db.buildApp();
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/media/list?${new URLSearchParams(query).toString()}`,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
    });

    it("never shows someone else's private posts; include_hidden adds only the caller's own", async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const adaPublic = await uploadPost(app, ada.headers, { title: 'Ada public' });
      const adaPrivate = await uploadPost(app, ada.headers, {
        title: 'Ada private',
        visibility: 'private',
      });
      const bobPrivate = await uploadPost(app, bob.headers, {
        title: 'Bob private',
        visibility: 'private',
      });
      const ids = (posts: PostListItem[]) => posts.map((post) => post.id).sort();

      expect(ids(await list(app))).toEqual([adaPublic]);
      expect(ids(await list(app, { include_hidden: 'true' }))).toEqual([adaPublic]);
      expect(ids(await list(app, { include_hidden: 'true' }, ada.headers))).toEqual(
        [adaPublic, adaPrivate].sort(),
      );
      expect(ids(await list(app, { include_hidden: 'true' }, bob.headers))).toEqual(
        [adaPublic, bobPrivate].sort(),
      );
      expect(ids(await list(app, {}, ada.headers))).toEqual([adaPublic]);
      expect(
        ids(await list(app, { search: 'private', include_hidden: 'true' }, bob.headers)),
      ).toEqual([bobPrivate]);
    });

    describe('search', () => {
      async function library(testApp: TestApp) {
        const { app } = testApp;
        const curie = await signedInUser(app, { username: `curie${Date.now() % 100000}` });
        const other = await signedInUser(app);
        const ids = {
          quantum: await uploadPost(app, other.headers, {
            title: 'Quantum entanglement in photonic lattices',
            summary: 'Entangled photons',
          }),
          tagged: await uploadPost(app, other.headers, {
            title: 'Lab notebook',
            tags: 'crystallography, xray',
          }),
          content: await uploadPost(app, other.headers, {
            title: 'Field report',
            content: 'We sampled permafrost cores in Svalbard.',
          }),
          byCurie: await uploadPost(app, curie.headers, { title: 'Radium notes' }),
          mentions: await uploadPost(app, other.headers, {
            title: 'Quantum quantum quantum',
            summary: 'quantum computing and quantum sensing',
            content: 'quantum',
          }),
        };
        return { ids, curie };
      }

      it('finds words in title, summary, content, tags and author name, as prefixes', async () => {
        const testApp = await db.buildApp();
        const { ids, curie } = await library(testApp);
        const found = async (search: string) =>
          (await list(testApp.app, { search, sort_by: 'time_asc' })).map((post) => post.id);

        expect(await found('entangle')).toEqual([ids.quantum]);
        expect(await found('crystallography')).toEqual([ids.tagged]);
        expect(await found('PERMAFROST')).toEqual([ids.content]);
        expect(await found(curie.username)).toEqual([ids.byCurie]);
        expect(await found('quant')).toEqual([ids.quantum, ids.mentions]);
        expect(await found('quantum photonic')).toEqual([ids.quantum]);
        expect(await found('nothing-like-this')).toEqual([]);
        expect(await found('"*:) AND OR')).toEqual([]);
        expect(await found('!!!')).toEqual([]);
      });

      it('orders by relevance when no sort is asked', async () => {
        const testApp = await db.buildApp();
        const { ids } = await library(testApp);
        const results = await list(testApp.app, { search: 'quantum' });
        expect(results.map((post) => post.id)).toEqual([ids.mentions, ids.quantum]);
      });
    });
  });

  describe('GET /media/{id}', () => {
    it('answers 404 for an unknown post', async () => {
      const { app } = await db.buildApp();
      const response = await detail(app, 'no-such-post');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(errorBody('Post not found'));
    });

    it('tells only the author why processing gave up', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const id = await uploadPost(app, ada.headers);
      await app.db
        .updateTable('jobs')
        .set({ status: 'failed', last_error: 'gave up after 5 attempts' })
        .where('subject_id', '=', id)
        .execute();
      const own = (await detail(app, id, ada.headers)).json<PostDetail>();
      expect(own.processing_error).toBe('gave up after 5 attempts');
      expect(own.status).toBe('processing');
      expect((await detail(app, id, bob.headers)).json<PostDetail>()).not.toHaveProperty(
        'processing_error',
      );
      expect((await detail(app, id)).json<PostDetail>()).not.toHaveProperty('processing_error');
    });

    it('shows a private post to its author only', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const id = await uploadPost(app, ada.headers, { visibility: 'private' });
      expect((await detail(app, id)).statusCode).toBe(404);
      expect((await detail(app, id, bob.headers)).statusCode).toBe(404);
      const own = await detail(app, id, ada.headers);
      expect(own.statusCode).toBe(200);
      expect(own.json<PostDetail>().visibility).toBe('private');
    });
  });

  describe('POST /media/{id}/like', () => {
    it('toggles the like, and list and detail say whether the caller liked it', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const id = await uploadPost(app, ada.headers);

      const liked = await like(app, id, bob.headers);
      expect(liked.statusCode).toBe(200);
      expect(liked.json()).toEqual({ status: 'success', action: 'liked', likes: 1 });
      expect((await detail(app, id, bob.headers)).json<PostDetail>()).toMatchObject({
        likes: 1,
        liked: true,
      });
      expect((await detail(app, id, ada.headers)).json<PostDetail>().liked).toBe(false);
      expect((await list(app, {}, bob.headers))[0]).toMatchObject({ likes: 1, liked: true });
      expect((await list(app))[0]).toMatchObject({ likes: 1, liked: false });

      const unliked = await like(app, id, bob.headers);
      expect(unliked.json()).toEqual({ status: 'success', action: 'unliked', likes: 0 });
    });

    it("lays each caller's likes over one shared page, in exactly the documented shape", async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const first = await uploadPost(app, ada.headers, { title: 'First' });
      const second = await uploadPost(app, ada.headers, { title: 'Second' });
      await like(app, first, bob.headers);
      await like(app, second, ada.headers);
      const likedBy = async (headers: Record<string, string>) =>
        Object.fromEntries((await list(app, {}, headers)).map((post) => [post.id, post.liked]));
      expect(await likedBy(bob.headers)).toEqual({ [first]: true, [second]: false });
      expect(await likedBy(ada.headers)).toEqual({ [first]: false, [second]: true });
      expect(await likedBy({})).toEqual({ [first]: false, [second]: false });
      const answer = await list(app, {}, bob.headers);
      // Nothing more and nothing less than the schema says (it strips unknown keys).
      expect(postListSchema.parse(answer)).toEqual(answer);
    });

    it("answers 401 signed out, and 404 for unknown posts and others' private ones", async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const bob = await signedInUser(app);
      const hidden = await uploadPost(app, ada.headers, { visibility: 'private' });
      expect((await like(app, hidden, {})).statusCode).toBe(401);
      expect((await like(app, hidden, bob.headers)).statusCode).toBe(404);
      expect((await like(app, 'missing', bob.headers)).statusCode).toBe(404);
      expect((await like(app, hidden, ada.headers)).json<LikeResult>().action).toBe('liked');
    });

    it('keeps the count equal to the rows under 50 concurrent toggles', async () => {
      // Fifty sign-ins from one address: more than the login limit allows by default.
      const testApp = await db.buildApp({ env: { LOGIN_RATE_LIMIT_IP_MAX: '1000' } });
      const { app } = testApp;
      const ada = await signedInUser(app);
      const id = await uploadPost(app, ada.headers);
      const fans = [];
      for (let index = 0; index < 50; index += 1) fans.push(await signedInUser(app));

      const results = await Promise.all(fans.map((fan) => like(app, id, fan.headers)));
      expect(results.every((result) => result.statusCode === 200)).toBe(true);
      expect(await countRows(testApp, 'post_likes')).toBe(50);
      expect((await detail(app, id)).json<PostDetail>().likes).toBe(50);

      // Half take it back, all at once, while the other half like twice more (net zero).
      await Promise.all(
        fans.map(async (fan, index) => {
          await like(app, id, fan.headers);
          if (index % 2 === 0) await like(app, id, fan.headers);
        }),
      );
      const rows = await countRows(testApp, 'post_likes');
      expect(rows).toBe(25);
      expect((await detail(app, id)).json<PostDetail>().likes).toBe(rows);
    });
  });

  describe('public cache of anonymous reads', () => {
    it('serves repeated anonymous reads from memory, and drops them at once on a change', async () => {
      const { app } = await db.buildApp();
      const ada = await signedInUser(app);
      const first = await uploadPost(app, ada.headers, { title: 'First' });
      const get = (url: string, headers: Record<string, string> = {}) =>
        app.inject({ method: 'GET', url, headers });

      const miss = await get('/api/v1/media/list');
      const hit = await get('/api/v1/media/list');
      expect(miss.headers['x-cache']).toBe('miss');
      expect(hit.headers['x-cache']).toBe('hit');
      expect(hit.body).toBe(miss.body);
      expect(hit.headers['content-type']).toContain('application/json');
      expect((await get(`/api/v1/media/${first}`)).headers['x-cache']).toBe('miss');
      expect((await get(`/api/v1/media/${first}`)).headers['x-cache']).toBe('hit');

      await like(app, first, ada.headers);
      const afterLike = await get(`/api/v1/media/${first}`);
      expect(afterLike.headers['x-cache']).toBe('miss');
      expect(afterLike.json<PostDetail>().likes).toBe(1);
      const second = await uploadPost(app, ada.headers, { title: 'Second' });
      expect((await list(app)).map((post) => post.id)).toEqual([second, first]);

      const signedIn = await get('/api/v1/media/list', ada.headers);
      expect(signedIn.headers['x-cache']).toBeUndefined();
    });

    it("shows another process's change after the time to live", async () => {
      // Long enough that the reads before the wait stay inside it on a busy machine.
      const ttlMs = 3000;
      const { app } = await db.buildApp({ env: { PUBLIC_CACHE_TTL_MS: String(ttlMs) } });
      const ada = await signedInUser(app);
      const id = await uploadPost(app, ada.headers, { title: 'Before' });
      expect((await list(app))[0]?.title).toBe('Before');
      // A write that bypasses this process, as another server process's would.
      expect((await list(app, {}, ada.headers))[0]?.title).toBe('Before');
      await app.db.updateTable('posts').set({ title: 'After' }).where('id', '=', id).execute();
      expect((await list(app))[0]?.title).toBe('Before');
      // Members read the same shared copy (with their own likes laid over it).
      expect((await list(app, {}, ada.headers))[0]?.title).toBe('Before');
      await new Promise((resolve) => setTimeout(resolve, ttlMs + 100));
      expect((await list(app))[0]?.title).toBe('After');
      expect((await list(app, {}, ada.headers))[0]?.title).toBe('After');
    });

    it('is off with PUBLIC_CACHE_TTL_MS=0', async () => {
      const { app } = await db.buildApp({ env: { PUBLIC_CACHE_TTL_MS: '0' } });
      await app.inject({ method: 'GET', url: '/api/v1/media/list' });
      const again = await app.inject({ method: 'GET', url: '/api/v1/media/list' });
      expect(again.headers['x-cache']).toBeUndefined();
    });
  });
});
