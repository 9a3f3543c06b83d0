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
const OTHER = 'BPFLoaderUpgradeab1e11111111111111111111111';
const UNLINKED = 'So11111111111111111111111111111111111111112';
const SIGNATURE =
  '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';
const OLD_SIGNATURE =
  '3xPpt4cRmcDvJEbzpgGsMGpB1WyV2n5gAxCy1wtJ6TgZZQ9XuwbHpVqLCHcaFQwVjAGjLQxqH6b5oz5VkuRhJZsb';

const rewards = (overrides: Partial<RewardsMe> = {}): RewardsMe => ({
  claimable: '1250.5',
  frozen: '0',
  pending_score: 17,
  // Far ahead, so the countdown never ends during a test.
  epoch: { id: 4, ends_at: '2099-03-08T00:00:00.000Z' },
  history: [
    { epoch: 3, score: 21, amount: '1250.5', claimed_at: null, signature: null, hold: null },
    {
      epoch: 2,
      score: 8.25,
      amount: '40',
      claimed_at: '2026-02-20T04:00:00.000Z',
      signature: OLD_SIGNATURE,
      hold: null,
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
    renderWithProviders(<RewardsCard walletAddress={null} linkedWallets={[WALLET]} />);

    expect(within(card()).getByText(/Sign in to see the tokens/)).toBeVisible();
    await userEvent.click(within(card()).getByRole('button', { name: 'Sign in' }));
    expect(authStore.getState().loginPrompt).toEqual({
      message: 'Please login to claim your rewards',
    });
    expect(requests).toHaveLength(0);
  });

  it('shows a frozen balance apart, says why, and marks the history entries held', async () => {
    signIn();
    const history = rewards().history;
    routeFetch({
      'GET /rewards/me': () =>
        jsonResponse(
          rewards({
            claimable: '0',
            frozen: '1250.5',
            history: [
              { ...history[0]!, hold: 'frozen' },
              { ...history[1]!, claimed_at: null, signature: null, hold: 'forfeited' },
            ],
          }),
        ),
    });
    renderWithProviders(<RewardsCard walletAddress={null} linkedWallets={[WALLET]} />);

    expect(await within(card()).findByTestId('rewards-frozen')).toHaveTextContent('1,250.5 tokens');
    expect(within(card()).getByTestId('rewards-claimable')).toHaveTextContent('0 tokens');
    expect(within(card()).getByTestId('rewards-frozen-note')).toHaveTextContent(
      'Your rewards are frozen while the moderators review your account.',
    );
    const claimed = within(card()).getAllByTestId('reward-history-claim');
    expect(claimed.map((each) => each.textContent)).toEqual(['Frozen', 'Forfeited to the pool']);
  });

  it('shows no frozen figure when nothing is frozen', async () => {
    signIn();
    routeFetch({ 'GET /rewards/me': () => jsonResponse(rewards()) });
    renderWithProviders(<RewardsCard walletAddress={null} linkedWallets={[WALLET]} />);
    await within(card()).findByTestId('rewards-claimable');
    expect(within(card()).queryByTestId('rewards-frozen')).toBeNull();
    expect(within(card()).queryByTestId('rewards-frozen-note')).toBeNull();
  });

  it('shows the claimable balance, the score so far, the time left and the history', async () => {
    signIn();
    routeFetch({ 'GET /rewards/me': () => jsonResponse(rewards()) });
    renderWithProviders(<RewardsCard walletAddress={null} linkedWallets={[WALLET]} />);

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
    renderWithProviders(<RewardsCard walletAddress={null} linkedWallets={[WALLET]} />);
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
    renderWithProviders(<RewardsCard walletAddress={null} linkedWallets={[WALLET]} />);
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
    renderWithProviders(<RewardsCard walletAddress={WALLET} linkedWallets={[WALLET]} />);
    expect(await within(card()).findByTestId('claim-wallet')).toHaveTextContent(WALLET);

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

  it('with several linked wallets, claims to the one chosen (the connected one first)', async () => {
    signIn();
    const { requests } = routeFetch({
      'GET /rewards/me': () => jsonResponse(rewards()),
      'POST /rewards/claim': () => jsonResponse(claim({ address: OTHER })),
    });
    renderWithProviders(<RewardsCard walletAddress={WALLET} linkedWallets={[OTHER, WALLET]} />);
    const choice = await within(card()).findByRole('group', { name: 'Pay to your linked wallet' });
    expect(within(choice).getByRole('radio', { name: WALLET })).toBeChecked();
    expect(within(choice).getByRole('radio', { name: OTHER })).not.toBeChecked();

    await userEvent.click(within(choice).getByRole('radio', { name: OTHER }));
    await userEvent.click(claimButton());
    await within(card()).findByRole('status', { name: 'Rewards claimed' });
    expect(claims(requests).map((body) => body.address)).toEqual([OTHER]);
  });

  it('a connected wallet that is not linked is not offered: the first linked one is', async () => {
    signIn();
    routeFetch({ 'GET /rewards/me': () => jsonResponse(rewards()) });
    renderWithProviders(<RewardsCard walletAddress={UNLINKED} linkedWallets={[WALLET]} />);
    expect(await within(card()).findByTestId('claim-wallet')).toHaveTextContent(WALLET);
    expect(within(card()).queryByText(UNLINKED)).not.toBeInTheDocument();
  });

  it('without a linked wallet, says to link one on My Page and offers no claim', async () => {
    signIn();
    const { requests } = routeFetch({ 'GET /rewards/me': () => jsonResponse(rewards()) });
    renderWithProviders(<RewardsCard walletAddress={WALLET} linkedWallets={[]} />);
    const needs = await within(card()).findByTestId('claim-needs-wallet');
    expect(needs).toHaveTextContent(/paid only to a wallet you linked/);
    expect(within(needs).getByRole('link', { name: 'Link a wallet on My Page' })).toHaveAttribute(
      'href',
      '/mypage',
    );
    expect(within(card()).queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
    expect(claims(requests)).toHaveLength(0);
  });

  it('says while the linked wallets load, and when they could not be', async () => {
    signIn();
    routeFetch({ 'GET /rewards/me': () => jsonResponse(rewards()) });
    const { unmount } = renderWithProviders(
      <RewardsCard walletAddress={WALLET} linkedWallets="loading" />,
    );
    expect(await within(card()).findByText('Loading your linked wallets…')).toBeVisible();
    unmount();
    renderWithProviders(<RewardsCard walletAddress={WALLET} linkedWallets="failed" />);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Your linked wallets could not be loaded.',
    );
    expect(within(card()).queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();
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
    renderWithProviders(<RewardsCard walletAddress={WALLET} linkedWallets={[WALLET]} />);
    await userEvent.click(await within(card()).findByRole('button', { name: 'Claim' }));
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('The claim failed');
    expect(within(alert).getByTestId('claim-error')).toHaveTextContent(detail);
    expect(claimButton()).toHaveTextContent('Claim');
  });

  it("the server's refusal of an address (unlinked meanwhile) is shown in its words", async () => {
    signIn();
    routeFetch({
      'GET /rewards/me': () => jsonResponse(rewards()),
      'POST /rewards/claim': () =>
        refused(422, `address: ${MESSAGES.rewardClaimWalletNotLinked}`, [
          { field: 'address', message: MESSAGES.rewardClaimWalletNotLinked },
        ]),
    });
    renderWithProviders(<RewardsCard walletAddress={null} linkedWallets={[WALLET]} />);
    await userEvent.click(await within(card()).findByRole('button', { name: 'Claim' }));
    expect(await within(card()).findByTestId('claim-error')).toHaveTextContent(
      MESSAGES.rewardClaimWalletNotLinked,
    );
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
    renderWithProviders(<RewardsCard walletAddress={WALLET} linkedWallets={[WALLET]} />);

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
