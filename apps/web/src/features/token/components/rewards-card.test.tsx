import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type RewardClaim, type RewardsMe } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { RewardsCard } from './rewards-card';

const WALLET = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const TYPED = 'BPFLoaderUpgradeab1e11111111111111111111111';
const SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const OLD_SIGNATURE =
  '3xPpt4cRmcDvJEbzpgGsMGpB1WyV2n5gAxCy1wtJ6TgZZQ9XuwbHpVqLCHcaFQwVjAGjLQxqH6b5oz5VkuRhJZsb';

const rewards = (overrides: Partial<RewardsMe> = {}): RewardsMe => ({
  claimable: '1250.5',
  pending_score: 17,
  // Far ahead, so the countdown never ends during a test.
  epoch: { id: 4, ends_at: '2099-03-08T00:00:00.000Z' },
  history: [
    { epoch: 3, score: 21, amount: '1250.5', claimed_at: null, signature: null },
    {
      epoch: 2,
      score: 8.25,
      amount: '40',
      claimed_at: '2026-02-20T04:00:00.000Z',
      signature: OLD_SIGNATURE,
    },
  ],
  total_earned: '1290.5',
  claim_allowed_from: null,
  min_claim: '10',
  ...overrides,
});

const claim = (overrides: Partial<RewardClaim> = {}): RewardClaim => ({
  address: WALLET,
  amount: '1250.5',
  signature: SIGNATURE,
  time: '2026-03-01T04:05:06.000Z',
  explorer_url: null,
  ...overrides,
});

const refused = (status: number, detail: string, errors?: unknown) =>
  jsonResponse({ detail, ...(errors ? { errors } : {}) }, status);

const bodyOf = (request: RecordedRequest) =>
  JSON.parse(String(request.body)) as { address?: string; request_id: string };

const claims = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'POST').map(bodyOf);

const card = () => screen.getByRole('region', { name: 'Your rewards' });
const claimButton = () =>
  within(card()).getByRole('button', { name: /^(Claim|Claiming…|Try again)$/ });

function signIn() {
  authStore.signIn('tok', makeCurrentUser());
}

