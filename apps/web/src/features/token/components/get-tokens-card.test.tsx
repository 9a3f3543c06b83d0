import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type TokenInfo, type TokenTransfer } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { GetTokensCard } from './get-tokens-card';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const WALLET = 'BPFLoaderUpgradeab1e11111111111111111111111';
const SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

const info: TokenInfo = {
  enabled: true,
  network_name: 'Local chain (embedded)',
  cluster: 'embedded',
  mint: 'So11111111111111111111111111111111111111112',
  decimals: 9,
  limits: {
    per_request: 100,
    per_user_daily: 500,
    per_address_daily: 500,
    per_ip_daily: 1000,
    global_daily: 100000,
  },
  explorer_tx_url: null,
};

const transfer = (overrides: Partial<TokenTransfer> = {}): TokenTransfer => ({
  address: ADDRESS,
  amount: 5,
  signature: SIGNATURE,
  time: '2026-03-01T04:05:06.000Z',
  explorer_url: null,
  ...overrides,
});

const bodyOf = (request: RecordedRequest) =>
  JSON.parse(String(request.body)) as { address: string; amount: number; request_id: string };

const addressField = () => screen.getByLabelText('Receiving address');
const amountField = () => screen.getByLabelText('Amount', { exact: false });
const submit = () => screen.getByRole('button', { name: /Request Tokens|Processing/ });

function renderCard(walletAddress: string | null = null) {
  return renderWithProviders(<GetTokensCard walletAddress={walletAddress} />);
}

beforeEach(() => {
  authStore.signIn('tok', makeCurrentUser());
});

