import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signedInUser, uploadPost, type TestApp } from '../../test/helpers.js';
import { sharedBrotliOptions } from './compress-json.js';

const INDEX_HTML =
  '<!doctype html><html><head><title>Symposia</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the web app's server-rendering build (apps/web/dist-ssr/entry-server.js), with
 * the same contract: /forum is rendered from the forum list the API answers, in the language
 * Accept-Language asks for, and reads ?page= and ?search= only; /boom fails; any other page is
 * left to the browser.
 */
const RENDERER = `
const pageAddress = (url) => {
  const location = new URL(url, 'http://localhost');
  if (location.pathname === '/boom') return '/boom';
  if (!location.pathname.startsWith('/forum')) return null;
  const query = new URLSearchParams();
  for (const name of ['page', 'search']) {
    const value = location.searchParams.get(name);
    if (value !== null) query.set(name, value);
  }
  return location.pathname + (query.size > 0 ? '?' + query : '');
};

export function createPageRenderer({ clientDir, onError }) {
  return {
    languageFor(acceptLanguage) {
      return (acceptLanguage ?? '').startsWith('zh') ? 'zh-CN' : 'en';
    },
    pageAddress,
    async render(url, fetchApi, language) {
      if (url.startsWith('/boom')) throw new Error('render failed');
      if (!url.startsWith('/forum')) return null;
      const answer = await fetchApi('/api/v1/media/list?skip=0&limit=20');
      const posts = JSON.parse(answer.body);
      const items = posts.map((post) => '<li>' + post.title + '</li>').join('');
      globalThis.__symposiaRenders = (globalThis.__symposiaRenders ?? 0) + 1;
      // The renderer says what the address names is missing; /forum/gone stands for that here.
      const status = url.startsWith('/forum/gone') ? 404 : 200;
      return { status, html: '<!doctype html><main lang="' + language + '" data-dir="' + clientDir + '" data-url="' + url + '" data-status="' + answer.status + '" data-render="' + globalThis.__symposiaRenders + '"><ul>' + items + '</ul></main>' + ' '.repeat(2048) };
    },
  };
}
`;

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body;
}

