import { createHash } from 'node:crypto';
import { type Page } from '@playwright/test';
import { APP_LOADER_SCRIPT, EARLY_INPUT_SCRIPT, MESSAGES } from '@symposia/shared';
import { expect, test } from './fixtures/test';
import {
  commentViaApi,
  createPost,
  createUser,
  likeViaApi,
  uniqueWord,
  type TestUser,
} from './fixtures/posts';
import { setLocalStorage } from './support';

/**
 * Home, the forum and a post arrive rendered by the server (apps/web/src/entry-server.tsx through
 * apps/server/src/plugins/server-render.ts): their HTML shows the page before any script runs,
 * and the browser takes it over without asking again for what the HTML shows.
 */

/** The markup inside <div id="root">, the state script after it, from the HTML as sent. */
function splitPage(html: string) {
  const root =
    /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(
      html,
    );
  return { markup: root?.[1] ?? '', state: root?.[2] ?? '' };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every request to the API the page makes, and every console error or page error. */
function watch(page: Page) {
  const apiRequests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiRequests.push(`${url.pathname}${url.search}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { apiRequests, problems };
}

test.describe('pages rendered by the server', () => {
  let author: TestUser;
  let word: string;
  const titles: string[] = [];
  let postId: string;

  test.beforeAll(async ({ request }) => {
    author = await createUser(request);
    word = uniqueWord();
    for (const label of ['first', 'second & <third>']) {
      const title = `Server rendered ${word} ${label}`;
      titles.push(title);
      postId = await createPost(request, author, { title, summary: `About ${word}` });
    }
    await commentViaApi(request, author, postId, { content: `A first comment on ${word}` });
  });

  test('the forum HTML lists the first posts before any script runs, with its data embedded', async ({
    request,
  }) => {
    const answer = await request.get(`/forum?search=${word}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^text\/html/);
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const html = await answer.text();
    const { markup, state } = splitPage(html);
    for (const title of titles) expect(markup).toContain(escapeHtml(title));
    expect(html).toContain('<title>Community Forum · Symposia</title>');
    // The list the page shows travels with it, for the browser's query cache.
    const embedded = JSON.parse(state) as { queries: { queryKey: unknown[] }[] };
    expect(embedded.queries.map((query) => query.queryKey[1])).toContain('list');
    expect(state).toContain(`Server rendered ${word} first`);
    // Styles inline, so the HTML paints styled with no stylesheet request in the way.
    expect(/<style>([\s\S]*?)<\/style>/.exec(html)?.[1]?.length ?? 0).toBeGreaterThan(1000);
  });

  test('a post’s HTML holds its title; Home’s holds the home screen', async ({ request }) => {
    const detail = await (await request.get(`/forum/detail/${postId}`)).text();
    expect(splitPage(detail).markup).toContain(escapeHtml(titles[1]!));
    expect(detail).toContain(`<title>${escapeHtml(titles[1]!)} · Symposia</title>`);

    const home = await (await request.get('/')).text();
    expect(splitPage(home).markup).toContain('About Symposia');
  });

  test('an unknown post answers 404, and the page still says so once the browser has it', async ({
    page,
    request,
  }) => {
    const missing = `/forum/detail/${'0'.repeat(24)}`;
    expect((await request.get(missing)).status()).toBe(404);
    expect((await request.get(`/forum/detail/${postId}`)).status()).toBe(200);

    await page.goto(missing);
    await expect(
      page.getByRole('heading', { name: MESSAGES.postNotFoundTitle, level: 1 }),
    ).toBeVisible();
  });

  test('its two inline scripts are the ones the Content-Security-Policy allows, by their hashes', async ({
    request,
  }) => {
    const response = await request.get('/forum');
    const html = await response.text();
    // Every script but the embedded state (JSON, never run) and the app's own files.
    const inline = [...html.matchAll(/<script(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.map(([, text]) => text)).toEqual([EARLY_INPUT_SCRIPT, APP_LOADER_SCRIPT]);
    const hash = (script: string) => createHash('sha256').update(script).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(
      response.headers()['content-security-policy'] ?? '',
    );
    expect(scriptSrc?.[1]).toBe(
      `'self' 'sha256-${hash(EARLY_INPUT_SCRIPT)}' 'sha256-${hash(APP_LOADER_SCRIPT)}'`,
    );
  });

  test('the page paints before it asks for its scripts, then becomes interactive', async ({
    page,
  }) => {
    await page.goto(`/forum/detail/${postId}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/assets/') && entry.name.endsWith('.js'))
        .map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(1);
    // Every script after the paint (in the head itself, the preload scanner asked for them first).
    expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.paint);
  });

  test('the app does not load again the styles the page came with; a screen it opens brings its own', async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet')
        stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto(`/forum/detail/${postId}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    // By hydration the screen's chunk has loaded, and with it Vite's preload of its styles. No file
    // whose rules the page's <style> holds was asked for (nor applied) a second time.
    const inline = (await page.locator('head style').allTextContents()).join('\n');
    expect(inline.length).toBeGreaterThan(1000);
    for (const path of stylesheets) {
      const text = (await (await page.request.get(path)).text()).trim();
      expect(inline.includes(text), `${path} was inlined, then loaded again`).toBe(false);
    }
    // The screen's own rules still apply (post-detail-view.module.css, inlined and so marked).
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('overflow-wrap', 'anywhere');

    // Home's page has other files inlined; the forum the app opens from it brings its own.
    await page.goto('/');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    stylesheets.length = 0;
    await page.getByRole('navigation').getByRole('link', { name: 'Forum', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Post list' })).toHaveCSS('display', 'grid');
    expect(stylesheets.some((path) => path.startsWith('/assets/forum-'))).toBe(true);
  });

  test('screens of a member are left to the browser', async ({ request }) => {
    const html = await (await request.get('/mypage')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="ssr-state"');
  });

  test('text cannot break out of the embedded state', async ({ page, request }) => {
    const hostile = `</script><script>window.__ssrInjected = 1</script> ${uniqueWord()}`;
    await createPost(request, author, { title: hostile });
    const search = hostile.split(' ').at(-1)!;
    const html = await (await request.get(`/forum?search=${search}`)).text();
    expect(html).not.toContain('<script>window.__ssrInjected');
    expect(splitPage(html).state).not.toContain('</script>');

    await page.goto(`/forum?search=${search}`);
    await expect(page.getByRole('heading', { name: hostile, level: 3 })).toBeVisible();
    expect(await page.evaluate(() => (window as { __ssrInjected?: number }).__ssrInjected)).toBe(
      undefined,
    );
  });

  test('the forum hydrates from the HTML: no second list request, no hydration error', async ({
    page,
  }) => {
    const { apiRequests, problems } = watch(page);
    await page.goto(`/forum?search=${word}`);
    await expect(page.getByRole('heading', { name: titles[0], level: 3 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(apiRequests.filter((url) => url.startsWith('/api/v1/media/list'))).toEqual([]);
    expect(problems).toEqual([]);

    // Hydrated, so the page works: a sort button changes the address and loads that list.
    await page.getByRole('button', { name: /^Recent/ }).click();
    await expect(page).toHaveURL(/sort=time_desc/);
    await expect
      .poll(() => apiRequests.filter((url) => url.startsWith('/api/v1/media/list')).length)
      .toBe(1);
    await expect(page.getByRole('heading', { name: titles[0], level: 3 })).toBeVisible();
  });

  test('a post hydrates from the HTML without asking again for it or what its screen shows', async ({
    page,
    request,
  }) => {
    // Its comments, reviews, bounties and related posts are in the HTML too (issue 31): answers
    // asked for after hydration would render the screen again while it loads.
    const html = await (await request.get(`/forum/detail/${postId}`)).text();
    expect(splitPage(html).markup).toContain(`A first comment on ${word}`);
    const { apiRequests, problems } = watch(page);
    await page.goto(`/forum/detail/${postId}`);
    await expect(page.getByRole('heading', { name: titles[1], level: 1 })).toBeVisible();
    await expect(page.getByText(`A first comment on ${word}`)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(apiRequests).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('Home hydrates without an error', async ({ page }) => {
    const { problems } = watch(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Symposia', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Hydrated: the search box takes the visitor to the forum.
    await page.getByRole('searchbox').first().fill(word);
    await page.getByRole('searchbox').first().press('Enter');
    await expect(page).toHaveURL(new RegExp(`/forum\\?search=${word}`));
    expect(problems).toEqual([]);
  });

  test('a signed-in member gets the anonymous HTML, then their own view', async ({
    page,
    request,
  }) => {
    const reader = await createUser(request);
    await likeViaApi(request, reader, postId);
    await setLocalStorage(page, { access_token: reader.token });
    const { apiRequests, problems } = watch(page);

    await page.goto(`/forum/detail/${postId}`);
    // Their like shows once their own answer replaced what anyone sees.
    await expect(page.getByRole('button', { name: /like/, pressed: true })).toBeVisible();
    expect(apiRequests).toContain(`/api/v1/media/${postId}`);
    await page.goto(`/forum?search=${word}`);
    await expect(page.getByRole('heading', { name: titles[0], level: 3 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeVisible();
    // (The notification stream stays open: no waiting for the network to fall idle here.)
    expect(problems).toEqual([]);
  });
});
