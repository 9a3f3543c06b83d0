import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import type { PostListItem } from '@symposia/shared';
import { createPost, createUser, files, uniqueWord, type TestUser } from './fixtures/posts';
import { ownServerPort, startOwnServer } from './fixtures/own-server';

/*
 * What a page loads and how it loads its pictures (issue 17): the forum fetches no code of the
 * particle field, the wallet's Solana library, KaTeX, Markdown or the carousel; Home with reduced
 * motion fetches no particle code; the first card's image is fetched at once with high priority
 * in the rendition that fits, the others lazily. Its own server runs the processing worker, so
 * the posts have their 640 px and 1600 px renditions.
 */

const port = ownServerPort(59);
test.use({ baseURL: `http://127.0.0.1:${port}` });

const assetsDir = fileURLToPath(new URL('../dist/assets/', import.meta.url));

/** Code (by its source path) that a page must not load unless it uses it. */
const HEAVY = {
  // The hero's field draws with code of our own: found by its module, not a package.
  particles: /src\/features\/home\/utils\/particle-field\.ts$/,
  solana: /node_modules\/@solana\//,
  // The wallet connection itself (Phantom's events, the silent connect): only where Phantom is.
  wallet: /src\/features\/wallet\/stores\/wallet-store\.ts$/,
  katex: /node_modules\/katex\//,
  markdown: /node_modules\/(react-markdown|remark-|rehype-|micromark)/,
  carousel: /node_modules\/embla-carousel/,
  // The shared schemas are built with it as their module runs: only where a form checks fields.
  zod: /node_modules\/zod\//,
} as const;
type Heavy = keyof typeof HEAVY;

/** The heavy packages a built script holds, read from its source map next to it in dist. */
function heavyPartsOf(scriptUrl: string): Heavy[] {
  const name = new URL(scriptUrl).pathname.split('/').pop() ?? '';
  const mapFile = `${assetsDir}${name}.map`;
  if (!existsSync(mapFile)) return [];
  const { sources = [] } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[] };
  return (Object.keys(HEAVY) as Heavy[]).filter((part) =>
    sources.some((source) => HEAVY[part].test(source)),
  );
}

