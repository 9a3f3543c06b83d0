import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { MESSAGES, tokenInfoSchema, type TokenInfo } from '@symposia/shared';
import { installPhantom, randomAddress, shortAddress } from './fixtures/phantom';
import {
  PASSWORD,
  fillAuthForm,
  registerViaApi,
  setLocalStorage,
  tokenViaApi,
  uniqueUsername,
} from './support';

const TITLE = 'Token Management';

const main = (page: Page) => page.getByRole('main');
const getTokensCard = (page: Page) => main(page).getByRole('region', { name: 'Get Tokens' });
const addressField = (page: Page) => getTokensCard(page).getByLabel('Receiving address');
const amountField = (page: Page) => getTokensCard(page).getByLabel('Amount');
const submitButton = (page: Page) =>
  getTokensCard(page).getByRole('button', { name: /^(Request Tokens|Processing…)$/ });
const success = (page: Page) => getTokensCard(page).getByRole('status', { name: 'Tokens sent' });

/** A Solana transaction signature: 64 bytes in base58. */
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;
const SHANGHAI_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

async function tokenInfo(request: APIRequestContext): Promise<TokenInfo> {
  const response = await request.get('/api/v1/token/info');
  expect(response.status(), await response.text()).toBe(200);
  return tokenInfoSchema.parse(await response.json());
}

/** A fresh member, signed in through the API and the stored token (a precondition only). */
async function signIn(page: Page, request: APIRequestContext): Promise<void> {
  const username = uniqueUsername('tok');
  await registerViaApi(request, username);
  const token = await tokenViaApi(request, username);
  await setLocalStorage(page, { access_token: token });
}

async function openTokenPage(page: Page): Promise<void> {
  await page.goto('/token');
  await expect(main(page).getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
}

async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await expect(main(page).getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `no horizontal scrolling at ${width} px`,
    ).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe('token page', () => {
  test('with a connected wallet: the panel shows it, and a request needs only the amount', async ({
    page,
    request,
  }, testInfo) => {
    const info = await tokenInfo(request);
    await signIn(page, request);
    const phantom = await installPhantom(page, { trusted: true });
    await openTokenPage(page);

    const panel = main(page).getByRole('region', { name: 'Wallet Connected' });
    await expect(panel.getByTestId('wallet-address')).toHaveText(phantom.address);
    await expect(panel.getByTestId('wallet-network')).toHaveText(info.network_name);
    await expect(
      page.getByRole('banner').getByText(shortAddress(phantom.address), { exact: true }),
    ).toBeVisible();
    await expect(addressField(page)).toHaveCount(0);
    await expect(getTokensCard(page).getByText(phantom.address)).toBeVisible();
    await expect(amountField(page)).toHaveAttribute('type', 'number');
    await expect(amountField(page)).toHaveAttribute('min', '0');

    await amountField(page).fill('2');
    await submitButton(page).click();

    const result = success(page);
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByTestId('transfer-address')).toHaveText(phantom.address);
    await expect(result.getByTestId('transfer-amount')).toHaveText('2');
    await expect(result.getByTestId('transfer-signature')).toHaveText(SIGNATURE);
    await expect(result.getByTestId('transfer-time')).toHaveText(SHANGHAI_TIME);
    if (info.explorer_tx_url) {
      await expect(result.getByTestId('transfer-signature').getByRole('link')).toHaveAttribute(
        'href',
        new RegExp(`^${info.explorer_tx_url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
    } else {
      await expect(result.getByRole('link')).toHaveCount(0);
    }
    await expect(submitButton(page)).toHaveText('Request Tokens');

    await screenshots(page, testInfo, 'token-connected');
  });

  test('without a wallet: the connect prompt, and a request to an address typed in', async ({
    page,
    request,
  }, testInfo) => {
    await signIn(page, request);
    await openTokenPage(page);

    const prompt = main(page).getByRole('region', { name: 'Connect Your Wallet' });
    await expect(prompt.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    await screenshots(page, testInfo, 'token-disconnected');
    await page.setViewportSize({ width: 1280, height: 900 });

    const receiver = randomAddress();
    await addressField(page).fill(receiver);
    await amountField(page).fill('1.5');
    await submitButton(page).click();

    const result = success(page);
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByTestId('transfer-address')).toHaveText(receiver);
    await expect(result.getByTestId('transfer-amount')).toHaveText('1.5');
    await expect(result.getByTestId('transfer-signature')).toHaveText(SIGNATURE);
    await expect(result.getByTestId('transfer-time')).toHaveText(SHANGHAI_TIME);
    await page.screenshot({ path: testInfo.outputPath('token-success-1280.png'), fullPage: true });
  });

  test("checks the address before sending: 'Please enter receiving address', 'Invalid Solana address'", async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/token/request')) sent.push(r.method());
    });
    await openTokenPage(page);

    await amountField(page).fill('1');
    await submitButton(page).click();
    await expect(getTokensCard(page).getByText(MESSAGES.enterReceivingAddress)).toBeVisible();
    await expect(addressField(page)).toBeFocused();
    await expect(addressField(page)).toHaveAttribute('aria-invalid', 'true');

    await addressField(page).fill('0xNotASolanaAddress');
    await submitButton(page).click();
    await expect(getTokensCard(page).getByText(MESSAGES.invalidSolanaAddress)).toBeVisible();

    await addressField(page).fill(randomAddress());
    await amountField(page).fill('0');
    await submitButton(page).click();
    await expect(getTokensCard(page).getByText(MESSAGES.tokenAmountInvalid)).toBeVisible();

    expect(sent).toEqual([]);
  });

  test("shows the server's message when the faucet refuses (429 with a detail)", async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    const detail = MESSAGES.faucetLimitReached('2026-03-02 09:30');
    await page.route('**/api/v1/token/request', (route) =>
      route.fulfill({ status: 429, json: { detail }, headers: { 'Retry-After': '3600' } }),
    );
    await openTokenPage(page);

    await addressField(page).fill(randomAddress());
    await amountField(page).fill('1');
    await submitButton(page).click();

    await expect(getTokensCard(page).getByRole('alert')).toContainText(detail);
    await expect(success(page)).toHaveCount(0);
    await expect(submitButton(page)).toBeEnabled();
  });

  test('signed out: the request asks to sign in first, then goes through', async ({
    page,
    request,
  }) => {
    const username = uniqueUsername('tok');
    await registerViaApi(request, username);
    await openTokenPage(page);
    await expect(
      getTokensCard(page).getByText('You need to be signed in to request tokens.'),
    ).toBeVisible();

    const receiver = randomAddress();
    await addressField(page).fill(receiver);
    await amountField(page).fill('1');
    await submitButton(page).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Please login to request tokens')).toBeVisible();
    await fillAuthForm(dialog, { username, password: PASSWORD });
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog).toHaveCount(0);

    // What was typed is still there.
    await expect(addressField(page)).toHaveValue(receiver);
    await submitButton(page).click();
    await expect(success(page)).toBeVisible({ timeout: 20_000 });
    await expect(success(page).getByTestId('transfer-address')).toHaveText(receiver);
  });
});
