import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import type { Comment, Notification } from '@symposia/shared';
import { createPost, createUser, likeViaApi, uniqueWord, type TestUser } from './fixtures/posts';
import { setLocalStorage } from './support';

/*
 * Notifications against the suite's server: the bell's count follows another member's replies
 * live (two browsers), its panel goes to the comment and marks read, and My Page's bell switches
 * (per kind, saved with the email choices: notification-emails.spec.ts) decide what is told.
 */

async function commentViaApi(
  request: APIRequestContext,
  user: TestUser,
  postId: string,
  comment: { content: string; parentId?: string; rootId?: string },
): Promise<Comment> {
  const response = await request.post('/api/v1/comments/create', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { postId, imageUrl: '', ...comment },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Comment;
}

async function commentsViaApi(request: APIRequestContext, postId: string): Promise<Comment[]> {
  const response = await request.get(`/api/v1/comments/post/${postId}?skip=0&limit=200`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Comment[];
}

async function notificationsViaApi(
  request: APIRequestContext,
  user: TestUser,
): Promise<Notification[]> {
  const response = await request.get('/api/v1/notifications', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Notification[];
}

const signIn = (page: Page, user: TestUser) => setLocalStorage(page, { access_token: user.token });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const section = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const commentBy = (scope: Page | Locator, author: string) =>
  scope.getByRole('article', { name: `Comment by ${author}` });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

test.describe('notifications', () => {
  test("the bell's count rises live when another member replies; opening one goes to the comment; Mark all as read clears it", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const author = await createUser(request, { prefix: 'ntau' });
    const replier = await createUser(request, { prefix: 'ntre' });
    const word = uniqueWord();
    const postId = await createPost(request, author, { title: `Notified ${word}` });
    const question = await commentViaApi(request, author, postId, {
      content: 'Does section 2 hold for larger codes?',
    });
    // Enough comments that the one linked to sits below the fold.
    for (let index = 0; index < 6; index += 1) {
      await commentViaApi(request, author, postId, { content: `Note ${index} on ${word}` });
    }

    // The author waits on the forum; the stream is read with the token in a header, never a URL.
    const streamUrls: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/notifications/stream')) streamUrls.push(sent.url());
    });
    await signIn(page, author);
    await page.goto('/forum');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect.poll(() => streamUrls.length).toBeGreaterThan(0);
    expect(streamUrls.every((url) => !url.includes(author.token))).toBe(true);

    // Another member, in another browser, replies to the author's comment and comments the post.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, replier);
    await otherPage.goto(`/forum/detail/${postId}`);
    await commentBy(otherPage, author.username)
      .filter({ hasText: 'Does section 2 hold' })
      .getByRole('button', { name: `Reply to ${author.username}` })
      .click();
    const replyBox = otherPage.getByRole('textbox', { name: `Reply to ${author.username}` });
    // It also names the author: a reply that mentions you is still one notification.
    await replyBox.fill(`@${author.username} It does, up to distance 11 (${word})`);
    await section(otherPage).getByRole('button', { name: 'Submit' }).click();
    await expect(commentBy(otherPage, replier.username)).toBeVisible();

    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('notification-badge')).toHaveText('1');

    // @name links to that member's profile, found by name.
    const mention = commentBy(otherPage, replier.username).getByRole('link', {
      name: `@${author.username}`,
    });
    await expect(mention).toHaveAttribute('href', `/author/@${author.username}`);
    await mention.click();
    await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText(author.username);
    await otherPage.goBack();

    await otherPage.getByRole('button', { name: 'Write a Comment' }).click();
    await section(otherPage).getByRole('textbox', { name: 'Your comment' }).fill('Clear write-up.');
    await section(otherPage).getByRole('button', { name: 'Submit' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread');
    await other.close();

    const reply = (await commentsViaApi(request, postId)).find(
      (comment) => comment.userId === replier.id && comment.parentId === question._id,
    );
    expect(reply).toBeDefined();

    // The panel: newest first, unread marked; opening the reply goes to it and marks it read.
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    const items = panel.getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(`${replier.username} commented on your post`);
    await expect(items.nth(1)).toContainText(`${replier.username} replied to your comment`);
    await expect(items.nth(1)).toContainText('Unread:');
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath('notification-panel.png') });
    await items.nth(1).getByRole('link').click();

    await expect(page).toHaveURL(`/forum/detail/${postId}#comment-${reply!._id}`);
    const target = page.locator(`#comment-${reply!._id}`);
    await expect(target).toBeFocused();
    await expect(target).toBeInViewport();
    await expect(target).toContainText('It does, up to distance 11');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');

    // Mark all as read: the count clears, here and for the server.
    await bell(page).click();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(panel.getByText('Unread:')).toHaveCount(0);
    const markAll = panel.getByRole('button', { name: 'Mark all as read' });
    await expect(markAll).toHaveAttribute('aria-disabled', 'true');
    await expect(markAll).toBeFocused();
    // Escape closes the panel and puts focus back on the bell.
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(bell(page)).toBeFocused();
    expect((await notificationsViaApi(request, author)).every((item) => item.read)).toBe(true);

    // Signed out: no bell.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/forum');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bell(page)).toHaveCount(0);
  });

  test("a kind's bell switch on My Page persists and decides what is told", async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'ntst' });
    const fan = await createUser(request, { prefix: 'ntfa' });
    const postId = await createPost(request, author, { title: `Liked ${uniqueWord()}` });
    await signIn(page, author);
    await page.goto('/mypage');

    await page.getByRole('button', { name: 'Settings' }).click();
    let settings = page.getByRole('dialog', { name: 'Settings' });
    const likes = settings.getByRole('switch', { name: 'Likes In the bell' });
    await expect(likes).toHaveAttribute('aria-checked', 'true');
    await expect(settings.getByRole('switch', { name: 'Replies In the bell' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expectNoSeriousViolations(page);
    const saved = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/v1/notifications/preferences') &&
        answer.request().method() === 'PUT',
    );
    await likes.click();
    await expect(likes).toHaveAttribute('aria-checked', 'false');
    await settings.getByRole('button', { name: 'Save notification preferences' }).click();
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByRole('switch', { name: 'Likes In the bell' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(settings.getByRole('switch', { name: 'Replies In the bell' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    // A like is not told any more; a comment still is.
    await likeViaApi(request, fan, postId);
    await commentViaApi(request, fan, postId, { content: 'Nice figures.' });
    await expect
      .poll(async () => (await notificationsViaApi(request, author)).map((item) => item.type))
      .toEqual(['comment']);
  });
});
