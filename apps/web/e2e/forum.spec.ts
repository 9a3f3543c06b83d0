import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { FORUM_COUNTERS, FORUM_PAGE_SIZE, MESSAGES } from '@symposia/shared';
import {
  createPost,
  createUser,
  files,
  likeViaApi,
  uniqueWord,
  type TestUser,
} from './fixtures/posts';

// An avatar path of the form the avatar upload hands out, for content this server does not hold.
const MISSING_AVATAR = '/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy';

const postList = (page: Page) => page.getByRole('list', { name: 'Post list' });
const cards = (page: Page) => postList(page).getByRole('article');
const cardTitles = (page: Page) => postList(page).getByRole('heading', { level: 3 });
const card = (page: Page, title: string) => postList(page).getByRole('article', { name: title });
const hot = (page: Page) => page.getByRole('button', { name: /^Hot/ });
const recent = (page: Page) => page.getByRole('button', { name: /^Recent/ });

/** How far below its box an element's shadow and lift reach: y offset, blur, spread and lift. */
const shadowReach = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    // "rgb(…) 0px 4px 16px 0px": x, y, blur and spread.
    const [y = 0, blur = 0, spread = 0] = [...style.boxShadow.matchAll(/(-?[\d.]+)px/g)]
      .slice(1)
      .map((match) => Math.abs(Number(match[1])));
    const lift = style.transform === 'none' ? 0 : Math.abs(new DOMMatrix(style.transform).m42);
    return y + blur + spread + lift;
  });

/** Whether a media element is paused, read from the page. */
const isPaused = (video: Locator) => video.evaluate((element: HTMLVideoElement) => element.paused);