describe('GetTokensCard', () => {
  it("checks the address first: 'Please enter receiving address', then 'Invalid Solana address'", async () => {
    const { requests } = routeFetch({ 'GET /token/info': () => jsonResponse(info) });
    const user = userEvent.setup();
    renderCard();

    await user.type(amountField(), '5');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.enterReceivingAddress)).toBeInTheDocument();
    expect(addressField()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(addressField()).toHaveFocus());

    await user.type(addressField(), 'not-a-solana-address');
    expect(screen.queryByText(MESSAGES.enterReceivingAddress)).not.toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.invalidSolanaAddress)).toBeInTheDocument();

    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('asks for an amount above 0 and within the per-request cap', async () => {
    routeFetch({ 'GET /token/info': () => jsonResponse(info) });
    const user = userEvent.setup();
    renderCard();

    expect(amountField()).toHaveAttribute('type', 'number');
    expect(amountField()).toHaveAttribute('min', '0');
    expect(await screen.findByText('Up to 100 tokens per request.')).toBeInTheDocument();

    await user.type(addressField(), ADDRESS);
    await user.type(amountField(), '0');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.tokenAmountInvalid)).toBeInTheDocument();

    await user.clear(amountField());
    await user.type(amountField(), '150');
    await user.click(submit());
    expect(await screen.findByText(MESSAGES.tokenAmountTooLarge(100))).toBeInTheDocument();
  });

  it('goes idle → processing → success with address, amount, hash and time (Asia/Shanghai)', async () => {
    let answer: (response: Response) => void = () => {};
    const { requests } = routeFetch({
      'GET /token/info': () => jsonResponse(info),
      'POST /token/request': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderCard();

    await user.type(addressField(), ADDRESS);
    await user.type(amountField(), '5');
    await user.click(submit());

    const button = await screen.findByRole('button', { name: 'Processing…' });
    expect(button).toBeDisabled();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.headers.get('Content-Type')).toBe('application/json');
    expect(post.headers.get('Authorization')).toBe('Bearer tok');
    const body = bodyOf(post);
    expect(body).toMatchObject({ address: ADDRESS, amount: 5 });
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);

    answer(jsonResponse(transfer()));

    const success = await screen.findByRole('status', { name: 'Tokens sent' });
    expect(within(success).getByTestId('transfer-address')).toHaveTextContent(ADDRESS);
    expect(within(success).getByTestId('transfer-amount')).toHaveTextContent('5');
    expect(within(success).getByTestId('transfer-signature')).toHaveTextContent(SIGNATURE);
    expect(within(success).queryByRole('link')).not.toBeInTheDocument();
    expect(within(success).getByTestId('transfer-time')).toHaveTextContent('2026-03-01 12:05');
    expect(screen.getByRole('button', { name: 'Request Tokens' })).toBeEnabled();
  });

  it('links the hash to the explorer when there is one', async () => {
    const url = `https://explorer.solana.com/tx/${SIGNATURE}`;
    routeFetch({
      'GET /token/info': () => jsonResponse(info),
      'POST /token/request': () => jsonResponse(transfer({ explorer_url: url })),
    });
    const user = userEvent.setup();
    renderCard();

    await user.type(addressField(), ADDRESS);
    await user.type(amountField(), '5');
    await user.click(submit());

    const link = await screen.findByRole('link', { name: new RegExp(SIGNATURE) });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("sends to the connected wallet's address, without an address field", async () => {
    const { requests } = routeFetch({
      'GET /token/info': () => jsonResponse(info),
      'POST /token/request': () => jsonResponse(transfer({ address: WALLET, amount: 2 })),
    });
    const user = userEvent.setup();
    renderCard(WALLET);

    expect(screen.queryByLabelText('Receiving address')).not.toBeInTheDocument();
    expect(screen.getByText(WALLET)).toBeInTheDocument();
    await user.type(amountField(), '2');
    await user.click(submit());

    await screen.findByRole('status', { name: 'Tokens sent' });
    expect(bodyOf(requests.find((r) => r.method === 'POST')!)).toMatchObject({
      address: WALLET,
      amount: 2,
    });
  });

  it("shows the server's detail when the request fails (e.g. a limit, 429)", async () => {
    const detail = MESSAGES.faucetLimitReached('2026-03-02 12:05');
    routeFetch({
      'GET /token/info': () => jsonResponse(info),
      'POST /token/request': () => jsonResponse({ detail }, 429),
    });
    const user = userEvent.setup();
    renderCard();

    await user.type(addressField(), ADDRESS);
    await user.type(amountField(), '5');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(screen.queryByRole('status', { name: 'Tokens sent' })).not.toBeInTheDocument();
  });

  it('retrying after a network error sends the same request_id; a new submission a new one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { requests } = routeFetch({
      'GET /token/info': () => jsonResponse(info),
      'POST /token/request': () =>
        fail ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(transfer()),
    });
    const user = userEvent.setup();
    renderCard();

    await user.type(addressField(), ADDRESS);
    await user.type(amountField(), '5');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.networkError);

    fail = false;
    await user.click(submit());
    await screen.findByRole('status', { name: 'Tokens sent' });

    await user.click(submit());
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(3));
    const [first, retry, next] = requests.filter((r) => r.method === 'POST').map(bodyOf);
    expect(retry!.request_id).toBe(first!.request_id);
    expect(next!.request_id).not.toBe(first!.request_id);
  });

  it('without a session, opens the login overlay instead of sending', async () => {
    authStore.clear();
    const { requests } = routeFetch({ 'GET /token/info': () => jsonResponse(info) });
    const user = userEvent.setup();
    renderCard();

    expect(screen.getByText('You need to be signed in to request tokens.')).toBeInTheDocument();
    await user.type(addressField(), ADDRESS);
    await user.type(amountField(), '5');
    await user.click(submit());

    expect(authStore.getState().loginPrompt).toEqual({ message: 'Please login to request tokens' });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('a 401 opens the login overlay and shows no error box', async () => {
    routeFetch({
      'GET /token/info': () => jsonResponse(info),
      'POST /token/request': () => jsonResponse({ detail: MESSAGES.notAuthenticated }, 401),
    });
    const user = userEvent.setup();
    renderCard();

    await user.type(addressField(), ADDRESS);
    await user.type(amountField(), '5');
    await user.click(submit());

    await waitFor(() =>
      expect(authStore.getState().loginPrompt).toEqual({
        message: 'Please login to request tokens',
      }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says so when the faucet is switched off: 'The token faucet is not available right now'", async () => {
    routeFetch({ 'GET /token/info': () => jsonResponse({ ...info, enabled: false }) });
    renderCard();

    expect(await screen.findByText(MESSAGES.faucetDisabled)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });
});
