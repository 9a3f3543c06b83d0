import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { createPost, createUser, uniqueWord, type TestUser } from './fixtures/posts';
import { setLocalStorage } from './support';

/*
 * `@username` in a post's content (issue 32), against the suite's server: the name links to
 * that member's profile, and the member's bell tells them, once, whatever the edits.
 */

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

async function editViaApi(
  request: APIRequestContext,
  user: TestUser,
  postId: string,
  changes: Record<string, string>,
) {
  const response = await request.patch(`/api/v1/media/${postId}`, {
    headers: { Authorization: `Bearer ${user.token}` },
    data: changes,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('mentions in posts', () => {
  test("a mention in a post links to the member's profile, and their bell shows it once", async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const author = await createUser(request, { prefix: 'pmau' });
    const named = await createUser(request, { prefix: 'pmnm' });
    const other = await createUser(request, { prefix: 'pmot' });
    const title = `Mentioned ${uniqueWord()}`;
    // Markdown around it: the renderer links it as the plain text does.
    const postId = await createPost(request, author, {
      title,
      content: `Thanks to **@${named.username}** for the data.\n\nSee the appendix.`,
    });

    // The mentioned member: the bell counts it; the panel says who and opens the post.
    await setLocalStorage(page, { access_token: named.token });
    await page.goto('/forum');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(page).click();
    const panel = page.getByRole('region', { name: 'Notifications', exact: true });
    const item = panel.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${author.username} mentioned you`);
    await expect(item).toContainText(title);
    await page.screenshot({ path: testInfo.outputPath('post-mention-bell.png') });
    await item.getByRole('link').click();
    await expect(page).toHaveURL(`/forum/detail/${postId}`);

    // The name in the post links to the profile.
    const mention = page
      .getByTestId('post-content')
      .getByRole('link', { name: `@${named.username}` });
    await expect(mention).toHaveAttribute('href', `/author/@${named.username}`);
    await mention.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(named.username);

    // An edit naming another member tells them; the first is not told again.
    await editViaApi(request, author, postId, {
      content: `Thanks to @${named.username} and @${other.username}.`,
    });
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    await setLocalStorage(otherPage, { access_token: other.token, language: 'zh-CN' });
    await otherPage.goto('/forum');
    const otherBell = otherPage.getByRole('button', { name: /^通知/ });
    await otherBell.click();
    await expect(
      otherPage.getByRole('region', { name: '通知', exact: true }).getByRole('listitem'),
    ).toContainText(`${author.username}提到了你`);
    await otherContext.close();

    await page.goto('/forum');
    await bell(page).click();
    await expect(panel.getByRole('listitem')).toHaveCount(1);
  });
});
