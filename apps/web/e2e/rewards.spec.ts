import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES, rewardsMeSchema, type Comment, type RewardsMe } from '@symposia/shared';
import { createPost, createUser, likeViaApi, uniqueWord, type TestUser } from './fixtures/posts';
import { ownServerPort, startOwnServer } from './fixtures/own-server';
import { installPhantom, randomAddress } from './fixtures/phantom';
import { setLocalStorage } from './support';

/*
 * Contribution rewards against the real server, which this file starts itself: epochs as short as
 * the server allows, signals counted from accounts of any age and claims allowed at once, so one
 * epoch of likes and comments ends, is distributed and can be claimed within the run. Every test
 * of the file shares that first epoch's outcome.
 */

const EPOCH_SECONDS = 60;
const port = ownServerPort(43);
test.use({ baseURL: `http://127.0.0.1:${port}` });

/** A Solana transaction signature: 64 bytes in base58. */
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

let server: Awaited<ReturnType<typeof startOwnServer>>;
/** Earns in epoch 1 and shows their statistics, so the leaderboard names them. */
let author: TestUser;
/** Earns too, but keeps statistics private: 'Anonymous' on the leaderboard. */
let quiet: TestUser;

async function commentViaApi(
  request: APIRequestContext,
  user: TestUser,
  postId: string,
  content: string,
  parentId?: string,
): Promise<Comment> {
  const response = await request.post('/api/v1/comments/create', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { postId, imageUrl: '', content, ...(parentId ? { parentId } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Comment;
}

async function showStatistics(request: APIRequestContext, user: TestUser) {
  const response = await request.post('/api/v1/modify/modify_settings', {
    headers: { Authorization: `Bearer ${user.token}` },
    form: { user_id: user.id, new_public_statistics: 'true' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function myRewards(request: APIRequestContext, user: TestUser): Promise<RewardsMe> {
  const response = await request.get('/api/v1/rewards/me', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return rewardsMeSchema.parse(await response.json());
}

test.beforeAll(async ({ playwright }) => {
  // The first epoch must end and be distributed, at the restarted server's first minute.
  test.setTimeout(EPOCH_SECONDS * 1000 + 150_000);
  server = await startOwnServer(port, {
    REWARD_EPOCH_SECONDS: String(EPOCH_SECONDS),
    REWARD_MIN_ACTOR_AGE_SECONDS: '0',
    REWARD_MIN_CLAIM_AGE_SECONDS: '0',
    REWARD_MIN_CLAIM: '1',
    // The distribution is a durable job: this server runs the worker that does it.
    WORKER_CONCURRENCY: '1',
  });
  const request = await playwright.request.newContext({ baseURL: server.url });
  author = await createUser(request, { prefix: 'rwau' });
  quiet = await createUser(request, { prefix: 'rwqu' });
  const fans = [
    await createUser(request, { prefix: 'rwfa' }),
    await createUser(request, { prefix: 'rwfb' }),
  ];
  await showStatistics(request, author);

  // In epoch 1, which began at the server's first start: the author's post is liked and commented
  // on by two members, and the quiet member's comment gets a reply.
  const postId = await createPost(request, author, { title: `Rewarded ${uniqueWord()}` });
  const quietComment = await commentViaApi(request, quiet, postId, 'A careful question.');
  for (const fan of fans) {
    await likeViaApi(request, fan, postId);
    await commentViaApi(request, fan, postId, `Useful, thanks (${fan.username}).`);
  }
  await commentViaApi(request, fans[0]!, postId, 'Seconded.', quietComment._id);

  // Just before the epoch's end, a restart gives the server an hour-long epoch length: epoch 1
  // keeps its end, and the epoch its clock opens after it (at its next minute, which distributes
  // epoch 1) lasts an hour, so no second (empty) epoch is distributed while the tests read epoch
  // 1's outcome. Restarting after the end instead raced the first server's own minute, which could
  // open a 60-second epoch 2 first.
  const { epoch } = await myRewards(request, author);
  expect(epoch.id).toBe(1);
  const untilEnd = Date.parse(epoch.ends_at) - Date.now();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, untilEnd - 10_000)));
  await server.restart({ REWARD_EPOCH_SECONDS: '3600' });
  await expect
    .poll(async () => (await myRewards(request, author)).history.length, {
      timeout: 90_000,
      intervals: [500],
    })
    .toBeGreaterThan(0);
  await request.dispose();
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, user: TestUser) {
  await setLocalStorage(page, { access_token: user.token });
}

const main = (page: Page) => page.getByRole('main');
const rewardsCard = (page: Page) => main(page).getByRole('region', { name: 'Your rewards' });
const leaderboard = (page: Page) => main(page).getByRole('region', { name: 'Leaderboard' });

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

async function atBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await expect(rewardsCard(page)).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `no horizontal scrolling at ${width} px`,
    ).toBeLessThanOrEqual(width);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe('contribution rewards', () => {
  test('a claim to an address the member did not link is refused (422), paying nothing', async ({
    request,
  }) => {
    const response = await request.post('/api/v1/rewards/claim', {
      headers: { Authorization: `Bearer ${quiet.token}` },
      data: { address: randomAddress(), request_id: 'unlinked' },
    });
    expect(response.status()).toBe(422);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual([
      expect.objectContaining({ field: 'address', message: MESSAGES.rewardClaimWalletNotLinked }),
    ]);
    expect((await myRewards(request, quiet)).claimable).not.toBe('0');
  });

  test('a member links their Phantom wallet on My Page, claims their reward to it and sees the transaction hash', async ({
    page,
    request,
  }, testInfo) => {
    const before = await myRewards(request, author);
    const credited = before.history[0]!;
    await signIn(page, author);
    const phantom = await installPhantom(page, { trusted: true });

    // Not linked yet: the Token page says to link a wallet first, and offers no claim.
    await page.goto('/token');
    const needsWallet = rewardsCard(page).getByTestId('claim-needs-wallet');
    await expect(needsWallet).toContainText('paid only to a wallet you linked');
    await expect(rewardsCard(page).getByRole('button', { name: 'Claim', exact: true })).toHaveCount(
      0,
    );
    await needsWallet.getByRole('link', { name: 'Link a wallet on My Page' }).click();
    await expect(page).toHaveURL(/\/mypage$/);

    // My Page: the connected wallet is linked by signing the server's message in Phantom.
    const linked = main(page).getByRole('region', { name: 'Linked wallets' });
    await expect(linked.getByTestId('linked-wallets-empty')).toBeVisible();
    await linked.getByRole('button', { name: 'Link this wallet' }).click();
    await expect(linked.getByTestId('linked-wallet')).toHaveText(new RegExp(phantom.address));
    await expect(linked.getByRole('button', { name: 'Link this wallet' })).toHaveCount(0);
    const signed = (await phantom.calls()).filter((call) => call.method === 'signMessage');
    expect(signed).toHaveLength(1);
    expect(signed[0]!.display).toBe('utf8');
    expect(signed[0]!.text).toContain(
      `wants you to sign in with your Solana account:\n${phantom.address}\n`,
    );
    const wallets = await request.get('/api/v1/wallets', {
      headers: { Authorization: `Bearer ${author.token}` },
    });
    expect((await wallets.json()) as unknown).toEqual({
      wallets: [{ address: phantom.address, linked_at: expect.any(String) }],
    });

    // The bell tells of the reward and leads to the Token page.
    await page.goto('/');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page
      .getByTestId('notification-panel')
      .getByRole('link', { name: /You earned [\d.,]+ tokens?/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/token$/);

    const card = rewardsCard(page);
    await expect(card.getByTestId('rewards-claimable')).not.toHaveText('0 tokens');
    await expect(card.getByTestId('rewards-score')).toBeVisible();
    await expect(card.getByTestId('epoch-countdown')).toBeVisible();
    await expect(card.getByTestId('claim-wallet')).toHaveText(phantom.address);
    const history = card.getByTestId('reward-history-item');
    await expect(history.first()).toContainText(`Epoch ${credited.epoch}`);
    await expect(history.first()).toContainText('Not claimed yet');
    await atBothWidths(page, testInfo, 'rewards-before-claim');

    await card.getByRole('button', { name: 'Claim', exact: true }).press('Enter');
    const result = card.getByRole('status', { name: 'Rewards claimed' });
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByTestId('transfer-address')).toHaveText(phantom.address);
    await expect(result.getByTestId('transfer-signature')).toHaveText(SIGNATURE);
    const signature = (await result.getByTestId('transfer-signature').textContent())!;

    // The balance is spent and the history shows the claim's transaction.
    await expect(card.getByTestId('rewards-claimable')).toHaveText('0 tokens');
    await expect(history.first().getByTestId('reward-history-signature')).toHaveText(signature);
    const after = await myRewards(request, author);
    expect(after.claimable).toBe('0');
    expect(after.history.find((entry) => entry.epoch === credited.epoch)?.signature).toBe(
      signature,
    );
    await atBothWidths(page, testInfo, 'rewards-claimed');
  });

  test('the leaderboard shows the earners, private ones as Anonymous, also to visitors', async ({
    page,
  }, testInfo) => {
    await page.goto('/token');
    const card = rewardsCard(page);
    await expect(card.getByRole('button', { name: 'Sign in' })).toBeVisible();

    const board = leaderboard(page);
    const table = board.getByRole('table', { name: /^Top members of epoch \d+/ });
    await expect(table).toBeVisible();
    const authorRow = table.getByTestId('leaderboard-row').filter({ hasText: author.username });
    await expect(authorRow.getByRole('link', { name: author.username })).toHaveAttribute(
      'href',
      `/author/${author.id}`,
    );
    const anonymous = table.getByTestId('leaderboard-row').filter({ hasText: 'Anonymous' });
    await expect(anonymous.first()).toBeVisible();
    await expect(anonymous.getByRole('link')).toHaveCount(0);
    await expect(table).not.toContainText(quiet.username);
    await atBothWidths(page, testInfo, 'rewards-visitor');

    // Signed in, the member's own row is marked.
    await signIn(page, author);
    await page.reload();
    await expect(
      leaderboard(page).getByTestId('leaderboard-row').filter({ hasText: author.username }),
    ).toContainText('(you)');
  });
});