/** Every script the page requests from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  return scripts;
}

/** Lets the page go quiet, then waits as long again: whatever loads after first paint has begun. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
}

const heavyPartsLoaded = (scripts: string[]) => new Set(scripts.flatMap(heavyPartsOf));

let server: Awaited<ReturnType<typeof startOwnServer>>;
let author: TestUser;
const word = uniqueWord();
let pairId = '';

/** Waits until processing has made both renditions of every post of `word`. */
async function waitForRenditions(request: APIRequestContext, count: number) {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/media/list?search=${word}`);
        const items = (await response.json()) as PostListItem[];
        return items.filter((item) => item.media_renditions.length === 2).length;
      },
      { timeout: 30_000 },
    )
    .toBe(count);
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  server = await startOwnServer(port, { WORKER_CONCURRENCY: '1', WORKER_POLL_MS: '100' });
  const request = await playwright.request.newContext({ baseURL: server.url });
  author = await createUser(request, { prefix: 'img' });
  for (const [index, color] of [
    [1, [200, 60, 60]],
    [2, [60, 160, 90]],
  ] as const) {
    await createPost(request, author, {
      title: `Figure ${index} ${word}`,
      files: [files.png(`figure-${index}.png`, color)],
    });
  }
  await waitForRenditions(request, 2);
  // Two files, so a carousel to move through (a post of another word: the forum tests count two).
  pairId = await createPost(request, author, {
    title: `Pair ${uniqueWord()}`,
    files: [files.png('left.png', [90, 90, 200]), files.png('right.png', [200, 200, 90])],
  });
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

test('the forum loads no particle, wallet, KaTeX, Markdown, carousel or zod code', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto(`/forum?search=${word}`);
  await expect(page.getByRole('list', { name: 'Post list' }).getByRole('article')).toHaveCount(2);
  await settle(page);

  expect(scripts.length).toBeGreaterThan(0);
  expect([...heavyPartsLoaded(scripts)]).toEqual([]);
});

test('Home with reduced motion never fetches the particle code; with motion it does', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const still = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Symposia', level: 1 })).toBeVisible();
  await settle(page);
  expect(heavyPartsLoaded(still).has('particles')).toBe(false);
  await expect(page.getByTestId('particle-background')).toHaveCount(0);

  // The same check sees the engine where motion is welcome: it can fail.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const moving = recordScripts(page);
  await page.reload();
  await expect(page.getByTestId('particle-background')).toBeAttached();
  expect(heavyPartsLoaded(moving).has('particles')).toBe(true);
});

test('the first card image is fetched at once with high priority, from a srcset; the rest lazily', async ({
  page,
}) => {
  await page.goto(`/forum?search=${word}`);
  const images = page
    .getByRole('list', { name: 'Post list' })
    .getByRole('img', { name: /^Image of the post/ });
  await expect(images).toHaveCount(2);

  const first = images.first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('srcset', /^\/ipfs\/\S+ 640w, \/ipfs\/\S+ 1600w$/);
  await expect(first).toHaveAttribute('sizes', /100vw/);
  await expect(first).toHaveAttribute('width', '640');
  await expect(first).toHaveAttribute('height', '400');
  // The browser really picked one of the renditions.
  await expect
    .poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.currentSrc))
    .toMatch(/\/ipfs\//);

  const second = images.nth(1);
  await expect(second).toHaveAttribute('loading', 'lazy');
  await expect(second).not.toHaveAttribute('fetchpriority', /.*/);
  await expect(second).toHaveAttribute('srcset', / 640w, .* 1600w$/);
});

/** The id of the first of this file's posts in the forum (one file each). */
async function firstPostId(page: Page): Promise<string | null> {
  await page.goto(`/forum?search=${word}`);
  return page
    .getByRole('list', { name: 'Post list' })
    .getByRole('article')
    .first()
    .getAttribute('data-post-id');
}

test("the detail carousel's first image is fetched at once with high priority, from a srcset", async ({
  page,
}) => {
  const id = await firstPostId(page);
  await page.goto(`/forum/detail/${id}`);
  const slide = page.getByRole('img', { name: /image 1 of 1/ });
  await expect(slide).toHaveAttribute('fetchpriority', 'high');
  await expect(slide).toHaveAttribute('srcset', /^\/ipfs\/\S+ 640w, \/ipfs\/\S+ 1600w$/);
  await expect(slide).toHaveAttribute('sizes', /100vw/);
});

test('a post with one file loads no carousel code; one with two loads it after hydrating', async ({
  page,
}) => {
  const id = await firstPostId(page);
  const single = recordScripts(page);
  await page.goto(`/forum/detail/${id}`);
  await expect(page.getByRole('img', { name: /image 1 of 1/ })).toBeVisible();
  await settle(page);
  expect(heavyPartsLoaded(single).has('carousel')).toBe(false);

  // The same check sees the carousel where there is something to move between: it can fail.
  const pair = recordScripts(page);
  await page.goto(`/forum/detail/${pairId}`);
  const carousel = page.getByRole('region', { name: 'Media' });
  await carousel.getByRole('button', { name: 'Next media' }).click();
  await expect(carousel.getByRole('button', { name: 'Show media 2 of 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  expect(heavyPartsLoaded(pair).has('carousel')).toBe(true);
});

// Issue 31: a phone on a slow network fetches scripts a few at a time, a round trip for each
// turn. The post page fetched 43 to become interactive while every module two screens shared
// was a chunk of its own; what screens share now comes in two (chunk-groups.ts): 22, then 20
// once what builds the shared schemas was left out of them.
const POST_PAGE_SCRIPTS_MAX = 26;

/** Opens the first of this file's posts; the scripts it loads, once it is interactive. */
async function openPostRecordingScripts(page: Page, request: APIRequestContext) {
  const listed = await request.get(`/api/v1/media/list?search=${word}`);
  const [post] = (await listed.json()) as PostListItem[];
  const scripts = recordScripts(page);
  await page.goto(`/forum/detail/${post!.id}`);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  expect(scripts.length).toBeGreaterThan(0);
  return scripts;
}

test(`a post page is interactive after at most ${POST_PAGE_SCRIPTS_MAX} scripts`, async ({
  page,
  request,
}) => {
  const scripts = await openPostRecordingScripts(page, request);
  expect(scripts.length).toBeLessThanOrEqual(POST_PAGE_SCRIPTS_MAX);
});

/** Counts the Intl objects the page makes (and ICU-backed locale calls) from its first script on. */
async function countIntlUse(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const used: string[] = [];
    (window as unknown as { intlUsed: string[] }).intlUsed = used;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of ['DateTimeFormat', 'NumberFormat', 'PluralRules', 'Collator', 'Segmenter']) {
      const Made = intl[name] as new (...args: unknown[]) => object;
      intl[name] = new Proxy(Made, {
        construct(target, args) {
          used.push(name);
          return new target(...args);
        },
      });
    }
    const localeMethods: [object, string][] = [
      [Number.prototype, 'toLocaleString'],
      [BigInt.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [String.prototype, 'localeCompare'],
    ];
    for (const [owner, name] of localeMethods) {
      const original = (owner as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      Object.defineProperty(owner, name, {
        value(this: unknown, ...args: unknown[]) {
          used.push(name);
          return original.apply(this, args);
        },
      });
    }
  });
  return () => page.evaluate(() => (window as unknown as { intlUsed: string[] }).intlUsed);
}

// Issue 31: the first Intl object a page makes sets up ICU, one long task on a slow phone
// (apps/web/src/lib/time.ts); the forum and a post show their times and counts without one.
test('the forum and a post become interactive without setting up Intl', async ({
  page,
  request,
}) => {
  const intlUsed = await countIntlUse(page);
  await page.goto(`/forum?search=${word}`);
  await expect(page.getByRole('list', { name: 'Post list' }).getByRole('article')).toHaveCount(2);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await settle(page);
  expect(await intlUsed()).toEqual([]);

  const listed = await request.get(`/api/v1/media/list?search=${word}`);
  const [post] = (await listed.json()) as PostListItem[];
  await page.goto(`/forum/detail/${post!.id}`);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await settle(page);
  expect(await intlUsed()).toEqual([]);

  // The same check sees Intl where a page does use it: it can fail.
  await page.evaluate(() => new Intl.NumberFormat('en').format(1));
  expect(await intlUsed()).toEqual(['NumberFormat']);
});

// Issue 31: building the shared schemas (zod) was one task of ~15 ms on the post page, which
// checks nothing until a reader writes: what screens share leaves it out (chunk-groups.ts).
test('a post becomes interactive without building the shared schemas; its sign-in form builds them', async ({
  page,
  request,
}) => {
  const scripts = await openPostRecordingScripts(page, request);
  await settle(page);
  expect(heavyPartsLoaded(scripts).has('zod')).toBe(false);

  // The same check sees zod where a form does check its fields: it can fail.
  await page
    .getByRole('button', { name: /^\d+ likes?$/ })
    .first()
    .click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => heavyPartsLoaded(scripts).has('zod')).toBe(true);
});