describe('RewardsCard', () => {
  it('signed out: invites to sign in and asks the server nothing', async () => {
    const { requests } = routeFetch({});
    renderWithProviders(<RewardsCard walletAddress={null} />);

    expect(within(card()).getByText(/Sign in to see the tokens/)).toBeVisible();
    await userEvent.click(within(card()).getByRole('button', { name: 'Sign in' }));
    expect(authStore.getState().loginPrompt).toEqual({
      message: 'Please login to claim your rewards',
    });
    expect(requests).toHaveLength(0);
  });

  it('shows the claimable balance, the score so far, the time left and the history', async () => {
    signIn();
    routeFetch({ 'GET /rewards/me': () => jsonResponse(rewards()) });
    renderWithProviders(<RewardsCard walletAddress={null} />);

    expect(await within(card()).findByTestId('rewards-claimable')).toHaveTextContent(
      '1,250.5 tokens',
    );
    expect(within(card()).getByText('Score in epoch 4 so far')).toBeVisible();
    expect(within(card()).getByTestId('rewards-score')).toHaveTextContent('17');
    expect(within(card()).getByText('1,290.5 tokens')).toBeVisible();
    expect(within(card()).getByTestId('epoch-countdown')).toHaveTextContent(
      /^\d+d \d+h \d+m \d+s on 2099-03-08 08:00$/,
    );
    expect(within(card()).getByText('Claims pay out from 10 tokens.')).toBeVisible();

    const items = within(card()).getAllByTestId('reward-history-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Epoch 3');
    expect(items[0]).toHaveTextContent('Not claimed yet');
    expect(within(items[0]!).queryByTestId('reward-history-signature')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('40 tokens');
    expect(items[1]).toHaveTextContent('2026-02-20 12:00');
    expect(within(items[1]!).getByTestId('reward-history-signature')).toHaveTextContent(
      OLD_SIGNATURE,
    );
  });

  it('says from when a new account may claim, and that nothing was credited yet', async () => {
    signIn();
    routeFetch({
      'GET /rewards/me': () =>
        jsonResponse(
          rewards({
            claimable: '0',
            history: [],
            total_earned: '0',
            claim_allowed_from: '2026-03-08T04:00:00.000Z',
          }),
        ),
    });
    renderWithProviders(<RewardsCard walletAddress={null} />);
    expect(
      await within(card()).findByText(
        'Claims pay out from 10 tokens. Your account can claim from 2026-03-08 12:00.',
      ),
    ).toBeVisible();
    expect(within(card()).getByText('No rewards credited yet.')).toBeVisible();
  });

  it('a failed load offers Retry', async () => {
    signIn();
    let fail = true;
    routeFetch({
      'GET /rewards/me': () =>
        fail ? refused(500, 'Internal Server Error') : jsonResponse(rewards()),
    });
    renderWithProviders(<RewardsCard walletAddress={null} />);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Your rewards could not be loaded.',
    );
    fail = false;
    await userEvent.click(within(card()).getByRole('button', { name: 'Retry' }));
    expect(await within(card()).findByTestId('rewards-claimable')).toBeVisible();
  });

  it('claims to the connected wallet and shows the transaction hash with its explorer link', async () => {
    signIn();
    let claimed = false;
    const explorer = `https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`;
    const { requests } = routeFetch({
      'GET /rewards/me': () =>
        jsonResponse(
          claimed
            ? rewards({
                claimable: '0',
                history: rewards().history.map((entry) =>
                  entry.epoch === 3
                    ? { ...entry, claimed_at: '2026-03-01T04:05:06.000Z', signature: SIGNATURE }
                    : entry,
                ),
              })
            : rewards(),
        ),
      'POST /rewards/claim': () => {
        claimed = true;
        return jsonResponse(claim({ explorer_url: explorer }));
      },
    });
    renderWithProviders(<RewardsCard walletAddress={WALLET} />);
    expect(await within(card()).findByTestId('claim-wallet')).toHaveTextContent(WALLET);
    expect(within(card()).queryByLabelText('Receiving address')).not.toBeInTheDocument();

    await userEvent.click(claimButton());
    const result = await within(card()).findByRole('status', { name: 'Rewards claimed' });
    expect(within(result).getByTestId('transfer-address')).toHaveTextContent(WALLET);
    expect(within(result).getByTestId('transfer-amount')).toHaveTextContent('1,250.5 tokens');
    expect(within(result).getByRole('link', { name: new RegExp(SIGNATURE) })).toHaveAttribute(
      'href',
      explorer,
    );
    expect(within(result).getByTestId('transfer-time')).toHaveTextContent('2026-03-01 12:05');

    const [sent] = claims(requests);
    expect(sent?.address).toBe(WALLET);
    expect(sent?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    // The balance and the history are read again.
    await waitFor(() =>
      expect(within(card()).getByTestId('rewards-claimable')).toHaveTextContent('0 tokens'),
    );
    expect(within(card()).getAllByTestId('reward-history-signature')[0]).toHaveTextContent(
      SIGNATURE,
    );
  });

  it('claims to a typed address, checked like the faucet form first', async () => {
    signIn();
    const { requests } = routeFetch({
      'GET /rewards/me': () => jsonResponse(rewards()),
      'POST /rewards/claim': () => jsonResponse(claim({ address: TYPED })),
    });
    renderWithProviders(<RewardsCard walletAddress={WALLET} />);
    await userEvent.click(
      await within(card()).findByRole('button', { name: 'Send to another address' }),
    );
    const field = within(card()).getByLabelText('Receiving address');
    await waitFor(() => expect(field).toHaveFocus());

    await userEvent.click(claimButton());
    expect(await within(card()).findByText(MESSAGES.enterReceivingAddress)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, 'not-an-address');
    await userEvent.click(claimButton());
    expect(await within(card()).findByText(MESSAGES.invalidSolanaAddress)).toBeVisible();
    expect(claims(requests)).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, `  ${TYPED} `);
    await userEvent.keyboard('{Enter}');
    await within(card()).findByRole('status', { name: 'Rewards claimed' });
    expect(claims(requests).map((body) => body.address)).toEqual([TYPED]);

    // Back to the wallet.
    await userEvent.click(
      within(card()).getByRole('button', { name: 'Send to my connected wallet' }),
    );
    expect(within(card()).getByTestId('claim-wallet')).toHaveTextContent(WALLET);
  });

  it.each([
    [403, MESSAGES.rewardClaimTooEarly('2026-03-08 12:00')],
    [422, MESSAGES.rewardClaimBelowMinimum('10', '3.5')],
  ])('a %i says why, in the server’s words', async (status, detail) => {
    signIn();
    routeFetch({
      'GET /rewards/me': () => jsonResponse(rewards({ claimable: '3.5' })),
      'POST /rewards/claim': () => refused(status, detail),
    });
    renderWithProviders(<RewardsCard walletAddress={WALLET} />);
    await userEvent.click(await within(card()).findByRole('button', { name: 'Claim' }));
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('The claim failed');
    expect(within(alert).getByTestId('claim-error')).toHaveTextContent(detail);
    expect(claimButton()).toHaveTextContent('Claim');
  });

  it("the server's refusal of a typed address shows at the field", async () => {
    signIn();
    routeFetch({
      'GET /rewards/me': () => jsonResponse(rewards()),
      'POST /rewards/claim': () =>
        refused(422, 'address: Invalid Solana address', [
          { field: 'address', message: MESSAGES.invalidSolanaAddress },
        ]),
    });
    renderWithProviders(<RewardsCard walletAddress={null} />);
    await userEvent.type(await within(card()).findByLabelText('Receiving address'), TYPED);
    await userEvent.click(claimButton());
    expect(await within(card()).findByText(MESSAGES.invalidSolanaAddress)).toBeVisible();
    expect(within(card()).getByLabelText('Receiving address')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('trying again after no answer resends the same request_id; a new claim gets a new one', async () => {
    signIn();
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => refused(409, MESSAGES.rewardClaimPending),
      () => jsonResponse(claim()),
      () => refused(422, MESSAGES.rewardClaimBelowMinimum('10', '0')),
    ];
    const { requests } = routeFetch({
      'GET /rewards/me': () => jsonResponse(rewards()),
      'POST /rewards/claim': () => answers.shift()!(),
    });
    renderWithProviders(<RewardsCard walletAddress={WALLET} />);

    await userEvent.click(await within(card()).findByRole('button', { name: 'Claim' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(MESSAGES.networkError);
    await userEvent.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(await within(card()).findByTestId('claim-error')).toHaveTextContent(
      MESSAGES.rewardClaimPending,
    );
    await userEvent.click(within(card()).getByRole('button', { name: 'Try again' }));
    await within(card()).findByRole('status', { name: 'Rewards claimed' });
    await userEvent.click(within(card()).getByRole('button', { name: 'Claim' }));
    await within(card()).findByRole('alert');

    const ids = claims(requests).map((body) => body.request_id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(ids[3]).not.toBe(ids[0]);
  });
});
