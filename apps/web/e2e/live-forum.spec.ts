import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { ownServerForSpec } from './fixtures/own-server';
import { createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';
import { setLocalStorage } from './support';

// Issue 31: a member with the forum open sees a post another member uploads appear once it is
// processed, without a reload — on the newest posts at once, elsewhere behind "New posts — show".
// A server of its own with its worker in-process: the suite's server processes nothing.
ownServerForSpec(83, { WORKER_CONCURRENCY: '1', WORKER_POLL_MS: '100' });

const postList = (page: Page) => page.getByRole('list', { name: 'Post list' });
const card = (page: Page, title: string) => postList(page).getByRole('article', { name: title });

/** Opens the forum address signed in as `reader`, once its live stream is connected. */
async function openForum(page: Page, reader: TestUser, address: string): Promise<void> {
  await setLocalStorage(page, { access_token: reader.token });
  const streaming = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/notifications/stream') && response.ok(),
  );
  await page.goto(address);
  await streaming;
  // Set in this document: still there at the end means no reload happened.
  await page.evaluate(() => {
    (window as Window & { sameDocument?: boolean }).sameDocument = true;
  });
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument === true);

test.describe('the forum live', () => {
  test("another member's post appears at the top of the forum once processed, without a reload", async ({
    page,
    request,
  }) => {
    const reader = await createUser(request, { prefix: 'lvr' });
    const author = await createUser(request, { prefix: 'lva' });
    const title = `Live ${uniqueWord('lv')}`;
    await openForum(page, reader, '/forum');

    await createPost(request, author, { title, tags: 'live' });

    await expect(card(page, title)).toBeVisible({ timeout: 30_000 });
    await expect(postList(page).getByRole('article').first()).toHaveAccessibleName(title);
    await expect(page.getByRole('button', { name: 'New posts — show' })).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);
  });

  test("on another sort the list stays put and offers 'New posts — show', which reads them in", async ({
    page,
    request,
  }) => {
    const reader = await createUser(request, { prefix: 'lvr' });
    const author = await createUser(request, { prefix: 'lva' });
    const title = `Oldest first ${uniqueWord('lv')}`;
    await openForum(page, reader, '/forum?sort=likes_asc');

    await createPost(request, author, { title });

    const show = page.getByRole('button', { name: 'New posts — show' });
    await expect(show).toBeVisible({ timeout: 30_000 });
    await expect(card(page, title)).toHaveCount(0);
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(card(page, title)).toBeVisible();
    await expect(show).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);
  });
});