describe('server-rendered pages', () => {
  let webRoot: string;
  let testApp: TestApp;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'symposia-ssr-'));
    await mkdir(join(webRoot, 'dist'));
    await mkdir(join(webRoot, 'dist-ssr'));
    await writeFile(join(webRoot, 'dist', 'index.html'), INDEX_HTML);
    await writeFile(join(webRoot, 'dist-ssr', 'entry-server.js'), RENDERER);
    testApp = await buildTestApp('sqlite', {
      // Long enough that only a change of content drops a kept page during the test.
      env: { WEB_DIST_DIR: join(webRoot, 'dist'), PUBLIC_CACHE_TTL_MS: '60000' },
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('renders a page with the data anyone may see, asked of the API in process', async () => {
    const { app } = testApp;
    const author = await signedInUser(app);
    await uploadPost(app, author.headers, { title: 'Visible to all' });
    await uploadPost(app, author.headers, { title: 'Only mine', visibility: 'private' });

    // Even a request carrying the author's token gets what anyone sees.
    const response = await get('/forum?search=x', author.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = decoded(response);
    expect(html).toContain('<li>Visible to all</li>');
    expect(html).not.toContain('Only mine');
    expect(html).toContain(`data-dir="${join(webRoot, 'dist')}"`);
    expect(html).toContain('data-status="200"');
  });

  it('renders an address once until the content changes', async () => {
    const { app } = testApp;
    const renderOf = (html: string) => /data-render="(\d+)"/.exec(html)?.[1];
    const first = renderOf(decoded(await get('/forum?page=once')));
    expect(renderOf(decoded(await get('/forum?page=once')))).toBe(first);

    const author = await signedInUser(app);
    await uploadPost(app, author.headers, { title: 'Arrived later' });
    const after = decoded(await get('/forum?page=once'));
    expect(renderOf(after)).not.toBe(first);
    expect(after).toContain('<li>Arrived later</li>');
  });

  it('keeps a page under what it depends on, so a parameter it does not read renders nothing', async () => {
    const renderOf = (html: string) => /data-render="(\d+)"/.exec(html)?.[1];
    const first = await get('/forum?page=nonces');
    expect(first.headers['x-cache']).toBe('miss');
    const firstHtml = decoded(first);
    // The renderer is given the page address, not the address asked for.
    expect(firstHtml).toContain('data-url="/forum?page=nonces"');
    for (const nonce of ['1', '2', '3']) {
      const again = await get(`/forum?x=${nonce}&page=nonces`);
      expect(again.headers['x-cache'], nonce).toBe('hit');
      expect(renderOf(decoded(again)), nonce).toBe(renderOf(firstHtml));
    }
    // A parameter the page reads is another page.
    const other = await get('/forum?page=nonces&search=deep');
    expect(other.headers['x-cache']).toBe('miss');
    expect(renderOf(decoded(other))).not.toBe(renderOf(firstHtml));
  });

  it("renders in the reader's language, keeps each language apart, and says it varies with it", async () => {
    const english = await get('/forum?page=languages', { 'accept-language': 'en-GB,en;q=0.9' });
    const chinese = await get('/forum?page=languages', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(decoded(english)).toContain('lang="en"');
    expect(decoded(chinese)).toContain('lang="zh-CN"');
    expect(chinese.headers.vary).toMatch(/accept-language/i);
    // A kept page is kept per language: the English one is not served to the Chinese reader.
    const again = await get('/forum?page=languages', { 'accept-language': 'zh-TW' });
    expect(decoded(again)).toContain('lang="zh-CN"');
  });

  it('compresses the page as accepted, and says it varies with Accept-Encoding', async () => {
    const plain = decoded(await get('/forum'));
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get('/forum', { 'accept-encoding': accept });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(plain);
    }
  });

  it('sends a page read again as the copy compressed once for every reader', async () => {
    const read = () => get('/forum?page=kept', { 'accept-encoding': 'br' });
    const plain = Buffer.from(decoded(await read()));
    const kept = brotliCompressSync(plain, sharedBrotliOptions(plain));
    await read();
    await vi.waitFor(async () => {
      const response = await read();
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.rawPayload.equals(kept)).toBe(true);
      // Compression runs on the thread pool: a loaded machine may take a while.
    }, 10_000);
  });

  it('sends index.html for a page the renderer leaves to the browser, or fails on', async () => {
    for (const url of ['/', '/mypage', '/boom']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX_HTML);
    }
  });

  it("answers with the renderer's status, the page still sent for the browser to take over", async () => {
    for (const attempt of ['first', 'again']) {
      const response = await get('/forum/gone');
      expect(response.statusCode, attempt).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(decoded(response)).toContain('<main lang="en"');
      // A missing page is never kept: invented ids cannot push kept pages out of the cache.
      expect(response.headers['x-cache'], attempt).toBe('miss');
    }
  });

  it('keeps 404s for API paths and missing files', async () => {
    expect((await get('/api/v1/nothing')).statusCode).toBe(404);
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
  });
});

describe('without a server-rendering build', () => {
  it('serves index.html for every page', async () => {
    const webRoot = await mkdtemp(join(tmpdir(), 'symposia-ssr-'));
    await writeFile(join(webRoot, 'index.html'), INDEX_HTML);
    const testApp = await buildTestApp('sqlite', { env: { WEB_DIST_DIR: webRoot } });
    try {
      for (const url of ['/', '/forum', '/forum/detail/abc']) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toBe(INDEX_HTML);
      }
    } finally {
      await testApp.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});

describe('with a renderer that does not say what its pages depend on', () => {
  it('renders each request and keeps nothing', async () => {
    const webRoot = await mkdtemp(join(tmpdir(), 'symposia-ssr-'));
    await mkdir(join(webRoot, 'dist'));
    await mkdir(join(webRoot, 'dist-ssr'));
    await writeFile(join(webRoot, 'dist', 'index.html'), INDEX_HTML);
    // The contract before pageAddress: without it the raw address is all the server knows, and
    // keeping pages under it would let every `?x=<nonce>` add one.
    await writeFile(
      join(webRoot, 'dist-ssr', 'entry-server.js'),
      `let renders = 0;
      export function createPageRenderer() {
        return {
          languageFor: () => 'en',
          async render(url) {
            renders += 1;
            return url.startsWith('/forum') ? { status: 200, html: '<main data-render="' + renders + '"></main>' } : null;
          },
        };
      }`,
    );
    const testApp = await buildTestApp('sqlite', {
      env: { WEB_DIST_DIR: join(webRoot, 'dist'), PUBLIC_CACHE_TTL_MS: '60000' },
    });
    try {
      const renders = [];
      for (let read = 0; read < 2; read += 1) {
        const response = await testApp.app.inject({ method: 'GET', url: '/forum' });
        expect(response.headers['x-cache']).toBe('miss');
        renders.push(/data-render="(\d+)"/.exec(response.body)?.[1]);
      }
      expect(renders).toEqual(['1', '2']);
    } finally {
      await testApp.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });
});
