import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../test/helpers.js';
import { negotiateEncoding } from './content-encoding.js';

const PRECOMPRESS = fileURLToPath(new URL('../../../web/scripts/precompress.mjs', import.meta.url));
const ASSET = 'assets/index-abc123.js';
const TINY_ASSET = 'assets/tiny-abc123.js';

/** The plain bytes of an answer, whatever its Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

describe('negotiateEncoding', () => {
  it('picks the highest q, brotli on a tie, identity when neither is accepted', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity, deflate')).toBeNull();
    expect(negotiateEncoding('gzip;q=0')).toBeNull();
  });
});

describe('the built web app, precompressed', () => {
  let webDist: string;
  let testApp: TestApp;
  const script = `export const lines = [${Array.from({ length: 400 }, (_, i) => `'line ${i}'`).join(', ')}];\n`;
  const indexHtml = `<!doctype html><title>Symposia</title>${'<meta name="x" content="y">'.repeat(60)}`;

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'symposia-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), indexHtml);
    await writeFile(join(webDist, ASSET), script);
    await writeFile(join(webDist, TINY_ASSET), 'console.log(1)');
    // The very script the web build runs after vite build.
    await promisify(execFile)(process.execPath, [PRECOMPRESS, webDist]);
    testApp = await buildTestApp('sqlite', { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('writes .br and .gz beside files of 1 KiB and more only', async () => {
    const plain = await readFile(join(webDist, ASSET));
    expect(brotliDecompressSync(await readFile(join(webDist, `${ASSET}.br`)))).toEqual(plain);
    expect(gunzipSync(await readFile(join(webDist, `${ASSET}.gz`)))).toEqual(plain);
    await expect(readFile(join(webDist, `${TINY_ASSET}.br`))).rejects.toThrow(/ENOENT/);
  });

  it('sends brotli, gzip or the plain file as accepted, with Vary and the right length', async () => {
    const plain = await readFile(join(webDist, ASSET));
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await get(`/${ASSET}`, accept ? { 'accept-encoding': accept } : {});
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(response.headers['content-type'], accept).toMatch(/javascript/);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(decoded(response)).toEqual(plain);
    }
    const tiny = await get(`/${TINY_ASSET}`, { 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
  });

  it('keeps HEAD and byte ranges on the encoded file', async () => {
    const brotli = await readFile(join(webDist, `${ASSET}.br`));
    const head = await testApp.app.inject({
      method: 'HEAD',
      url: `/${ASSET}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(brotli.length);
    expect(head.rawPayload.length).toBe(0);

    const range = await get(`/${ASSET}`, { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBe('br');
    expect(range.headers['content-range']).toBe(`bytes 0-9/${brotli.length}`);
    expect(range.rawPayload).toEqual(brotli.subarray(0, 10));
  });

  it('revalidates index.html and the SPA fallback, compressed too', async () => {
    for (const url of ['/', '/index.html', '/forum/detail/abc']) {
      const response = await get(url, { 'accept-encoding': 'br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(response).toString(), url).toBe(indexHtml);
    }
  });
});

describeEachDatabase('JSON compression', (db) => {
  it('compresses a long comment thread as accepted, the same JSON every way', async () => {
    const { app } = await db.buildApp({ env: { COMMENT_RATE_LIMIT_MAX: '100' } });
    const ada = await signedInUser(app);
    const postId = await uploadPost(app, ada.headers, {
      title: 'A thread',
      content: 'body',
      category: 'Data',
    });
    for (let index = 0; index < 20; index += 1) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/comments/create',
        headers: { ...ada.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ postId, content: `remark ${index} `.repeat(5), imageUrl: '' }),
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const url = `/api/v1/comments/post/${postId}?skip=0&limit=2000`;
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json()).toHaveLength(20);
    // The first reads are compressed on the fly, the later ones from the copy compressed once.
    for (let read = 0; read < 4; read += 1) {
      for (const [accept, expected] of [
        ['gzip, br', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip;q=0', undefined],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': accept },
        });
        expect(response.headers['content-encoding'], accept).toBe(expected);
        expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
        expect(decoded(response).toString(), accept).toBe(plain.body);
      }
    }
  });

  it('compresses a big post list and leaves small answers and /ipfs files alone', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const text = Buffer.from('plain text that compresses well. '.repeat(200));
    for (let index = 0; index < 4; index += 1) {
      await uploadPost(
        app,
        ada.headers,
        { title: `Post ${index}`, content: 'body', category: 'Data' },
        [{ name: 'notes.txt', content: text, type: 'text/plain' }],
      );
    }
    const url = '/api/v1/media/list?skip=0&limit=20';
    // Compressed first: the public cache keeps the plain bytes, never the compressed ones.
    const zipped = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(zipped.headers['content-encoding']).toBe('br');
    expect(zipped.headers['x-cache']).toBe('miss');
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['x-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(JSON.parse(decoded(zipped).toString())).toEqual(plain.json());
    const gzipped = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzipped).toString()).toBe(plain.body);

    const small = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();

    const cid = /\/ipfs\/([a-z0-9]+)/.exec(plain.body)?.[1];
    expect(cid).toBeTruthy();
    for (const headers of [{}, { range: 'bytes=0-99' }]) {
      const file = await app.inject({
        method: 'GET',
        url: `/ipfs/${cid}`,
        headers: { 'accept-encoding': 'gzip, br', ...headers },
      });
      expect(file.statusCode).toBeLessThan(300);
      expect(file.headers['content-encoding']).toBeUndefined();
    }
  });

  it('never compresses the live notification stream', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${address.port}/api/v1/notifications/stream`, {
      headers: { ...ada.headers, 'accept-encoding': 'br, gzip' },
      signal: abort.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('content-encoding')).toBeNull();
    } finally {
      abort.abort();
    }
  });
});
