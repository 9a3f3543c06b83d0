import { type Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES, WALLET_TOAST_DURATION_MS } from '@symposia/shared';
import { installPhantom, randomAddress, shortAddress } from './fixtures/phantom';
import { registerViaApi, setLocalStorage, tokenViaApi, uniqueUsername } from './support';

/** The wallet control lives in the page header (role banner). */
const header = (page: Page) => page.getByRole('banner');
const connectButton = (page: Page) => header(page).getByRole('button', { name: 'Connect Wallet' });
const addressButton = (page: Page, address: string) =>
  header(page).getByRole('button', { name: `Connected wallet ${shortAddress(address)}` });
const walletStatus = (page: Page) => header(page).getByRole('status');

test.describe('wallet connection (header)', () => {
  test('a trusted site connects silently: the address shows without a click', async ({ page }) => {
    const phantom = await installPhantom(page, { trusted: true });
    await page.goto('/');

    await expect(addressButton(page, phantom.address)).toBeVisible();
    await expect(header(page).getByText(shortAddress(phantom.address))).toBeVisible();
    await expect(connectButton(page)).toHaveCount(0);
    expect(await phantom.calls()).toEqual([{ method: 'connect', onlyIfTrusted: true }]);
  });

  test("an untrusted site stays at 'Connect Wallet' and only logs 'No trusted connection'", async ({
    page,
  }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const phantom = await installPhantom(page, { trusted: false });
    await page.goto('/forum');

    await expect.poll(() => logged).toContain(MESSAGES.noTrustedConnection);
    await expect(connectButton(page)).toBeVisible();
    await expect(walletStatus(page)).toBeEmpty();
    expect(await phantom.calls()).toEqual([{ method: 'connect', onlyIfTrusted: true }]);
  });

  test('Connect Wallet connects; the panel shows the address and network and disconnects', async ({
    page,
    request,
  }) => {
    const phantom = await installPhantom(page, { trusted: false });
    await page.goto('/');

    await connectButton(page).click();
    const toggle = addressButton(page, phantom.address);
    await expect(toggle).toBeVisible();
    expect(await phantom.calls()).toContainEqual({ method: 'connect', onlyIfTrusted: undefined });

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(header(page).getByText(phantom.address, { exact: true })).toBeVisible();
    const info = (await (await request.get('/api/v1/token/info')).json()) as {
      network_name: string;
    };
    await expect(header(page).getByText(info.network_name, { exact: true })).toBeVisible();

    // The site is trusted now: a reload connects silently.
    await page.reload();
    await expect(addressButton(page, phantom.address)).toBeVisible();

    await addressButton(page, phantom.address).click();
    await header(page).getByRole('button', { name: 'Disconnect' }).click();
    await expect(connectButton(page)).toBeVisible();
    expect(await phantom.calls()).toContainEqual({ method: 'disconnect' });
  });

  test("a refused connect (code 4001) shows 'Connection request rejected' for 3 s", async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2026-03-01T08:00:00Z') });
    const phantom = await installPhantom(page, { trusted: false });
    await page.goto('/');
    await expect(connectButton(page)).toBeVisible();
    // From here on, time only moves when the test says so.
    await page.clock.pauseAt(new Date('2026-03-01T08:01:00Z'));
    await phantom.failNextConnect({ code: 4001, message: 'User rejected the request.' });

    await connectButton(page).click();
    await page.clock.runFor(100);
    await expect(walletStatus(page)).toHaveText(MESSAGES.connectionRejected);

    await page.clock.runFor(WALLET_TOAST_DURATION_MS - 300);
    await expect(walletStatus(page)).toHaveText(MESSAGES.connectionRejected);
    await page.clock.runFor(400);
    await expect(walletStatus(page)).toBeEmpty();
    await expect(connectButton(page)).toBeEnabled();
  });

  test("any other failure shows 'Connection failed'", async ({ page }) => {
    const phantom = await installPhantom(page, { trusted: false });
    await page.goto('/');
    await phantom.failNextConnect({ code: -32603, message: 'Internal JSON-RPC error.' });

    await connectButton(page).click();

    await expect(walletStatus(page)).toHaveText(MESSAGES.connectionFailed);
  });

  test("Phantom's disconnect event brings back 'Connect Wallet'", async ({ page }) => {
    const phantom = await installPhantom(page, { trusted: true });
    await page.goto('/');
    await expect(addressButton(page, phantom.address)).toBeVisible();

    await phantom.emitDisconnect();

    await expect(connectButton(page)).toBeVisible();
    await expect(header(page).getByText(shortAddress(phantom.address))).toHaveCount(0);
  });

  test('switching accounts in Phantom shows the new address', async ({ page }) => {
    const phantom = await installPhantom(page, { trusted: true });
    await page.goto('/');
    await expect(addressButton(page, phantom.address)).toBeVisible();

    const other = randomAddress();
    await phantom.emitAccountChanged(other);

    await expect(addressButton(page, other)).toBeVisible();
  });

  test("without Phantom: 'Please install Phantom Wallet'", async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => 'phantom' in window)).toBe(false);

    await connectButton(page).click();

    await expect(walletStatus(page)).toHaveText(MESSAGES.installPhantom);
  });

  test('at 390 px the control fits the header next to the menu button', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const phantom = await installPhantom(page, { trusted: false });
    await page.goto('/');

    await expect(connectButton(page)).toBeVisible();
    await expect(header(page).getByRole('button', { name: 'Menu' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await header(page).screenshot({
      path: testInfo.outputPath('header-wallet-disconnected-390.png'),
    });

    await connectButton(page).click();
    await expect(addressButton(page, phantom.address)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await addressButton(page, phantom.address).click();
    await expect(header(page).getByRole('button', { name: 'Disconnect' })).toBeInViewport({
      ratio: 1,
    });
    await page.screenshot({ path: testInfo.outputPath('header-wallet-connected-390.png') });
  });
});

test.describe('wallet card (My Page)', () => {
  test('shows the address with a copy button, the network and Connected / Disconnected', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const username = uniqueUsername('wal');
    await registerViaApi(request, username);
    await setLocalStorage(page, { access_token: await tokenViaApi(request, username) });
    const phantom = await installPhantom(page, { trusted: true });
    const info = (await (await request.get('/api/v1/token/info')).json()) as {
      network_name: string;
    };
    await page.goto('/mypage');

    const card = page.getByRole('main').getByRole('region', { name: 'Wallet', exact: true });
    await expect(card.getByText(phantom.address, { exact: true })).toBeVisible();
    await expect(card.getByText('Connected', { exact: true })).toBeVisible();
    await expect(card.getByText(info.network_name, { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Copy address' }).click();
    await expect(card.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(phantom.address);

    await phantom.emitDisconnect();
    await expect(card.getByText('Disconnected', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  });
});
