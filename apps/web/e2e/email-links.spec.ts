import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES } from '@symposia/shared';
import { expect, test } from './fixtures/test';
import { expectNoSeriousAxeViolations } from './fixtures/axe';
import { mailTo } from './fixtures/outbox';
import { ownServerForSpec, ownServerPort } from './fixtures/own-server';
import { fillAuthForm, PASSWORD, setLocalStorage, tokenViaApi, uniqueUsername } from './support';

/*
 * Issue 30 in the browser: "Forgot password?" to a new password and a session, and the screen a
 * verification link opens. This file's own server runs a worker and has no SMTP_URL, so every
 * message is written as an .eml file in its data directory's outbox (the mail sink read here,
 * with mailparser); its links point at this server (PUBLIC_ORIGIN).
 */

const OFFSET = 89;
const origin = `http://127.0.0.1:${ownServerPort(OFFSET)}`;
const server = ownServerForSpec(OFFSET, {
  WORKER_CONCURRENCY: '1',
  WORKER_POLL_MS: '50',
  PUBLIC_ORIGIN: origin,
});

const NEW_PASSWORD = 'a brand new passphrase';

/** The link of the `nth` message (0: the first) to `address` whose subject is `subject`. */
async function linkFromMail(address: string, subject: string, nth = 0): Promise<string> {
  const found = await mailTo(server().dataDir, address, (mail) => mail.subject === subject, nth);
  const link = /https?:\/\/\S+\?token=[\w-]+/.exec(found.text ?? '')?.[0];
  expect(link, found.text).toBeTruthy();
  expect(found.html).toContain(link!);
  return link!;
}

/** A live region saying `text` (the page has others, e.g. the connection notice). */
const statusSaying = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

async function registerWithEmail(request: APIRequestContext, prefix: string) {
  const username = uniqueUsername(prefix);
  const email = `${username}@example.org`;
  const response = await request.post('/api/v1/auth/register', {
    form: { username, password: PASSWORD, email },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { username, email };
}

test.describe('password reset', () => {
  test('Forgot password? → the link from the mail → a new password → signed in', async ({
    page,
    request,
  }) => {
    const { username, email } = await registerWithEmail(request, 'forgot');
    const oldSession = await tokenViaApi(request, username);

    await page.goto('/mypage');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(
      page.getByRole('heading', { name: 'Forgot your password?', level: 1 }),
    ).toBeVisible();
    // The keyboard alone: the field has the focus, Enter sends.
    await expect(page.getByLabel('Username or email')).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await expect(statusSaying(page, MESSAGES.passwordResetRequested)).toBeVisible();

    const link = await linkFromMail(email, 'Reset your Symposia password');
    expect(link.startsWith(`${origin}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await expect(
      page.getByRole('heading', { name: 'Choose a new password', level: 1 }),
    ).toBeVisible();
    // The two passwords must match before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('something else entirely');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(statusSaying(page, MESSAGES.passwordResetDone)).toBeVisible();
    // Every session of the account ended.
    const revoked = await request.get('/api/v1/auth/me', {
      headers: { Authorization: `Bearer ${oldSession}` },
    });
    expect(revoked.status()).toBe(401);
    await fillAuthForm(page, { username, password: NEW_PASSWORD });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();

    // The link was used: opened again, it says so and offers a new one.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Confirm new password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailLinkUsed);
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('an unknown name gets the same answer; a link without a token is refused', async ({
    page,
  }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Username or email').fill(uniqueUsername('ghost'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(statusSaying(page, MESSAGES.passwordResetRequested)).toBeVisible();

    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailLinkInvalid);
  });
});

test.describe('verified email', () => {
  test('the verification link opens a screen that verifies the address; Settings show it', async ({
    page,
    request,
  }) => {
    const { username, email } = await registerWithEmail(request, 'verify');
    const first = await linkFromMail(email, 'Verify your email address for Symposia');
    await setLocalStorage(page, { access_token: await tokenViaApi(request, username) });

    // My Page › Settings: not verified yet; another link is asked for.
    await page.goto('/mypage');
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByText('Not verified')).toBeVisible();
    await dialog.getByRole('button', { name: 'Resend verification' }).click();
    await expect(dialog.getByText(MESSAGES.verificationEmailSent)).toBeVisible();
    const second = await linkFromMail(email, 'Verify your email address for Symposia', 1);
    expect(second).not.toBe(first);

    await page.goto(second);
    expect(new URL(page.url()).pathname).toBe('/verify-email');
    await expect(
      page.getByRole('heading', { name: 'Email address verified', level: 1 }),
    ).toBeVisible();
    await expect(statusSaying(page, email)).toContainText(MESSAGES.emailVerified);

    await page.getByRole('link', { name: 'Go to My Page' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(dialog.getByText('Verified', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Resend verification' })).toHaveCount(0);

    // The same link again: used.
    await page.goto(second);
    await expect(
      page.getByRole('heading', { name: 'The address could not be verified', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailLinkUsed);
  });

  test('in Chinese, the screens and the message speak Chinese', async ({ page, request }) => {
    await setLocalStorage(page, { language: 'zh-CN' });
    // The web app tells the server the reader's language: the message is written in it.
    await page.goto('/register');
    const username = uniqueUsername('zh');
    const email = `${username}@example.org`;
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码').fill(PASSWORD);
    await page.getByLabel('邮箱').fill(email);
    await page.getByRole('button', { name: '注册' }).click();
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
    const link = await linkFromMail(email, '验证你在 Symposia 的电子邮件地址');

    await page.goto(link);
    await expect(page.getByRole('heading', { name: '邮箱地址已验证', level: 1 })).toBeVisible();
    const me = await request.get('/api/v1/auth/me', {
      headers: { Authorization: `Bearer ${await tokenViaApi(request, username)}` },
    });
    expect(((await me.json()) as { email_verified: boolean }).email_verified).toBe(true);
  });
});

test.describe('the link screens', () => {
  test('pass axe at 390 and 1280 px: the request, the reset form, a refused link', async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.goto(`/reset-password?token=${'A'.repeat(43)}`);
      await expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.goto(`/verify-email?token=${'A'.repeat(43)}`);
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailLinkInvalid);
      await expectNoSeriousAxeViolations(page);
    }
  });
});
