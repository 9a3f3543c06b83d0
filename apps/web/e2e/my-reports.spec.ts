import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES } from '@symposia/shared';
import { createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';
import {
  ownServerPort,
  startServerWithModerator,
  type startOwnServer,
} from './fixtures/own-server';
import { setLocalStorage } from './support';

/*
 * My Page › Reports (issue 32): a member follows their reports to the moderators' decision.
 * A moderator needs ADMIN_USERNAMES, which names accounts that exist when the server starts: the
 * file starts its own server, registers the moderator and starts it again naming them; every
 * test of the file shares it (as reports-moderation.spec.ts does).
 */

const port = ownServerPort(97);
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

/** Signs in as `user` only (and in `language`): whatever an earlier sign-in cached is forgotten. */
async function signIn(page: Page, user: TestUser, language = 'en') {
  if (page.url() !== 'about:blank') await page.evaluate(() => window.localStorage.clear());
  await setLocalStorage(page, { access_token: user.token, language });
}

/** My Page, its Reports tab chosen from the tab list by keyboard (arrow keys, as tabs go). */
async function openReportsTab(page: Page, tabName: string) {
  await page.goto('/mypage');
  const first = page.getByRole('tab').first();
  await first.focus();
  const reports = page.getByRole('tab', { name: tabName });
  for (let step = 0; step < 10; step += 1) {
    if ((await reports.getAttribute('aria-selected')) === 'true') break;
    await page.keyboard.press('ArrowRight');
  }
  await expect(reports).toBeFocused();
  await expect(reports).toHaveAttribute('aria-selected', 'true');
  return page.getByTestId('my-reports');
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

test.describe('My Page › Reports', () => {
  test('a member reports a post; it waits as Open; a moderator decides; the member reads the outcome', async ({
    page,
    request,
  }, testInfo) => {
    const author = await createUser(request, { prefix: 'mrau' });
    const reporter = await createUser(request, { prefix: 'mrre' });
    const title = `Suspicious ${uniqueWord()}`;
    const postId = await createPost(request, author, { title });

    // The member reports the post from its page.
    await signIn(page, reporter);
    await page.goto(`/forum/detail/${postId}`);
    await page.getByRole('button', { name: `Report the post “${title}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this post' });
    await dialog.getByRole('radio', { name: /^Plagiarism/ }).check();
    await dialog
      .getByRole('textbox', { name: /^Note for the moderators/ })
      .fill('Figure 2 is from a 2019 preprint');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText(MESSAGES.reportSent)).toBeVisible();

    // My Page › Reports: open, not decided yet, with a link to the post.
    let panel = await openReportsTab(page, 'Reports');
    await expect(panel.getByRole('heading', { name: 'My reports', level: 2 })).toBeVisible();
    let entry = panel.getByRole('listitem');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Post');
    await expect(entry).toContainText('Open');
    await expect(entry).toContainText('The moderators have not decided yet.');
    await expect(entry).toContainText('Reason: Plagiarism');
    await expect(entry).toContainText('Figure 2 is from a 2019 preprint');
    await expect(entry.getByRole('link', { name: 'View the post' })).toHaveAttribute(
      'href',
      `/forum/detail/${postId}`,
    );
    await expectNoSeriousViolations(page);

    // The moderator hides the post from the queue, with a note.
    await signIn(page, moderator);
    await page.goto('/moderation');
    const item = page.getByRole('article', { name: new RegExp(`^Post ${title}`) });
    await item.getByRole('button', { name: 'Hide' }).click();
    const decide = page.getByRole('dialog', { name: new RegExp(`^Hide the post “${title}”`) });
    await decide.getByRole('textbox', { name: 'Note' }).fill('Copied figure');
    await decide.getByRole('button', { name: 'Hide' }).click();
    await expect(item).toHaveCount(0);

    // The member reads the outcome; the hidden post is no longer linked.
    await signIn(page, reporter);
    panel = await openReportsTab(page, 'Reports');
    entry = panel.getByRole('listitem');
    await expect(entry).toContainText('Resolved');
    await expect(entry).toContainText('The moderators hid what you reported.');
    await expect(entry.getByRole('time')).toHaveCount(2);
    await expect(entry.getByRole('link')).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath('my-reports.png'), fullPage: true });
  });

  test('a member who never reported reads that there is nothing yet', async ({ page, request }) => {
    const member = await createUser(request, { prefix: 'mrno' });
    await signIn(page, member);
    const panel = await openReportsTab(page, 'Reports');
    await expect(panel.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
    await expect(panel).toContainText(
      'When you report a post, a comment, a review or a member, it shows here with what the moderators decided.',
    );
    await expect(panel.getByRole('listitem')).toHaveCount(0);
  });

  test('中文: the tab, the status and the outcome of a dismissed report', async ({
    page,
    request,
  }, testInfo) => {
    const author = await createUser(request, { prefix: 'mrzh' });
    const reporter = await createUser(request, { prefix: 'mrzr' });
    const postId = await createPost(request, author, { title: `Fine ${uniqueWord()}` });
    const reported = await request.post('/api/v1/reports', {
      headers: { Authorization: `Bearer ${reporter.token}` },
      data: { target_type: 'post', target_id: postId, reason: 'spam', note: '' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    const { id } = (await reported.json()) as { id: string };
    const resolved = await request.post(`/api/v1/moderation/reports/${id}/resolve`, {
      headers: { Authorization: `Bearer ${moderator.token}` },
      data: { action: 'dismiss', note: 'Nothing wrong' },
    });
    expect(resolved.status(), await resolved.text()).toBe(200);

    await signIn(page, reporter, 'zh-CN');
    const panel = await openReportsTab(page, '举报');
    await expect(panel.getByRole('heading', { name: '我的举报', level: 2 })).toBeVisible();
    const entry = panel.getByRole('listitem');
    await expect(entry).toContainText('帖子');
    await expect(entry).toContainText('已处理');
    await expect(entry).toContainText('已驳回：版主未发现需要处理的问题。');
    await expect(entry).toContainText('原因：垃圾信息');
    await expect(entry).toContainText('举报于');
    await expect(entry).toContainText('处理于');
    await expect(entry.getByRole('link', { name: '查看帖子' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('my-reports-zh.png'), fullPage: true });
  });
});
