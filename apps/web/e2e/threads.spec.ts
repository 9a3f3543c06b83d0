import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { COMMENT_ROOTS_DEFAULT_LIMIT, type Comment } from '@symposia/shared';
import { createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';
import { ownServerPort, startOwnServer } from './fixtures/own-server';
import { setLocalStorage } from './support';

/*
 * A post with a long discussion: the post detail loads its top-level comments a page at a time as
 * the reader scrolls (GET /comments/post/{id}/roots), a thread's replies when asked for
 * (GET /comments/{id}/replies), and never the whole thread at once (?limit=2000). Its own server,
 * so the comments can be seeded quickly (COMMENT_RATE_LIMIT_MAX).
 */

const port = ownServerPort(47);
test.use({ baseURL: `http://127.0.0.1:${port}` });

const ROOTS = COMMENT_ROOTS_DEFAULT_LIMIT * 2 + 5;
/** The top-level comment (by age, 0 the oldest) whose thread has many replies: on the last page. */
const BUSY = 2;
const REPLIES = 8;

let server: Awaited<ReturnType<typeof startOwnServer>>;
let author: TestUser;
let postId: string;

async function commentViaApi(
  request: APIRequestContext,
  user: TestUser,
  comment: { content: string; parentId?: string },
): Promise<Comment> {
  const response = await request.post('/api/v1/comments/create', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { postId, imageUrl: '', ...comment },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Comment;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  server = await startOwnServer(port, { COMMENT_RATE_LIMIT_MAX: '100000' });
  const request = await playwright.request.newContext({ baseURL: server.url });
  author = await createUser(request, { prefix: 'thr' });
  postId = await createPost(request, author, { title: `Long discussion ${uniqueWord()}` });
  for (let index = 0; index < ROOTS; index += 1) {
    const root = await commentViaApi(request, author, { content: `Root number ${index}` });
    if (index !== BUSY) continue;
    let parent = root;
    for (let reply = 0; reply < REPLIES; reply += 1) {
      // Every other reply answers the one before (level 3), the rest the root (level 2).
      const answered = await commentViaApi(request, author, {
        content: `Reply number ${reply}`,
        parentId: reply % 2 === 1 ? parent._id : root._id,
      });
      parent = answered;
    }
  }
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

const section = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const roots = (page: Page) => section(page).locator('article[data-level="1"]');

test('a long discussion loads a page at a time, and a new reply shows at once in place', async ({
  page,
  playwright,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/comments')) asked.push(request.url());
  });
  const request = await playwright.request.newContext({ baseURL: server.url });
  const reader = await createUser(request, { prefix: 'thrr' });
  await request.dispose();
  await setLocalStorage(page, { access_token: reader.token });
  await page.goto(`/forum/detail/${postId}`);

  // The first page: the newest top-level comments, each with its first reply.
  await expect(roots(page)).toHaveCount(COMMENT_ROOTS_DEFAULT_LIMIT);
  await expect(section(page).getByRole('heading', { level: 2 })).toHaveText(
    `Comments (${ROOTS + REPLIES})`,
  );
  await expect(roots(page).first()).toContainText(`Root number ${ROOTS - 1}`);
  await expect(section(page).getByText('Root number 0', { exact: true })).toHaveCount(0);

  // Scrolling down brings the next pages.
  await expect(async () => {
    await section(page).getByRole('article').last().scrollIntoViewIfNeeded();
    await expect(roots(page)).toHaveCount(ROOTS, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(section(page).getByRole('button', { name: 'Load more comments' })).toHaveCount(0);

  // The busy thread shows its first reply; the rest load on "Show 7 more replies".
  const thread = section(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(`Root number ${BUSY}`, { exact: true }) });
  await expect(thread.getByText(/^Reply number/)).toHaveCount(1);
  await thread.getByRole('button', { name: `Show ${REPLIES - 1} more replies` }).click();
  await expect(thread.getByText(/^Reply number/)).toHaveCount(REPLIES);
  await expect(thread.getByText(/^Reply number/).last()).toHaveText(`Reply number ${REPLIES - 1}`);

  // A reply to a reply appears at once, last in the same thread (level 3).
  const replies = thread.getByRole('list', { name: /^Replies to / });
  await replies
    .getByRole('button', { name: `Reply to ${author.username}` })
    .first()
    .click();
  const box = thread.getByRole('textbox', { name: `Reply to ${author.username}` });
  await box.fill(`@${author.username} a late thought`);
  await thread.getByRole('button', { name: 'Submit' }).click();
  const mine = replies.getByRole('article', { name: `Comment by ${reader.username}` });
  await expect(mine).toBeVisible();
  await expect(mine).toHaveAttribute('data-level', '3');
  await expect(replies.getByRole('article').last()).toHaveAttribute(
    'aria-label',
    `Comment by ${reader.username}`,
  );
  await expect(section(page).getByRole('heading', { level: 2 })).toHaveText(
    `Comments (${ROOTS + REPLIES + 1})`,
  );

  // The whole discussion was never asked for at once.
  expect(asked.some((url) => url.includes('/roots'))).toBe(true);
  expect(asked.some((url) => url.includes('/replies'))).toBe(true);
  expect(asked.filter((url) => /[?&]limit=2000\b/.test(url))).toEqual([]);
  expect(asked.filter((url) => /\/comments\/post\/[^/?]+(\?|$)/.test(url))).toEqual([]);
});