test.describe('forum list', () => {
  let author: TestUser;

  test.beforeAll(async ({ request }) => {
    author = await createUser(request);
  });

  test('the hero shows the counters; ?search= pre-fills the box and lists only matches; Search updates the address', async ({
    page,
    request,
  }) => {
    const word = uniqueWord();
    const other = uniqueWord();
    await createPost(request, author, { title: `Lattice ${word} one`, tags: 'physics' });
    await createPost(request, author, { title: `Lattice ${word} two` });
    await createPost(request, author, { title: `Unrelated ${other}` });

    await page.goto(`/forum?search=${word}`);

    await expect(page.getByRole('heading', { name: 'Community Forum', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Community Forum · Symposia');
    for (const counter of FORUM_COUNTERS) {
      await expect(page.getByText(counter.value, { exact: true })).toBeVisible();
      await expect(page.getByText(counter.label, { exact: true })).toBeVisible();
    }
    const box = page.getByRole('searchbox', { name: 'Search posts' });
    await expect(box).toHaveValue(word);
    // Relevance decides their order; what matters is that exactly these two are listed.
    await expect(cards(page)).toHaveCount(2);
    expect((await cardTitles(page).allTextContents()).sort()).toEqual([
      `Lattice ${word} one`,
      `Lattice ${word} two`,
    ]);
    await expect(cards(page)).toHaveCount(2);
    await expect(card(page, `Lattice ${word} one`).getByText('#physics')).toBeVisible();

    await box.fill(other);
    await page.getByRole('button', { name: 'Search' }).click();

    await expect(page).toHaveURL(new RegExp(`/forum\\?search=${other}$`));
    await expect(cardTitles(page)).toHaveText([`Unrelated ${other}`]);

    await page.goBack();
    await expect(box).toHaveValue(word);
    await expect(cards(page)).toHaveCount(2);
  });

  test("a search without results says 'No posts found' and what was searched", async ({ page }) => {
    const word = uniqueWord();
    await page.goto(`/forum?search=${word}`);
    await expect(page.getByText('No posts found')).toBeVisible();
    await expect(page.getByText(word, { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('Hot and Recent cycle none → descending → ascending → none, exclude each other, and order the list', async ({
    page,
    request,
  }) => {
    const word = uniqueWord();
    // Created in this order (oldest first), with 0, 2 and 1 likes from different members.
    const titles = { a: `Alpha ${word}`, b: `Beta ${word}`, c: `Gamma ${word}` };
    await createPost(request, author, { title: titles.a });
    const b = await createPost(request, author, { title: titles.b });
    const c = await createPost(request, author, { title: titles.c });
    const [fan1, fan2] = await Promise.all([createUser(request), createUser(request)]);
    await likeViaApi(request, fan1, b);
    await likeViaApi(request, fan2, b);
    await likeViaApi(request, fan1, c);

    await page.goto(`/forum?search=${word}`);
    await expect(cards(page)).toHaveCount(3);
    await expect(hot(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(recent(page)).toHaveAttribute('aria-pressed', 'false');

    await hot(page).click();
    await expect(page).toHaveURL(/sort=likes_desc/);
    await expect(hot(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(hot(page)).toContainText('↓');
    await expect(cardTitles(page)).toHaveText([titles.b, titles.c, titles.a]);
    await expect(card(page, titles.b).getByTestId('like-count')).toHaveText('2 likes');

    await hot(page).click();
    await expect(page).toHaveURL(/sort=likes_asc/);
    await expect(hot(page)).toContainText('↑');
    await expect(cardTitles(page)).toHaveText([titles.a, titles.c, titles.b]);

    await hot(page).click();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(hot(page)).toHaveAttribute('aria-pressed', 'false');

    await recent(page).click();
    await expect(page).toHaveURL(/sort=time_desc/);
    await expect(cardTitles(page)).toHaveText([titles.c, titles.b, titles.a]);

    await recent(page).click();
    await expect(page).toHaveURL(/sort=time_asc/);
    await expect(cardTitles(page)).toHaveText([titles.a, titles.b, titles.c]);

    // Pressing Hot resets Recent.
    await hot(page).click();
    await expect(recent(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(hot(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/sort=likes_desc/);
    await expect(cardTitles(page)).toHaveText([titles.b, titles.c, titles.a]);

    // The sort lives in the address: a reload keeps it.
    await page.reload();
    await expect(hot(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(cardTitles(page)).toHaveText([titles.b, titles.c, titles.a]);
  });

  test('more posts load on scrolling, and the scroll position comes back after visiting a post', async ({
    page,
    request,
  }) => {
    const word = uniqueWord();
    const total = FORUM_PAGE_SIZE + 4;
    for (let index = 0; index < total; index += 1) {
      await createPost(request, author, {
        title: `Scroll ${word} ${String(index).padStart(2, '0')}`,
        files: [files.png(`p${index}.png`, [20 + index * 8, 80, 120])],
      });
    }
    const forumUrl = `/forum?search=${word}&sort=time_asc`;

    await page.goto(forumUrl);
    await expect(cards(page)).toHaveCount(FORUM_PAGE_SIZE);
    await page.mouse.wheel(0, 20_000);
    await expect(cards(page)).toHaveCount(total);
    // The last page was short: nothing more to load.
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    const target = card(page, `Scroll ${word} 21`);
    await target.scrollIntoViewIfNeeded();
    const savedY = await page.evaluate(() => {
      window.scrollTo(0, window.scrollY + 120);
      return window.scrollY;
    });
    expect(savedY).toBeGreaterThan(500);
    await expect
      .poll(() =>
        page.evaluate(
          (key) => JSON.parse(window.sessionStorage.getItem(key) ?? 'null') as unknown,
          `forum-scroll:${forumUrl}`,
        ),
      )
      .toEqual({ y: savedY, pages: 2 });

    const id = await target.getAttribute('data-post-id');
    await page.goto(`/forum/detail/${id}`);
    await expect(page.getByRole('heading', { name: `Scroll ${word} 21`, level: 1 })).toBeVisible();
    await page.goBack();

    await expect(page).toHaveURL(forumUrl);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(savedY);
    await expect(target).toBeInViewport();
  });

  test('a card opens the post in a new tab (click or Enter), with the forum location for Back', async ({
    page,
    context,
    request,
  }) => {
    const word = uniqueWord();
    const title = `Tab ${word}`;
    const id = await createPost(request, author, { title });
    const forumUrl = `/forum?search=${word}&sort=time_desc`;
    await page.goto(forumUrl);

    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      card(page, title).getByRole('heading').click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(`/forum/detail/${id}`);
    expect(new URL(popup.url()).searchParams.get('from')).toBe(forumUrl);
    await expect(popup.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    // The forum stays where it was.
    await expect(page).toHaveURL(forumUrl);

    await card(page, title).focus();
    const [second] = await Promise.all([
      context.waitForEvent('page'),
      page.keyboard.press('Enter'),
    ]);
    await second.waitForLoadState();
    expect(new URL(second.url()).pathname).toBe(`/forum/detail/${id}`);
  });

  test('videos play from their card without opening the post, one at a time', async ({
    page,
    context,
    request,
  }) => {
    const word = uniqueWord();
    await createPost(request, author, { title: `Clip A ${word}`, files: [files.video('a.webm')] });
    await createPost(request, author, { title: `Clip B ${word}`, files: [files.video('b.webm')] });
    await page.goto(`/forum?search=${word}&sort=time_asc`);

    const cardA = card(page, `Clip A ${word}`);
    const cardB = card(page, `Clip B ${word}`);
    await expect(cardA.getByText('Video', { exact: true })).toBeVisible();
    const videoA = cardA.locator('video');
    const videoB = cardB.locator('video');

    await cardA.getByRole('button', { name: `Play video: Clip A ${word}` }).click();
    await expect.poll(() => isPaused(videoA)).toBe(false);
    await expect(cardA.getByRole('button', { name: `Pause video: Clip A ${word}` })).toBeVisible();

    await cardB.getByRole('button', { name: `Play video: Clip B ${word}` }).click();
    await expect.poll(() => isPaused(videoB)).toBe(false);
    await expect.poll(() => isPaused(videoA)).toBe(true);
    await expect(cardA.getByRole('button', { name: `Play video: Clip A ${word}` })).toBeVisible();

    await cardB.getByRole('button', { name: `Pause video: Clip B ${word}` }).click();
    await expect.poll(() => isPaused(videoB)).toBe(true);
    expect(context.pages()).toHaveLength(1);
    await expect(page).toHaveURL(/\/forum\?/);
  });

  test('a broken image falls back to the bundled placeholder; a broken avatar to initials', async ({
    page,
    request,
  }) => {
    const word = uniqueWord();
    const member = await createUser(request, { avatar: MISSING_AVATAR });
    await createPost(request, member, { title: `Broken ${word}` });
    await page.route('**/ipfs/**', (route) => route.abort());

    await page.goto(`/forum?search=${word}`);

    const postCard = card(page, `Broken ${word}`);
    const image = postCard.getByRole('img', { name: `Image of the post: Broken ${word}` });
    await expect(image).toHaveAttribute('src', '/placeholders/image.svg');
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    const avatar = postCard.getByRole('img', { name: `${member.username}'s avatar` });
    await expect(avatar).toHaveText(member.username.slice(0, 1).toUpperCase());
    expect(await avatar.evaluate((element) => element.tagName)).toBe('SPAN');
  });

  test(`a failed list call says '${MESSAGES.postListFailed}' with an empty list`, async ({
    page,
  }) => {
    await page.route('**/api/v1/media/list**', (route) =>
      route.fulfill({ status: 500, json: { detail: MESSAGES.internalError } }),
    );
    // The server renders /forum with its list: the browser asks for it when arriving from a link.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Forum' })
      .click();

    await expect(page.getByRole('alert')).toHaveText(
      /Failed to load posts\. Please try again later\./,
      {
        timeout: 15_000,
      },
    );
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Community Forum', level: 1 })).toBeVisible();
  });

  test('cards after the first two wait for the screen to be laid out, and show their focus ring and hover shadow whole', async ({
    page,
    request,
  }) => {
    const word = uniqueWord();
    for (const index of [1, 2, 3]) {
      await createPost(request, author, { title: `Layout ${index} ${word}` });
    }
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`/forum?search=${word}&sort=time_asc`);
    await expect(cards(page)).toHaveCount(3);
    const items = postList(page).locator(':scope > li');
    const contentVisibility = (item: Locator) =>
      item.evaluate((element) => getComputedStyle(element).contentVisibility);
    expect(await contentVisibility(items.nth(0))).toBe('visible');
    expect(await contentVisibility(items.nth(1))).toBe('visible');
    expect(await contentVisibility(items.nth(2))).toBe('auto');

    // Such an item clips its paint at its edges: its margin must hold what the card draws outside.
    const third = card(page, `Layout 3 ${word}`);
    await card(page, `Layout 2 ${word}`).focus();
    await page.keyboard.press('Tab');
    await expect(third).toBeFocused();
    const clipMargin = await items
      .nth(2)
      .evaluate((element) => parseFloat(getComputedStyle(element).overflowClipMargin));
    const ring = await third.evaluate((element) => {
      const style = getComputedStyle(element);
      return parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    });
    expect(ring).toBeGreaterThan(0);
    expect(clipMargin).toBeGreaterThanOrEqual(ring);
    await third.hover();
    await third.evaluate((element) =>
      Promise.all(element.getAnimations().map((animation) => animation.finished)),
    );
    expect(clipMargin).toBeGreaterThanOrEqual(await shadowReach(third));
  });

  test('has no serious accessibility violations and nothing wider than the screen; screenshots at 390 and 1280', async ({
    page,
    request,
  }, testInfo) => {
    const word = uniqueWord();
    const member = await createUser(request, { avatar: MISSING_AVATAR });
    await createPost(request, author, {
      title: `Figures of ${word}`,
      summary: 'Error rates of surface codes across code distances.',
      tags: 'physics, quantum',
    });
    await createPost(request, member, {
      title: `Experiment ${word}`,
      summary: 'A ten second recording of the test pattern.',
      files: [files.video()],
    });
    await createPost(request, author, {
      title: `Paper ${word}`,
      summary: 'The full write-up.',
      tags: 'paper',
      files: [files.pdf()],
    });

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/forum?search=${word}&sort=time_asc`);
      await expect(cards(page)).toHaveCount(3);
      await expect(
        card(page, `Paper ${word}`).getByText('Document', { exact: true }),
      ).toBeVisible();
      // Nothing is wider than the screen: the review-status filter's row wraps on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      const filters = page.getByRole('group', { name: 'Filter by review status' });
      for (const button of await filters.getByRole('button').all()) {
        const box = await button.boundingBox();
        expect(box && box.x + box.width, await button.innerText()).toBeLessThanOrEqual(width);
        // One line of text: "In review" does not break inside its pill.
        expect(box?.height).toBeLessThanOrEqual(48);
      }
      await page.screenshot({ path: testInfo.outputPath(`forum-${width}.png`), fullPage: true });

      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
    }
  });
});
