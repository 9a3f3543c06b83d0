import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { POST_FIELD_MAX_LENGTH } from '@symposia/shared';
import { expect, it, vi } from 'vitest';
import { PUBLIC_CACHE_MAX_SKIP } from '../services/memory-cache.js';
import { SHARED_GZIP_OPTIONS, sharedBrotliOptions } from './compress-json.js';
import { describeEachDatabase, signedInUser, uploadPost } from '../../test/helpers.js';

const MiB = 1024 * 1024;
const CAP = 1 * MiB;
/**
 * Each of the two bound checks below takes 2–10 s on a quiet two-core machine and passed 120 s
 * beside the browser suite on a slow day: a guard against a hang, sized for that case (speed is
 * measured by `npm run bench`).
 */
const BOUND_CHECK_TIMEOUT_MS = 600_000;

/** Letters and spaces from random bytes: text no cache could hold smaller than it is. */
function prose(length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz     ';
  let text = '';
  for (const byte of randomBytes(length)) text += letters[byte % letters.length];
  return text;
}

describeEachDatabase('public cache', (db) => {
  async function forumOfLongPosts(env: Record<string, string> = {}) {
    const testApp = await db.buildApp({
      env: {
        PUBLIC_CACHE_MAX_BYTES: String(CAP),
        // No entry expires during the test: only the byte budget can hold the line.
        PUBLIC_CACHE_TTL_MS: '60000',
        COMMENT_RATE_LIMIT_MAX: '1000',
        UPLOAD_RATE_LIMIT_MAX: '1000',
        ...env,
      },
    });
    const author = await signedInUser(testApp.app);
    const ids: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      ids.push(
        await uploadPost(testApp.app, author.headers, {
          title: `Long paper ${index}`,
          content: prose(POST_FIELD_MAX_LENGTH.content),
        }),
      );
    }
    return { ...testApp, author, ids };
  }

  it(
    'keeps 1,000 distinct list URLs over 50,000-character posts under PUBLIC_CACHE_MAX_BYTES',
    async () => {
      const { app } = await forumOfLongPosts();
      const cache = app.services.publicCache;
      const sorts = ['', '&sort_by=likes_desc', '&sort_by=time_asc'];
      let highest = 0;
      let hits = 0;
      for (let index = 0; index < 1000; index += 1) {
        const query =
          `x=${index}&skip=${index % 150}&limit=${1 + (index % 4)}` +
          `${sorts[index % sorts.length]}${index % 5 === 0 ? `&search=paper+${index % 30}` : ''}`;
        const response = await app.inject({ url: `/api/v1/media/list?${query}` });
        expect(response.statusCode, query).toBe(200);
        if (index % 10 === 0) {
          // The same page with another unknown parameter is the entry just stored, when it fit.
          const again = await app.inject({ url: `/api/v1/media/list?${query}&y=${index}` });
          if (again.headers['x-cache'] === 'hit') hits += 1;
        }
        highest = Math.max(highest, cache.bytes);
      }
      expect(highest).toBeLessThanOrEqual(CAP);
      // The cache was in use all along, not merely empty: it filled to near its budget.
      expect(highest).toBeGreaterThan(CAP / 2);
      expect(hits).toBeGreaterThan(0);
    },
    BOUND_CHECK_TIMEOUT_MS,
  );

  it('compresses a hot answer once per encoding: later readers get the kept copy', async () => {
    const { app } = await db.buildApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    const author = await signedInUser(app);
    for (const title of ['First', 'Second', 'Third']) {
      await uploadPost(app, author.headers, { title, content: prose(3000) });
    }
    const url = '/api/v1/media/list?skip=0&limit=12';
    const read = (encoding: string) =>
      app.inject({ url, headers: { 'accept-encoding': encoding } });
    const first = await read('br');
    expect(first.headers['x-cache']).toBe('miss');
    const plain = brotliDecompressSync(first.rawPayload);
    // The second reader starts the kept copies, in the background.
    expect((await read('br')).headers['x-cache']).toBe('hit');
    const kept = {
      br: brotliCompressSync(plain, sharedBrotliOptions(plain)),
      gzip: gzipSync(plain, SHARED_GZIP_OPTIONS),
    };
    for (const encoding of ['br', 'gzip'] as const) {
      await vi.waitFor(async () => {
        const answer = await read(encoding);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(answer.rawPayload.equals(kept[encoding])).toBe(true);
        // Compression runs on the thread pool: a loaded machine may take a while.
      }, 10_000);
    }
    // A reader who accepts no encoding still gets the plain bytes.
    const identity = await app.inject({ url });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain)).toBe(true);
  });

  it('keys answers by the validated query: unknown parameters and their order do not count', async () => {
    const { app } = await db.buildApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    const author = await signedInUser(app);
    await uploadPost(app, author.headers, { title: 'One post' });
    const cacheHeader = async (url: string) => (await app.inject({ url })).headers['x-cache'];

    expect(await cacheHeader('/api/v1/media/list?x=1')).toBe('miss');
    const entries = app.services.publicCache.size;
    for (const url of [
      '/api/v1/media/list?x=2',
      '/api/v1/media/list',
      '/api/v1/media/list?limit=12&skip=0&utm_source=mail',
      '/api/v1/media/list?skip=0&limit=12&include_hidden=false',
    ]) {
      expect(await cacheHeader(url), url).toBe('hit');
    }
    expect(app.services.publicCache.size).toBe(entries);
    // A different page is a different answer.
    expect(await cacheHeader('/api/v1/media/list?limit=11')).toBe('miss');
  });

  it(`caches only the first pages (skip below ${PUBLIC_CACHE_MAX_SKIP})`, async () => {
    const { app } = await db.buildApp({ env: { PUBLIC_CACHE_TTL_MS: '60000' } });
    const cache = app.services.publicCache;
    const deep = `/api/v1/media/list?skip=${PUBLIC_CACHE_MAX_SKIP}`;
    for (let round = 0; round < 2; round += 1) {
      const response = await app.inject({ url: deep });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-cache']).toBeUndefined();
    }
    expect(cache.size).toBe(0);
    expect(
      (await app.inject({ url: `/api/v1/media/list?skip=${PUBLIC_CACHE_MAX_SKIP - 1}` })).headers[
        'x-cache'
      ],
    ).toBe('miss');
    expect(cache.size).toBeGreaterThan(0);
  });

  it(
    'keeps 1,000 comment-thread URLs (skip, limit, gzip) under PUBLIC_CACHE_MAX_BYTES',
    async () => {
      const { app } = await db.buildApp({
        env: {
          PUBLIC_CACHE_MAX_BYTES: String(CAP),
          PUBLIC_CACHE_TTL_MS: '60000',
          COMMENT_RATE_LIMIT_MAX: '1000',
        },
      });
      const author = await signedInUser(app);
      const cache = app.services.publicCache;
      const postId = await uploadPost(app, author.headers, { title: 'A much discussed paper' });
      // 60 comments of 2,500 characters: a page of up to 40 is up to 100 KB, so a dozen pages
      // fill the budget and the 1,000 URLs would hold about 50 MB without it.
      for (let index = 0; index < 60; index += 1) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/comments/create',
          headers: { ...author.headers, 'content-type': 'application/json' },
          payload: { postId, content: `${index} ${prose(2490)}` },
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      let highest = 0;
      for (let index = 0; index < 1000; index += 1) {
        const query = `skip=${index % 150}&limit=${1 + (index % 40)}&x=${index}`;
        // Asked twice, gzipped: each answer's compressed copy is made and counted too.
        for (let round = 0; round < 2; round += 1) {
          const response = await app.inject({
            url: `/api/v1/comments/post/${postId}?${query}`,
            headers: { 'accept-encoding': 'gzip' },
          });
          expect(response.statusCode, query).toBe(200);
        }
        highest = Math.max(highest, cache.bytes);
      }
      // Let the last background compressions land, then look again.
      await new Promise((resolve) => setTimeout(resolve, 50));
      highest = Math.max(highest, cache.bytes);
      expect(highest).toBeLessThanOrEqual(CAP);
      expect(highest).toBeGreaterThan(CAP / 2);
    },
    BOUND_CHECK_TIMEOUT_MS,
  );

  it('lets expired answers go without anyone asking for them again', async () => {
    const { app } = await db.buildApp({ env: { PUBLIC_CACHE_TTL_MS: '100' } });
    const author = await signedInUser(app);
    await uploadPost(app, author.headers, { title: 'Soon forgotten' });
    expect((await app.inject({ url: '/api/v1/media/list' })).headers['x-cache']).toBe('miss');
    expect(app.services.publicCache.bytes).toBeGreaterThan(0);
    // The sweep timer runs within a few TTLs; nothing else touches the cache meanwhile.
    await vi.waitFor(() => expect(app.services.publicCache.bytes).toBe(0), {
      timeout: 5000,
      interval: 50,
    });
    expect(app.services.publicCache.size).toBe(0);
  });
});
