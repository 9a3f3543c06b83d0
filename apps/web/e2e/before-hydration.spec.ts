import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request } from '@playwright/test';
import { EARLY_CLICK_ATTRIBUTE } from '@symposia/shared';
import { installPhantom, shortAddress } from './fixtures/phantom';
import {
  createPost,
  createUser,
  getPostViaApi,
  likeViaApi,
  uniqueWord,
  type TestUser,
} from './fixtures/posts';
import { hydrated } from './support';

/*
 * Clicks before hydration (issue 32). Each page is loaded under a 4× CPU slowdown with the app's
 * entry script held back by the test, so the clicks land on the server's HTML alone: the links and
 * GET forms (search, sort, the review filter) are answered by the server, the forum's cards open
 * in a new tab, and every other button (Like, Connect Wallet, the language, Cite) is kept by the
 * page's inline script and pressed once by the app after it hydrates, when the test lets it load.
 * Playwright's plain `test`: the suite's goto waits for hydration, which these tests hold back.
 */

const manifestFile = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));

/** The app's entry script, as the build names it. */
function entryScript(): string {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build manifest names no entry');
  return `/${entry.file}`;
}

/**
 * Slows the page's CPU 4× and holds the app's entry script back until `release()`: until then no
 * page it loads hydrates. `held()` counts the entry's requests held so far.
 */
async function slowAndUnhydrated(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const entry = entryScript();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      held += 1;
      await released;
      await route.continue();
    },
  );
  return { release, held: () => held };
}

/** The HTML has arrived and shows `ready`; the entry is requested and held, nothing hydrated. */
async function serverHtmlOnly(page: Page, held: () => number) {
  await expect.poll(held).toBeGreaterThan(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
}

/** The app has hydrated the page and pressed what was pressed before (src/main.tsx's mark). */
async function pressesReplayed(page: Page) {
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('data-early-presses', 'replayed');
}

/** Goes to `path` and returns once the server's HTML is there (the app is held back). */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
}

const postList = (page: Page) => page.getByRole('list', { name: 'Post list' }).getByRole('article');

let author: TestUser;
let liker: TestUser;
const word = uniqueWord('hy');
const titles = { liked: `Liked ${word}`, newer: `Newer ${word}` };
let likedId = '';
let newerId = '';

test.beforeAll(async ({ request }) => {
  author = await createUser(request, { prefix: 'hyd' });
  liker = await createUser(request, { prefix: 'hyl' });
  likedId = await createPost(request, author, { title: titles.liked });
  newerId = await createPost(request, author, { title: titles.newer });
  await likeViaApi(request, liker, likedId);
});

