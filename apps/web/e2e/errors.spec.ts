import { expect, test } from './fixtures/test';
import { MESSAGES } from '@symposia/shared';
import { registerViaApi, setLocalStorage, tokenViaApi, uniqueUsername } from './support';

test.describe('global error screen', () => {
  test('an answer that breaks the contract replaces the app; Retry recovers to My Page', async ({
    page,
    request,
  }) => {
    const username = uniqueUsername();
    await registerViaApi(request, username);
    const token = await tokenViaApi(request, username);
    // A token without a cached user makes My Page fetch /auth/me.
    await setLocalStorage(page, { access_token: token });
    await page.route(
      '**/api/v1/auth/me',
      (route) => route.fulfill({ status: 200, json: { username: 42 } }),
      { times: 1 },
    );

    await page.goto('/mypage');

    await expect(page.getByRole('heading', { name: 'Error', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidResponse('GET', '/auth/me'));
    await expect(page.getByLabel('Details')).toContainText('username');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Retry' }).click();

    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test(`a failed load of My Page says '${MESSAGES.myPageLoadFailed}' and Retry tries again`, async ({
    page,
    request,
  }) => {
    const username = uniqueUsername();
    await registerViaApi(request, username);
    const token = await tokenViaApi(request, username);
    await setLocalStorage(page, { access_token: token });
    await page.route(
      '**/api/v1/auth/me',
      (route) => route.fulfill({ status: 404, json: { detail: MESSAGES.notFound } }),
      { times: 1 },
    );

    await page.goto('/mypage');

    await expect(page.getByText(MESSAGES.myPageLoadFailed)).toBeVisible();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  });
});
