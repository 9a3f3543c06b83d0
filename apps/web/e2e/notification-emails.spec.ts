import type { APIRequestContext, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { expect, test } from './fixtures/test';
import { expectNoSeriousAxeViolations } from './fixtures/axe';
import { mailTo } from './fixtures/outbox';
import { ownServerForSpec, ownServerPort } from './fixtures/own-server';
import { commentViaApi, createPost, type TestUser } from './fixtures/posts';
import { PASSWORD, setLocalStorage, tokenViaApi, uniqueUsername } from './support';

/*
 * Issue 30 in the browser: My Page › Settings › Notifications (a bell switch and an email choice
 * per kind, the weekly digest), saved and still there after a reload; and a reply's email, read
 * from the outbox's .eml files, whose unsubscribe link turns replies' email off, which the
 * preferences then show. This file's own server runs a worker, has no SMTP_URL (messages are
 * written to its outbox) and emails at once a member who is away (no delay).
 */

const OFFSET = 97;
const origin = `http://127.0.0.1:${ownServerPort(OFFSET)}`;
const server = ownServerForSpec(OFFSET, {
  WORKER_CONCURRENCY: '1',
  WORKER_POLL_MS: '50',
  PUBLIC_ORIGIN: origin,
  NOTIFICATION_EMAIL_DELAY_SECONDS: '0',
});

type Member = TestUser & { email: string };

/** A member who registered with an address and opened the verification link sent to it. */
async function verifiedMember(request: APIRequestContext, prefix: string): Promise<Member> {
  const username = uniqueUsername(prefix);
  const email = `${username}@example.org`;
  const registered = await request.post('/api/v1/auth/register', {
    form: { username, password: PASSWORD, email },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const message = await mailTo(server().dataDir, email, () => true);
  const token = /\?token=([\w-]+)/.exec(message.text ?? '')?.[1];
  const verified = await request.post('/api/v1/auth/verify_email', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  const id = ((await registered.json()) as { id: string }).id;
  return { id, username, email, token: await tokenViaApi(request, username) };
}

/** A header as the message wrote it (mailparser folds List-* headers into one parsed entry). */
function rawHeader(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line ?? '';
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

test.describe('notification preferences', () => {
  test('a changed preference is saved and still there after a reload; the table passes axe', async ({
    page,
    request,
  }, testInfo) => {
    const ada = await verifiedMember(request, 'prefs');
    await setLocalStorage(page, { access_token: ada.token });
    // The link at the foot of every notification email: Settings open at the notifications.
    await page.goto('/mypage?settings=notifications');
    const dialog = settingsDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Notifications' })).toBeFocused();
    await expect(dialog.getByText(/verified address/)).toHaveCount(0);

    const likes = dialog.getByRole('switch', { name: 'Likes In the bell' });
    const replies = dialog.getByRole('combobox', { name: 'Replies By email' });
    const digest = dialog.getByRole('switch', { name: 'Weekly digest' });
    const save = dialog.getByRole('button', { name: 'Save notification preferences' });
    await expect(likes).toHaveAttribute('aria-checked', 'true');
    await expect(replies).toHaveValue('immediate');
    await expect(digest).toHaveAttribute('aria-checked', 'true');
    await expect(save).toBeDisabled();

    // The keyboard alone: Space turns a switch, arrows choose in the list.
    await likes.focus();
    await page.keyboard.press('Space');
    await expect(likes).toHaveAttribute('aria-checked', 'false');
    await replies.selectOption('digest');
    await digest.click();
    const saved = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/v1/notifications/preferences') &&
        answer.request().method() === 'PUT',
    );
    await save.click();
    expect((await saved).ok()).toBe(true);
    await expect(dialog.getByRole('status').filter({ hasText: 'saved' })).toHaveText(
      'Notification preferences saved.',
    );

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousAxeViolations(page);
      await dialog.getByRole('heading', { name: 'Notifications' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`notification-preferences-${width}.png`) });
    }

    await page.reload();
    await expect(likes).toHaveAttribute('aria-checked', 'false');
    await expect(replies).toHaveValue('digest');
    await expect(digest).toHaveAttribute('aria-checked', 'false');
    // The old per-type settings answer as their one truth says: likes off, replies on.
    const settings = await request.get('/api/v1/notifications/settings', {
      headers: { Authorization: `Bearer ${ada.token}` },
    });
    expect(await settings.json()).toMatchObject({ like: false, comment: true, reply: true });
  });

  test("a reply's email carries one-click unsubscribe; its link turns replies off, as the preferences then show", async ({
    page,
    request,
  }) => {
    const ada = await verifiedMember(request, 'unsub');
    const bob = await verifiedMember(request, 'reply');
    const postId = await createPost(request, ada, { title: 'Protein folding at scale' });
    // Ada is away (her last request was the post): the comment is emailed to her at once.
    await commentViaApi(request, bob, postId, { content: 'Which force field?' });
    const mail = await mailTo(server().dataDir, ada.email, (message) =>
      rawHeader(message, 'List-Unsubscribe').startsWith('<'),
    );
    expect(mail.subject).toBe(`${bob.username} commented on your post “Protein folding at scale”`);
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<([^>]+)>$/.exec(rawHeader(mail, 'List-Unsubscribe'))?.[1] ?? '';
    expect(link.startsWith(`${origin}/api/v1/notifications/unsubscribe?token=`)).toBe(true);
    const preferencesLink = `${origin}/mypage?settings=notifications`;
    expect(mail.text).toContain(preferencesLink);

    // Opened in a browser, the link asks first (a mail scanner's visit changes nothing).
    await page.goto(link);
    await expect(page).toHaveURL(/\/unsubscribe\?token=.*&topic=replies$/);
    await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
    await expect(page.getByText('Stop emails about replies?')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const before = await request.get('/api/v1/notifications/preferences', {
      headers: { Authorization: `Bearer ${ada.token}` },
    });
    expect(((await before.json()) as { kinds: { replies: object } }).kinds.replies).toEqual({
      in_app: true,
      email: 'immediate',
    });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Done' })).toHaveText(
      'Done: you will get no more emails about replies.',
    );

    // The footer's link: My Page › Settings › Notifications, replies' email now Never.
    await setLocalStorage(page, { access_token: ada.token });
    await page.goto(preferencesLink);
    const dialog = settingsDialog(page);
    await expect(dialog.getByRole('combobox', { name: 'Replies By email' })).toHaveValue('never');
    await expect(dialog.getByRole('combobox', { name: 'Mentions By email' })).toHaveValue(
      'immediate',
    );
    await expect(dialog.getByRole('switch', { name: 'Replies In the bell' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('in Chinese, with an address not verified, the table and its note speak Chinese', async ({
    page,
    request,
  }) => {
    const username = uniqueUsername('zhpref');
    const registered = await request.post('/api/v1/auth/register', {
      form: { username, password: PASSWORD, email: `${username}@example.org` },
    });
    expect(registered.status()).toBe(201);
    await setLocalStorage(page, {
      access_token: await tokenViaApi(request, username),
      language: 'zh-CN',
    });
    await page.goto('/mypage?settings=notifications');
    const dialog = page.getByRole('dialog', { name: '设置' });
    await expect(dialog.getByText(/通知邮件只发送到已验证的地址/)).toBeVisible();
    await expect(dialog.getByRole('switch', { name: '点赞 通知铃' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(dialog.getByRole('combobox', { name: '回复 电子邮件' })).toHaveValue('immediate');
    await expect(dialog.getByRole('button', { name: '保存通知偏好' })).toBeDisabled();
  });
});
