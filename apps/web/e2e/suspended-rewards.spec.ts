import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { rewardsMeSchema, type RewardsMe } from '@symposia/shared';
import { createPost, createUser, likeViaApi, uniqueWord, type TestUser } from './fixtures/posts';
import { ownServerPort, startOwnServer } from './fixtures/own-server';
import { setLocalStorage, tokenViaApi, uniqueUsername, PASSWORD } from './support';

/*
 * Suspended means unpaid (issue 28) against the real server, which this file starts itself: a
 * moderator (ADMIN_USERNAMES names them at a restart), and one short epoch in which a member
 * earns, distributed by the server's worker. Then, on the moderation screen, the moderator
 * suspends the member, sees their balance frozen, forfeits it, and reads both in the log.
 */

const EPOCH_SECONDS = 60;
const port = ownServerPort(67);
test.use({ baseURL: `http://127.0.0.1:${port}` });

let server: Awaited<ReturnType<typeof startOwnServer>>;
let moderator: TestUser;
let earner: TestUser;
let reporter: TestUser;

async function myRewards(request: APIRequestContext, user: TestUser): Promise<RewardsMe> {
  const response = await request.get('/api/v1/rewards/me', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return rewardsMeSchema.parse(await response.json());
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(EPOCH_SECONDS * 1000 + 120_000);
  const env = {
    REWARD_EPOCH_SECONDS: String(EPOCH_SECONDS),
    REWARD_MIN_ACTOR_AGE_SECONDS: '0',
    REWARD_MIN_CLAIM_AGE_SECONDS: '0',
    REWARD_MIN_CLAIM: '1',
    WORKER_CONCURRENCY: '1',
  };
  server = await startOwnServer(port, env);
  const request = await playwright.request.newContext({ baseURL: server.url });
  const username = uniqueUsername('mod');
  const registered = await request.post('/api/v1/auth/register', {
    form: { username, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  earner = await createUser(request, { prefix: 'frer' });
  reporter = await createUser(request, { prefix: 'frrp' });
  const fans = [
    await createUser(request, { prefix: 'frfa' }),
    await createUser(request, { prefix: 'frfb' }),
  ];
  const postId = await createPost(request, earner, { title: `Earning ${uniqueWord()}` });
  for (const fan of fans) await likeViaApi(request, fan, postId);

  // Past epoch 1's end, a restart (naming the moderator) looks at the clock at once and queues
  // its distribution; the epoch it opens then is an hour long.
  const { epoch } = await myRewards(request, earner);
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, Date.parse(epoch.ends_at) - Date.now()) + 1000),
  );
  await server.restart({ ...env, REWARD_EPOCH_SECONDS: '3600', ADMIN_USERNAMES: username });
  moderator = { id, username, token: await tokenViaApi(request, username) };
  await expect
    .poll(async () => Number((await myRewards(request, earner)).claimable), {
      timeout: 30_000,
      intervals: [500],
    })
    .toBeGreaterThan(0);
  const reported = await request.post('/api/v1/reports', {
    headers: { Authorization: `Bearer ${reporter.token}` },
    data: { target_type: 'user', target_id: earner.id, reason: 'spam', note: 'A ring' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, user: TestUser) {
  await setLocalStorage(page, { access_token: user.token });
}

test('a moderator suspends a member, sees their balance frozen, forfeits it, and the log shows it', async ({
  page,
  request,
}) => {
  const balance = (await myRewards(request, earner)).claimable;
  await signIn(page, moderator);
  await page.goto('/moderation');

  // Suspend the member from the queue, by keyboard.
  const item = page.getByRole('article', { name: `Member by ${earner.username}` });
  await item.getByRole('button', { name: 'Suspend' }).focus();
  await page.keyboard.press('Enter');
  const suspendDialog = page.getByRole('dialog', {
    name: `Suspend the member ${earner.username}?`,
  });
  await suspendDialog.getByRole('textbox', { name: 'Note' }).fill('Farming with a ring');
  await suspendDialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspendDialog).toHaveCount(0);
  await expect(item).toHaveCount(0);

  // The balance is frozen: listed with its amount, beside the suspension's end.
  await page.getByRole('tab', { name: 'Frozen rewards' }).click();
  const row = page.getByTestId('frozen-rewards-row').filter({ hasText: earner.username });
  await expect(row).toContainText(`${balance} tokens`);
  await expect(row).toContainText('until');

  // Forfeit it, by keyboard, with a note.
  await row.getByRole('button', { name: `Forfeit ${earner.username}` }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {
    name: `Forfeit the ${balance} frozen tokens of ${earner.username}`,
  });
  const note = dialog.getByRole('textbox', { name: 'Note' });
  await expect(note).toBeFocused();
  await page.keyboard.type('Ring confirmed');
  await page.keyboard.press('Tab'); // Cancel
  await page.keyboard.press('Tab'); // Forfeit
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Forfeited: ${balance} tokens of ${earner.username}`)).toBeVisible();
  await expect(page.getByText('No rewards are frozen.')).toBeVisible();

  // The log shows the freeze that came with the suspension, and the forfeit.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = page.getByRole('table', { name: 'Moderator actions, newest first' });
  const rows = log.getByRole('row');
  await expect(rows.nth(1)).toContainText(`Forfeited rewards (${balance} tokens)`);
  await expect(rows.nth(1)).toContainText('Ring confirmed');
  await expect(log).toContainText(`Froze rewards (${balance} tokens)`);
  await expect(log).toContainText('Suspended');

  // Nothing of the member's is frozen any more: the balance went back to the pool.
  const after = await request.get('/api/v1/moderation/rewards/frozen', {
    headers: { Authorization: `Bearer ${moderator.token}` },
  });
  expect(await after.json()).toEqual([]);
});