test('search, sort and the review filter of the forum work before hydration, as GET forms', async ({
  page,
}) => {
  const app = await slowAndUnhydrated(page);
  await open(page, '/forum');
  const search = page.getByRole('searchbox', { name: 'Search posts' });
  await expect(search).toBeVisible();
  await serverHtmlOnly(page, app.held);

  await search.fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/forum\\?search=${word}$`));
  // Newest first: the server rendered the list of the address the form led to.
  await expect(postList(page)).toHaveCount(2);
  await expect(postList(page).first()).toContainText(titles.newer);
  await serverHtmlOnly(page, app.held);

  await page.getByRole('button', { name: /^Hot/ }).click();
  await expect(page).toHaveURL(new RegExp(`/forum\\?search=${word}&sort=likes_desc$`));
  await expect(page.getByRole('button', { name: /^Hot/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(postList(page).first()).toContainText(titles.liked);

  await page.getByRole('button', { name: 'Validated' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/forum\\?search=${word}&sort=likes_desc&review_status=validated$`),
  );
  await expect(page.getByRole('button', { name: 'Validated' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(postList(page)).toHaveCount(0);
  await serverHtmlOnly(page, app.held);
});

test("Home's search opens the forum with the query before hydration, and an empty one nothing", async ({
  page,
}) => {
  const app = await slowAndUnhydrated(page);
  await open(page, '/');
  const search = page.getByRole('searchbox', { name: 'Search the forum' });
  await expect(search).toBeVisible();
  await serverHtmlOnly(page, app.held);
  // An empty query (spaces only) does nothing, as it does once the app runs (spec §2).
  await search.fill('   ');
  await search.press('Enter');
  await expect(search).toHaveValue('   ', { timeout: 5_000 });
  await page.getByRole('button', { name: 'Explore' }).click({ timeout: 5_000 });
  await expect(page).toHaveURL(/\/$/);
  await expect(search).toHaveValue('   ');
  await serverHtmlOnly(page, app.held);
  await search.fill(word);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/forum\\?search=${word}$`));
  await expect(postList(page)).toHaveCount(2);
});

test('an image that failed before hydration falls back to the placeholder once the app runs', async ({
  page,
}) => {
  await page.route('**/ipfs/**', (route) => route.abort());
  const app = await slowAndUnhydrated(page);
  await open(page, `/forum?search=${word}`);
  const image = postList(page)
    .filter({ hasText: titles.newer })
    .getByRole('img', { name: `Image of the post: ${titles.newer}` });
  // Broken while only the server's HTML is there: no onError of the app heard it, and React does
  // not load a hydrated image again; the failure is fired again once React listens
  // (src/app/ssr/media-errors.ts).
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete))
    .toBe(true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(0);
  await serverHtmlOnly(page, app.held);
  app.release();
  await hydrated(page);
  await expect(image).toHaveAttribute('src', '/placeholders/image.svg');
});

test("a forum card opens its post in a new tab before hydration, remembering the forum's address", async ({
  page,
}) => {
  const app = await slowAndUnhydrated(page);
  await open(page, `/forum?search=${word}`);
  await expect(postList(page)).toHaveCount(2);
  await serverHtmlOnly(page, app.held);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('heading', { name: titles.liked }).click(),
  ]);
  await tab.waitForURL(/\/forum\/detail\//);
  expect(new URL(tab.url()).pathname).toBe(`/forum/detail/${likedId}`);
  expect(new URL(tab.url()).searchParams.get('from')).toBe(`/forum?search=${word}`);
  await expect(tab.getByRole('heading', { name: titles.liked, level: 1 })).toBeVisible();
  await tab.close();
});

test.describe('a member', () => {
  let member: TestUser;

  test.beforeEach(async ({ page, request }) => {
    member = await createUser(request, { prefix: 'hym' });
    await page.addInitScript((token) => {
      window.localStorage.setItem('access_token', token);
    }, member.token);
  });

  /** Every like the page sends. */
  function recordLikes(page: Page): Request[] {
    const likes: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/like$/.test(new URL(request.url()).pathname)) {
        likes.push(request);
      }
    });
    return likes;
  }

  test('a like pressed (twice) before hydration is sent once after it, and counted once', async ({
    page,
    request,
  }) => {
    const id = await createPost(request, author, { title: `Like me ${uniqueWord()}` });
    const likes = recordLikes(page);
    const app = await slowAndUnhydrated(page);
    await open(page, `/forum/detail/${id}`);
    const like = page.getByRole('button', { name: '0 likes' });
    await expect(like).toBeVisible();
    await serverHtmlOnly(page, app.held);

    await like.click();
    await like.click();
    // Heard, and shown as heard, but nothing sent: the member's token is the app's to use.
    await expect(like).toHaveAttribute(EARLY_CLICK_ATTRIBUTE);
    expect(likes).toHaveLength(0);

    app.release();
    await pressesReplayed(page);
    const liked = page.getByRole('button', { name: '1 like' });
    await expect(liked).toHaveAttribute('aria-pressed', 'true');
    await expect(liked).not.toHaveAttribute(EARLY_CLICK_ATTRIBUTE);
    // Counted once: a second like would have taken it back.
    await expect
      .poll(async () => {
        const post = await getPostViaApi(request, id, member);
        return { liked: post.liked, likes: post.likes };
      })
      .toEqual({ liked: true, likes: 1 });
    expect(likes).toHaveLength(1);
  });

  test('a like pressed before hydration on a post the member already likes leaves it liked', async ({
    page,
    request,
  }) => {
    const id = await createPost(request, author, { title: `Liked before ${uniqueWord()}` });
    await likeViaApi(request, member, id);
    const likes = recordLikes(page);
    const app = await slowAndUnhydrated(page);
    await open(page, `/forum/detail/${id}`);
    // The server's page is what anyone sees: not liked by this reader.
    const like = page.getByRole('button', { name: '1 like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await serverHtmlOnly(page, app.held);
    await like.click();

    app.release();
    await pressesReplayed(page);
    // The member's own view came first and showed the press done: not pressed again (which would
    // have taken the like back, turning the heart off for good).
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).not.toHaveAttribute(EARLY_CLICK_ATTRIBUTE);
    expect(likes).toHaveLength(0);
    expect((await getPostViaApi(request, id, member)).liked).toBe(true);
  });
});

test('Connect Wallet, the language switch and Cite pressed before hydration act once after it', async ({
  page,
}) => {
  const phantom = await installPhantom(page, { trusted: false });
  const app = await slowAndUnhydrated(page);
  await open(page, `/forum/detail/${newerId}`);
  const header = page.getByRole('banner');
  const connect = header.getByRole('button', { name: 'Connect Wallet' });
  await expect(connect).toBeVisible();
  await serverHtmlOnly(page, app.held);

  await connect.click();
  await page.getByRole('button', { name: 'Cite', exact: true }).click();
  await header.getByRole('button', { name: /Choose the language of the interface/ }).click();

  app.release();
  await pressesReplayed(page);
  await expect(header.getByText(shortAddress(phantom.address))).toBeVisible();
  expect((await phantom.calls()).filter((call) => !call.onlyIfTrusted)).toEqual([
    { method: 'connect' },
  ]);
  // Cite opened its dialog, and the interface turned Chinese.
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(header.getByRole('button', { name: /English/ })).toBeVisible();
});
