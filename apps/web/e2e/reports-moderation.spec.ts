import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES, type Comment, type ModerationQueueItem } from '@symposia/shared';
import { createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';
import { expectAllChinese } from './fixtures/chinese';
import {
  ownServerPort,
  startServerWithModerator,
  type startOwnServer,
} from './fixtures/own-server';
import { setLocalStorage } from './support';

/*
 * Reports and moderation against the real server, which this file starts itself: a moderator
 * needs ADMIN_USERNAMES, and that names accounts that exist when the server starts. So the server
 * starts, the moderator registers, and it starts again with ADMIN_USERNAMES naming them; every
 * test of the file shares it.
 */

const port = ownServerPort(41);
test.use({ baseURL: `http://127.0.0.1:${port}` });

let server: Awaited<ReturnType<typeof startOwnServer>>;
let moderator: TestUser;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  ({ server, moderator } = await startServerWithModerator(playwright, port));
});

test.afterAll(async () => {
  await server?.stop();
});

async function commentViaApi(
  request: APIRequestContext,
  user: TestUser,
  postId: string,
  content: string,
): Promise<Comment> {
  const response = await request.post('/api/v1/comments/create', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { postId, imageUrl: '', content },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Comment;
}

async function reportViaApi(
  request: APIRequestContext,
  user: TestUser,
  target: { target_type: 'post' | 'comment' | 'review' | 'user'; target_id: string },
  reason = 'spam',
  note = '',
) {
  const response = await request.post('/api/v1/reports', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { ...target, reason, note },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in as `user` only: whatever an earlier sign-in in the page cached is forgotten. */
async function signIn(page: Page, user: TestUser) {
  if (page.url() !== 'about:blank') await page.evaluate(() => window.localStorage.clear());
  await setLocalStorage(page, { access_token: user.token });
}

const commentBy = (scope: Page | Locator, author: string) =>
  scope.getByRole('article', { name: `Comment by ${author}` });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

test.describe('reports and moderation', () => {
  test('report a comment; a moderator hides it from the queue; visitors no longer see it, its author sees it marked', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const author = await createUser(request, { prefix: 'rmau' });
    const spammer = await createUser(request, { prefix: 'rmsp' });
    const reporter = await createUser(request, { prefix: 'rmre' });
    const word = uniqueWord();
    const postId = await createPost(request, author, { title: `Reported ${word}` });
    const spam = await commentViaApi(request, spammer, postId, `Cheap pills ${word}`);
    await commentViaApi(request, reporter, postId, 'A fair question about the method.');

    // The reporter reports the comment: a reason, a note, then thanks; a second report is refused.
    await signIn(page, reporter);
    await page.goto(`/forum/detail/${postId}`);
    const spamComment = commentBy(page, spammer.username);
    await expect(spamComment).toContainText(`Cheap pills ${word}`);
    await expect(
      commentBy(page, reporter.username).getByRole('button', { name: /^Report/ }),
    ).toHaveCount(0);
    await spamComment
      .getByRole('button', { name: `Report the comment by ${spammer.username}` })
      .click();
    let dialog = page.getByRole('dialog', { name: 'Report this comment' });
    await expect(dialog.getByRole('radio', { name: /^Spam/ })).toBeFocused();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason')).toBeVisible();
    await dialog.getByRole('radio', { name: /^Spam/ }).check();
    const note = dialog.getByRole('textbox', { name: /^Note for the moderators/ });
    await note.fill('Advertising, twice today');
    await expect(dialog.getByText('24 / 500 characters')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('report-dialog.png') });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(MESSAGES.reportSent)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await spamComment.getByRole('button', { name: /^Report/ }).click();
    dialog = page.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByRole('radio', { name: /^Abuse/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.reportAlreadyOpen);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The moderator finds it in the queue, in place, and hides it with a note.
    await signIn(page, moderator);
    await page.goto('/moderation');
    await expect(page.getByRole('navigation', { name: 'Main' })).toContainText('Moderation');
    await expect(page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    const item = page.getByRole('article', { name: `Comment by ${spammer.username}` });
    await expect(item).toContainText(`Cheap pills ${word}`);
    await expect(item).toContainText('1 report');
    await expect(item.getByRole('listitem').filter({ hasText: 'Spam' })).toBeVisible();
    await expect(item).toContainText(`${reporter.username}: Advertising, twice today`);
    await expect(item.getByRole('link', { name: /^Open in place/ })).toHaveAttribute(
      'href',
      `/forum/detail/${postId}#comment-${spam._id}`,
    );
    await page.screenshot({ path: testInfo.outputPath('moderation-queue.png'), fullPage: true });
    await item.getByRole('button', { name: 'Hide' }).click();
    dialog = page.getByRole('dialog', { name: `Hide the comment by ${spammer.username}?` });
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect(dialog.getByText('a note is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Advertising is not allowed here');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(item).toHaveCount(0);

    // The log holds the action; the resolved tab offers Restore.
    await page.getByRole('tab', { name: 'Log' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Advertising is not allowed here' });
    await expect(row).toContainText('Hid');
    await expect(row).toContainText(moderator.username);
    await page.getByRole('tab', { name: 'Resolved' }).click();
    await expect(
      page
        .getByRole('article', { name: `Comment by ${spammer.username}` })
        .getByRole('button', { name: 'Restore' }),
    ).toBeVisible();

    // A visitor: the comment is gone.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/forum/detail/${postId}`);
    await expect(commentBy(visitorPage, reporter.username)).toBeVisible();
    await expect(commentBy(visitorPage, spammer.username)).toHaveCount(0);
    await expect(visitorPage.getByText(`Cheap pills ${word}`)).toHaveCount(0);
    await visitor.close();

    // Its author: still there, marked.
    await signIn(page, spammer);
    await page.goto(`/forum/detail/${postId}`);
    await expect(commentBy(page, spammer.username)).toContainText(`Cheap pills ${word}`);
    await expect(commentBy(page, spammer.username)).toContainText(MESSAGES.hiddenByModerators);
  });

  test('report a review; a moderator hides it from the queue; the post counts it no more, its reviewer sees it marked', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'rvau' });
    const reviewer = await createUser(request, { prefix: 'rvre' });
    const reporter = await createUser(request, { prefix: 'rvrp' });
    const word = uniqueWord();
    const postId = await createPost(request, author, { title: `Reviewed ${word}` });
    const written = await request.post(`/api/v1/media/${postId}/reviews`, {
      headers: { Authorization: `Bearer ${reviewer.token}` },
      data: {
        soundness: 1,
        significance: 1,
        clarity: 1,
        reproducibility: 1,
        confidence: 5,
        recommendation: 'not_valid',
        summary: `Buy tokens ${word}`,
        strengths: '',
        weaknesses: '',
      },
    });
    expect(written.status(), await written.text()).toBe(201);
    const reviewOf = (scope: Page) =>
      scope.getByRole('article', { name: `Review by ${reviewer.username}` });

    // The reporter reports the review from the post, with the report dialog.
    await signIn(page, reporter);
    await page.goto(`/forum/detail/${postId}`);
    // The badge stands in the post's header and again in its Reviews section.
    await expect(page.locator('header').getByTestId('review-status')).toHaveText('In review');
    await reviewOf(page)
      .getByRole('button', { name: `Report the review by ${reviewer.username}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByRole('radio', { name: /^Spam/ }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(MESSAGES.reportSent)).toBeVisible();

    // The moderator finds it in the queue with its post and hides it.
    await signIn(page, moderator);
    await page.goto('/moderation');
    const item = page.getByRole('article', { name: `Review by ${reviewer.username}` });
    await expect(item).toContainText(`Buy tokens ${word}`);
    await expect(item).toContainText(`Reviewed ${word}`);
    await item.getByRole('button', { name: 'Hide' }).click();
    const hide = page.getByRole('dialog', { name: `Hide the review by ${reviewer.username}?` });
    await hide.getByRole('textbox', { name: 'Note' }).fill('Advertising');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByText('1 report resolved.')).toBeVisible();
    await expect(item).toHaveCount(0);

    // Visitors no longer see it, and the post is unreviewed again; its reviewer sees it marked.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`/forum/detail/${postId}`);
    // An unreviewed post shows no status badge.
    await expect(page.getByRole('heading', { name: 'Reviews (0 reviews)' })).toBeVisible();
    await expect(page.getByTestId('review-status')).toHaveCount(0);
    await expect(reviewOf(page)).toHaveCount(0);
    await signIn(page, reviewer);
    await page.goto(`/forum/detail/${postId}`);
    await expect(reviewOf(page).getByTestId('hidden-by-moderators')).toHaveText(
      MESSAGES.hiddenByModerators,
    );
  });

  test("a post the moderators hid is marked on its author's forum card; visitors no longer see it", async ({
    page,
    request,
  }) => {
    const author = await createUser(request);
    const reporter = await createUser(request);
    const word = uniqueWord();
    const title = `Withheld ${word}`;
    const postId = await createPost(request, author, { title });
    await reportViaApi(request, reporter, { target_type: 'post', target_id: postId });
    const queue = await request.get('/api/v1/moderation/reports?limit=100', {
      headers: { Authorization: `Bearer ${moderator.token}` },
    });
    const item = ((await queue.json()) as ModerationQueueItem[]).find(
      (entry) => entry.target_id === postId,
    );
    expect(item).toBeDefined();
    const resolved = await request.post(`/api/v1/moderation/reports/${item!.report_id}/resolve`, {
      headers: { Authorization: `Bearer ${moderator.token}` },
      data: { action: 'hide', note: 'Off topic' },
    });
    expect(resolved.status(), await resolved.text()).toBe(200);

    await signIn(page, author);
    await page.goto(`/forum?search=${word}`);
    const card = page.getByRole('article', { name: title });
    await expect(card.getByTestId('hidden-by-moderators')).toHaveText(MESSAGES.hiddenByModerators);

    await page.evaluate(() => window.localStorage.clear());
    await page.goto(`/forum?search=${word}`);
    await expect(page.getByText('No posts found')).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  });

  test('a moderator may delete a post they did not write (Delete without Edit)', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'rmdl' });
    const postId = await createPost(request, author, { title: `Off-topic ${uniqueWord()}` });
    await signIn(page, moderator);
    await page.goto(`/forum/detail/${postId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Off-topic/);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await expect(confirm).toContainText(`by ${author.username}`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/forum$/);
    await page.goto(`/forum/detail/${postId}`);
    await expect(page.getByRole('heading', { name: MESSAGES.postNotFoundTitle })).toBeVisible();
  });

  test('中文: the moderation screen, its queue and its tabs have no English left', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'rmzh' });
    const reporter = await createUser(request, { prefix: 'rmzr' });
    const title = `Chinese queue ${uniqueWord()}`;
    const postId = await createPost(request, author, { title });
    await reportViaApi(request, reporter, { target_type: 'post', target_id: postId }, 'spam');

    await signIn(page, moderator);
    await setLocalStorage(page, { language: 'zh-CN' });
    await page.goto('/moderation');
    await expect(page.getByRole('heading', { level: 1, name: '内容审核' })).toBeVisible();
    const names = await page.getByRole('tab').allInnerTexts();
    for (const name of names) {
      await page.getByRole('tab', { name, exact: true }).click();
      await expectAllChinese(page, `moderation › ${name}`, [title]);
    }
  });

  test('the moderation screen is keyboard-usable and axe-clean; members get "Only moderators"', async ({
    page,
    request,
  }) => {
    const author = await createUser(request, { prefix: 'rmkb' });
    const reporter = await createUser(request, { prefix: 'rmkr' });
    const postId = await createPost(request, author, { title: `Keyboard ${uniqueWord()}` });
    await reportViaApi(
      request,
      reporter,
      { target_type: 'post', target_id: postId },
      'plagiarism',
      'Copied from a preprint',
    );
    await reportViaApi(request, reporter, { target_type: 'user', target_id: author.id }, 'spam');

    await signIn(page, reporter);
    await page.goto('/moderation');
    await expect(page.getByRole('heading', { name: 'Only moderators', level: 1 })).toBeVisible();
    await expect(page.getByText(MESSAGES.moderatorsOnly)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).not.toContainText('Moderation');
    await expectNoSeriousViolations(page);

    await signIn(page, moderator);
    await page.goto('/moderation');
    const openTab = page.getByRole('tab', { name: 'Open' });
    await expect(openTab).toHaveAttribute('aria-selected', 'true');
    const postItem = page.getByRole('article', { name: /^Post Keyboard/ });
    await expect(postItem).toContainText('Plagiarism');
    const memberItem = page.getByRole('article', { name: `Member by ${author.username}` });
    // A member is suspended or the report dismissed: no Hide or Delete on them.
    await expect(memberItem.getByRole('button')).toHaveText(['Dismiss', 'Suspend']);
    await expectNoSeriousViolations(page);

    // Tabs by arrow keys.
    await openTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Resolved' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Resolved' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Log' })).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Home');
    await expect(openTab).toBeFocused();

    // An action by keyboard: focus the button, Enter opens the dialog, Escape closes it and focus
    // comes back; then dismiss with a note, typed and sent by keyboard.
    const dismiss = postItem.getByRole('button', { name: 'Dismiss' });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Dismiss the post “Keyboard/ });
    const note = dialog.getByRole('textbox', { name: 'Note' });
    await expect(note).toBeFocused();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(dismiss).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(note).toBeFocused();
    await page.keyboard.type('Properly cited in the references');
    await page.keyboard.press('Tab'); // Cancel
    await page.keyboard.press('Tab'); // Dismiss
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(postItem).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Open reports', level: 2 })).toBeFocused();
  });
});
