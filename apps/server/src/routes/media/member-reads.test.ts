import { postDetailSchema, postListQuerySchema, type CurrentUser } from '@symposia/shared';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import {
  describeEachDatabase,
  describePostgres,
  signedInUser,
  uploadPost,
  type DatabaseUnderTest,
  type RegisteredUser,
} from '../../../test/helpers.js';
import { describeRedis, redisPrefix, TEST_REDIS_URL } from '../../../test/redis.js';
import { SHARED_GZIP_OPTIONS, sharedBrotliOptions } from '../../plugins/compress-json.js';
import { presentPostDetail, presentPostListJson } from '../../presenters/post.js';
import type { Viewer } from '../../domain/post.js';

/**
 * Issue 31: a member's forum page and post detail are the anonymous answer's kept bytes with the
 * member's likes written in. Over varied data (likes, private and hidden posts, a moderator,
 * follows and the following feed, review statuses) every member's answer, read twice (the second
 * from the kept bytes), must be byte for byte what today's serializer makes of the same reads
 * (presentPostListJson; the route's response serializer, the schema's parse then JSON.stringify),
 * with the same headers as an answer that went through that serializer.
 */

type Member = RegisteredUser & { headers: { authorization: string } };

const PAGES = [
  '',
  '?sort_by=likes_desc',
  '?sort_by=time_asc&skip=1&limit=3',
  '?search=membrane',
  '?tag=biology',
  '?review_status=validated',
  '?review_status=unreviewed',
  '?include_hidden=true',
  '?feed=following',
];

/** Headers that say when or to whom, not what: left out of every comparison. */
const PER_RESPONSE = new Set([
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'content-length',
]);

function headersOf(response: LightMyRequestResponse): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !PER_RESPONSE.has(name)),
  );
}

const read = (app: FastifyInstance, url: string, member: Member | null) =>
  app.inject({ method: 'GET', url, headers: member?.headers ?? {} });

const viewerOf = (member: Member | null): Viewer =>
  member && { id: member.user.id, role: member.user.role };

