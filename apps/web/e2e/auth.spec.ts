import { expect, test } from './fixtures/test';
import { MESSAGES } from '@symposia/shared';
import { PASSWORD, fillAuthForm, registerViaApi, setLocalStorage, uniqueUsername } from './support';

test.describe('sign in and registration', () => {
  test('registering lands signed in on My Page, survives a reload, and Logout returns to the login screen', async ({
    page,
  }) => {
    const username = uniqueUsername();
    await page.goto('/mypage');
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
    await fillAuthForm(page, { username, password: PASSWORD, email: `${username}@example.org` });
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByText(`${username}@example.org`)).toBeVisible();
    await expect(page).toHaveTitle('My Page · Symposia');

    await page.reload();
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  });

  test('signing in with an existing account shows it on My Page', async ({ page, request }) => {
    const username = uniqueUsername();
    await registerViaApi(request, username);

    await page.goto('/mypage');
    await fillAuthForm(page, { username, password: PASSWORD });
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
    const stored = await page.evaluate(() => ({
      token: window.localStorage.getItem('access_token'),
      username: window.localStorage.getItem('username'),
      userId: window.localStorage.getItem('userId'),
      user: window.localStorage.getItem('user'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.username).toBe(username);
    expect(stored.userId).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ username });
  });

  test(`a wrong password says '${MESSAGES.invalidCredentials}'`, async ({ page, request }) => {
    const username = uniqueUsername();
    await registerViaApi(request, username);

    await page.goto('/mypage');
    await fillAuthForm(page, { username, password: 'not the password' });
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  });

  test(`a taken username says '${MESSAGES.registrationFailed}' and why`, async ({
    page,
    request,
  }) => {
    const username = uniqueUsername();
    await registerViaApi(request, username);

    await page.goto('/register');
    await fillAuthForm(page, { username, password: PASSWORD });
    await page.getByRole('button', { name: 'Register' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText(MESSAGES.registrationFailed);
    await expect(alert).toContainText(MESSAGES.usernameTaken);
  });

  test('/register opens the login screen in Register mode and leads to My Page', async ({
    page,
  }) => {
    const username = uniqueUsername();
    await page.goto('/register');

    await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page).toHaveTitle('Register · Symposia');

    await fillAuthForm(page, { username, password: PASSWORD, phone: '+1 555 0100' });
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
    await expect(page.getByText('+1 555 0100')).toBeVisible();
  });

  test('toggling between Sign In and Register clears the form and the error', async ({ page }) => {
    await page.goto('/mypage');
    await fillAuthForm(page, { username: uniqueUsername(), password: 'whatever password' });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);

    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel('Username')).toHaveValue('');
    await expect(page.getByLabel('Password')).toHaveValue('');

    await page.getByLabel('Email').fill('someone@example.org');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveCount(0);
  });

  test('a 401 from a protected call opens the login overlay, which signs in', async ({
    page,
    request,
  }) => {
    const username = uniqueUsername();
    await registerViaApi(request, username);
    await setLocalStorage(page, { access_token: 'not-a-valid-token' });

    await page.goto('/mypage');

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(MESSAGES.sessionExpired);
    expect(await page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();

    await fillAuthForm(dialog, { username, password: PASSWORD });
    await dialog.getByRole('button', { name: 'Sign In' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  });

  test('the login overlay closes with Escape', async ({ page }) => {
    await setLocalStorage(page, { access_token: 'not-a-valid-token' });
    await page.goto('/mypage');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Username')).toBeFocused();

    await page.keyboard.press('Escape');

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
  });
});
