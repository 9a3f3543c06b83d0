import { expect, test } from './fixtures/test';
import { ownServerForSpec } from './fixtures/own-server';
import { PASSWORD, fillAuthForm, registerViaApi, uniqueUsername } from './support';
import type { Page } from '@playwright/test';

/*
 * My Page › Settings › Sessions: a member signed in on two browsers ends the other one's session
 * from the first; the other browser is signed out on its next action (its next request answers
 * 401 and it asks to sign in again). Its own server, so the sessions listed are this spec's alone.
 */

const server = ownServerForSpec(61);

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/mypage');
  await fillAuthForm(page, { username, password: PASSWORD });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
}

test('ends another browser’s session from Settings; that browser is signed out on its next action', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers each sign in (a password hash apiece) on a machine the suite shares.
  test.setTimeout(120_000);
  const username = uniqueUsername('sess');
  await registerViaApi(request, username);
  const other = await browser.newContext({ baseURL: server().url });
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, username);
    await signIn(page, username);

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const sessions = dialog.getByRole('region', { name: 'Sessions' });
    const rows = sessions.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    // Playwright's desktop Chrome: the device as its User-Agent names it, and the address.
    await expect(rows.first()).toContainText(/Chrome on \w+/);
    await expect(rows.first()).toContainText('127.0.0.1');

    // The other browser's session, ended with the keyboard.
    const otherRow = rows.filter({ hasNotText: 'This device' });
    const end = otherRow.getByRole('button', { name: /^End the session of / });
    await end.focus();
    await page.keyboard.press('Enter');
    await expect(sessions.getByRole('status')).toHaveText('The session was ended.');
    await expect(rows).toHaveCount(1);
    await expect(sessions.getByText('You are signed in only here.')).toBeVisible();

    // The other browser still shows My Page from memory; its next action is refused and it is
    // asked to sign in again.
    await otherPage.getByRole('button', { name: 'Settings' }).click();
    await expect(otherPage.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();
    await expect(otherPage.getByRole('heading', { name: username, level: 1 })).toBeHidden();

    // This browser goes on: after a reload its own session is still listed.
    await page.reload();
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('This device');
  } finally {
    await other.close();
  }
});