describeEachDatabase('signed-in reads from kept bytes', (db) => {
  it("composes each member's list and detail as exactly today's serializer does", async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const cy = await signedInUser(app);
    const made = await signedInUser(app);
    // As a start with ADMIN_USERNAMES naming them does.
    await app.services.accounts.applyModerators([made.username]);
    const me = await read(app, '/api/v1/auth/me', made);
    const moderator = { ...made, user: me.json<CurrentUser>() };
    expect(moderator.user.role).toBe('moderator');
    const upload = (member: Member, fields: Record<string, string>) =>
      uploadPost(app, member.headers, { summary: 'a membrane model', ...fields });
    const posts = {
      adaFirst: await upload(ada, { title: 'Lipid membranes', tags: 'biology' }),
      adaSecond: await upload(ada, { title: 'Ion channels', tags: 'biology, physics' }),
      adaPrivate: await upload(ada, { title: 'Draft notes', visibility: 'private' }),
      bobOpen: await upload(bob, { title: 'Protein folding "quoted" \\ \u00e9t\u00e9 \u6c34' }),
      bobHidden: await upload(bob, { title: 'Hidden by the moderators' }),
      cyValidated: await upload(cy, { title: 'Reviewed work', tags: 'biology' }),
    };
    // What the moderators and the reviews did, written as their services would have.
    await app.db
      .updateTable('posts')
      .set({ hidden_at: new Date().toISOString() })
      .where('id', '=', posts.bobHidden)
      .execute();
    await app.db
      .updateTable('posts')
      .set({ review_status: 'validated' })
      .where('id', '=', posts.cyValidated)
      .execute();
    const like = async (member: Member, postId: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/media/${postId}/like`,
        headers: member.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await like(bob, posts.adaFirst);
    await like(bob, posts.cyValidated);
    await like(ada, posts.bobOpen);
    await like(ada, posts.adaSecond);
    await like(moderator, posts.adaFirst);
    const follow = await app.inject({
      method: 'POST',
      url: '/api/v1/follows',
      headers: cy.headers,
      payload: { type: 'author', target: ada.user.id },
    });
    expect(follow.statusCode, follow.body).toBe(201);
    // Past the like counts' coalescing: every shared cache reads the counts as they are.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const readers: (Member | null)[] = [null, ada, bob, cy, moderator];
    const { posts: service, files } = app.services;
    let composed = 0;
    // Which reads reached the handlers' reads of the database (the rest were answered from kept
    // parts as soon as the member was known).
    const listCalls = vi.spyOn(service, 'list');
    const detailCalls = vi.spyOn(service, 'detail');
    const handled = async (url: string, reader: Member | null) => {
      const before = listCalls.mock.calls.length + detailCalls.mock.calls.length;
      const response = await read(app, url, reader);
      return {
        response,
        handled: listCalls.mock.calls.length + detailCalls.mock.calls.length > before,
      };
    };
    // Bob has a hidden post, which the forum marks for him; the moderator sees hidden posts.
    const readsKept = (reader: Member | null) => reader === ada || reader === cy;
    for (const reader of readers) {
      const viewer = viewerOf(reader);
      for (const page of PAGES) {
        const url = `/api/v1/media/list${page}`;
        // Anonymous first, so the member's read finds the kept anonymous bytes.
        await read(app, url, null);
        for (const attempt of [1, 2]) {
          const { response, handled: wentThrough } = await handled(url, reader);
          if (page === '?feed=following' && reader === null) {
            expect(response.statusCode).toBe(401);
            continue;
          }
          expect(response.statusCode, `${url} ${attempt}`).toBe(200);
          const query = Object.fromEntries(new URLSearchParams(page));
          const parsed = postListQuerySchema.parse(query);
          const expected = await service.list(viewer, parsed);
          const urls = await files.urlsForPosts(viewer, expected.posts);
          const reference = presentPostListJson(expected.posts, expected.likedIds, urls);
          expect(response.body, `${url} as ${reader?.username ?? 'anonymous'}`).toBe(reference);
          expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
          expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(reference));
          if (reader !== null) expect(response.headers['x-cache']).toBeUndefined();
          if (expected.shared && reader !== null) composed += 1;
          if (attempt === 2 && expected.shared && readsKept(reader)) {
            expect(wentThrough, `${url} again as ${reader?.username}`).toBe(false);
          }
        }
      }
      for (const postId of Object.values(posts)) {
        const url = `/api/v1/media/${postId}`;
        await read(app, url, null);
        for (const attempt of [1, 2]) {
          const { response, handled: wentThrough } = await handled(url, reader);
          const detail = await service.get(postId, viewer).catch(() => null);
          if (detail === null) {
            expect(response.statusCode, `${url} ${attempt}`).toBe(404);
            continue;
          }
          expect(response.statusCode, `${url} ${attempt}`).toBe(200);
          const urls = await files.urlsForPosts(viewer, [detail]);
          const reference = JSON.stringify(postDetailSchema.parse(presentPostDetail(detail, urls)));
          expect(response.body, `${url} as ${reader?.username ?? 'anonymous'}`).toBe(reference);
          expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(reference));
          if (reader !== null) expect(response.headers['x-cache']).toBeUndefined();
          // Its author reads a post still without its analysis for themselves (why it failed).
          const ownUnanalysed = detail.author.id === reader?.user.id && detail.aiAnalysis === '';
          if (attempt === 2 && detail.visibility === 'public' && !detail.hidden) {
            if (readsKept(reader) && !ownUnanalysed)
              expect(wentThrough, `${url} again`).toBe(false);
          }
        }
      }
    }
    listCalls.mockRestore();
    detailCalls.mockRestore();
    // The kept bytes were used: every reader but the moderator reads shared pages.
    expect(composed).toBeGreaterThan(20);

    // The same headers as an answer today's serializer made: Cy has no private post, so his
    // include_hidden page (read for him alone, serialized) lists exactly the shared page.
    const shared = await read(app, '/api/v1/media/list', cy);
    const ownRead = await read(app, '/api/v1/media/list?include_hidden=true', cy);
    expect(shared.body).toBe(ownRead.body);
    expect(headersOf(shared)).toEqual(headersOf(ownRead));
    // And a detail: Ada's private post goes through the route's serializer, her public one not.
    const keptDetail = await read(app, `/api/v1/media/${posts.adaSecond}`, ada);
    const serialized = await read(app, `/api/v1/media/${posts.adaPrivate}`, ada);
    expect(keptDetail.json<{ liked: boolean }>().liked).toBe(true);
    expect(headersOf(keptDetail)).toEqual(headersOf(serialized));
    // With Accept-Encoding as a browser sends it, the same bytes compressed.
    const compressed = await app.inject({
      method: 'GET',
      url: '/api/v1/media/list',
      headers: { ...ada.headers, 'accept-encoding': 'gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toBe('accept-encoding');
    const plain = await read(app, '/api/v1/media/list', ada);
    const { gunzipSync } = await import('node:zlib');
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it("compresses a member's kept page and post once per encoding, counted in the cache's budget", async () => {
    const { app } = await db.buildApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const liked = await uploadPost(app, bob.headers, { title: 'Liked', summary: 'x'.repeat(900) });
    await uploadPost(app, bob.headers, { title: 'Not liked', summary: 'y'.repeat(900) });
    await toggleLike(app, ada, liked);
    for (const url of ['/api/v1/media/list', `/api/v1/media/${liked}`]) {
      // Warm: the shared answer and Ada's likes are kept.
      await read(app, url, null);
      await read(app, url, ada);
      const plain = (await read(app, url, ada)).rawPayload;
      expect(plain.toString()).toContain('"liked":true');
      const bytesBefore = app.services.publicCache.bytes;
      const kept = {
        br: brotliCompressSync(plain, sharedBrotliOptions(plain)),
        gzip: gzipSync(plain, SHARED_GZIP_OPTIONS),
      };
      for (const encoding of ['br', 'gzip'] as const) {
        await vi.waitFor(async () => {
          const answer = await app.inject({
            url,
            headers: { ...ada.headers, 'accept-encoding': encoding },
          });
          expect(answer.headers['content-encoding']).toBe(encoding);
          expect(answer.headers.vary).toMatch(/accept-encoding/i);
          expect(answer.rawPayload.equals(kept[encoding]), `${url} ${encoding}`).toBe(true);
          // Compression runs on the thread pool: a loaded machine may take a while.
        }, 10_000);
      }
      expect(app.services.publicCache.bytes).toBeGreaterThan(bytesBefore);
    }
  });

  it('shows a like, an unlike, a profile edit, a new private post and a verified address in the next read', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    const postId = await uploadPost(app, bob.headers, { title: 'Shared page' });
    const expectNext = (label: string, check: () => Promise<void>) =>
      check().catch((error: unknown) => {
        throw new Error(`${label}: ${String(error)}`);
      });
    const state = () => memberState(app, ada, postId);
    // Warm: the kept bytes and every cache of Ada's are filled.
    await state();
    await state();

    await toggleLike(app, ada, postId);
    await expectNext('like', async () => {
      const seen = await state();
      expect(seen.listed).toEqual({ liked: true, likes: 1 });
      expect(seen.detail).toEqual({ liked: true, likes: 1 });
      expect(seen.me.stats.likes).toBe(1);
      expect(seen.me.likes.map((liked) => liked.id)).toEqual([postId]);
    });
    await toggleLike(app, ada, postId);
    await expectNext('unlike', async () => {
      const seen = await state();
      expect(seen.listed).toEqual({ liked: false, likes: 0 });
      expect(seen.detail).toEqual({ liked: false, likes: 0 });
      expect(seen.me.stats.likes).toBe(0);
    });

    const edited = await app.inject({
      method: 'POST',
      url: '/api/v1/modify/modify_profile',
      headers: ada.headers,
      payload: { user_id: ada.user.id, nickname: 'Ada L.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expectNext('profile edit', async () => {
      expect((await state()).me.nickname).toBe('Ada L.');
    });

    const privateId = await uploadPost(app, ada.headers, {
      title: 'Private draft',
      visibility: 'private',
    });
    await expectNext('new private post', async () => {
      const seen = await state();
      expect(seen.me.posts.map((post) => post.id)).toContain(privateId);
      expect(seen.me.stats.posts).toBe(1);
      expect(seen.ownList).toContain(privateId);
    });

    await verifyEmail(app, ada);
    await expectNext('email verification', async () => {
      expect((await state()).me.email_verified).toBe(true);
    });
  });
});

/**
 * The same changes made through one server process, read through another whose caches were warm:
 * its next read shows each of them, over Redis and over PostgreSQL's LISTEN/NOTIFY. A role change
 * is a third process started with ADMIN_USERNAMES naming the member.
 */
function acrossProcesses(db: DatabaseUnderTest, redis: boolean) {
  it(`shows a like, an unlike, a profile edit, a new private post, a verified address and a role change made in another process (${redis ? 'Redis' : "PostgreSQL's bus"})`, async () => {
    const first = await db.buildApp({
      env: redis ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: redisPrefix() } : {},
    });
    const second = await buildApp(first.config, { now: first.clock.now });
    try {
      const writer = first.app;
      const ada = await signedInUser(writer);
      const bob = await signedInUser(writer);
      const postId = await uploadPost(writer, bob.headers, { title: 'Shared page' });
      const state = () => memberState(second, ada, postId);
      await state();
      await state();

      await toggleLike(writer, ada, postId);
      let seen = await state();
      expect(seen.listed).toEqual({ liked: true, likes: 1 });
      expect(seen.detail).toEqual({ liked: true, likes: 1 });
      expect(seen.me.stats.likes).toBe(1);
      await toggleLike(writer, ada, postId);
      seen = await state();
      expect(seen.listed).toEqual({ liked: false, likes: 0 });
      expect(seen.detail).toEqual({ liked: false, likes: 0 });
      expect(seen.me.stats.likes).toBe(0);

      const edited = await writer.inject({
        method: 'POST',
        url: '/api/v1/modify/modify_profile',
        headers: ada.headers,
        payload: { user_id: ada.user.id, nickname: 'Ada L.' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await state()).me.nickname).toBe('Ada L.');

      const privateId = await uploadPost(writer, ada.headers, {
        title: 'Private draft',
        visibility: 'private',
      });
      seen = await state();
      expect(seen.me.posts.map((post) => post.id)).toContain(privateId);
      expect(seen.ownList).toContain(privateId);

      await verifyEmail(writer, ada);
      expect((await state()).me.email_verified).toBe(true);

      expect((await state()).me.role).toBe('member');
      const restarted = await buildApp(
        { ...first.config, adminUsernames: [ada.username] },
        { now: first.clock.now },
      );
      await restarted.close();
      expect((await state()).me.role).toBe('moderator');
    } finally {
      // The first app is closed (and its schema dropped) after the test.
      await second.close();
    }
  });
}

describePostgres("signed-in reads across server processes (PostgreSQL's bus)", (db) => {
  acrossProcesses(db, false);
});

describeRedis('signed-in reads across server processes', () => {
  describePostgres('with Redis', (db) => {
    acrossProcesses(db, true);
  });
});

/** What Ada reads of the post and herself: the list, the detail and /auth/me. */
async function memberState(app: FastifyInstance, member: Member, postId: string) {
  const [list, detail, me, own] = await Promise.all([
    read(app, '/api/v1/media/list', member),
    read(app, `/api/v1/media/${postId}`, member),
    read(app, '/api/v1/auth/me', member),
    read(app, '/api/v1/media/list?include_hidden=true', member),
  ]);
  for (const response of [list, detail, me, own]) {
    expect(response.statusCode, response.body).toBe(200);
  }
  const item = list.json<{ id: string; liked: boolean; likes: number }[]>().find((p) => {
    return p.id === postId;
  });
  const shown = detail.json<{ liked: boolean; likes: number }>();
  return {
    listed: item && { liked: item.liked, likes: item.likes },
    detail: { liked: shown.liked, likes: shown.likes },
    me: me.json<CurrentUser>(),
    ownList: own.json<{ id: string }[]>().map((post) => post.id),
  };
}

async function toggleLike(app: FastifyInstance, member: Member, postId: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/media/${postId}/like`,
    headers: member.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Verifies the member's address through POST /auth/verify_email, with a link written as the
 * mailer writes one (services/mail: only the token's SHA-256 is stored).
 */
async function verifyEmail(app: FastifyInstance, member: Member) {
  const { generateAccessToken, hashAccessToken } = await import('../../services/auth/tokens.js');
  const token = generateAccessToken();
  const email = `${member.username}@example.org`;
  await app.db.updateTable('users').set({ email }).where('id', '=', member.user.id).execute();
  const now = Date.now();
  await app.db
    .insertInto('email_tokens')
    .values({
      token_hash: hashAccessToken(token),
      purpose: 'verify-email',
      user_id: member.user.id,
      email,
      message_id: `test-${token.slice(0, 8)}`,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 3_600_000).toISOString(),
    })
    .execute();
  const verified = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify_email',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token }),
  });
  expect(verified.statusCode, verified.body).toBe(200);
}
