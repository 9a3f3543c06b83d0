import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type LinkedWallets } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import {
  ADDRESS_A,
  ADDRESS_B,
  createFakePhantom,
  SIGNATURE_BASE64,
  type FakePhantom,
} from '../testing/fake-phantom';
import { WalletCard } from './wallet-card';
import { WalletProvider } from './wallet-provider';

const MESSAGE = `localhost wants you to sign in with your Solana account:\n${ADDRESS_A}\n\nLink this wallet.\n\nNonce: 0123456789abcdef`;

const list = (...addresses: string[]): LinkedWallets => ({
  wallets: addresses.map((address) => ({ address, linked_at: '2026-03-01T00:00:00.000Z' })),
});

function renderCard(phantom: FakePhantom | null) {
  authStore.signIn('tok', makeCurrentUser());
  return renderWithProviders(
    <WalletProvider
      getProvider={() => phantom?.provider ?? null}
      resolveNetwork={() => Promise.resolve('Solana Mainnet')}
    >
      <WalletCard />
    </WalletProvider>,
  );
}

const section = () => screen.getByRole('region', { name: 'Linked wallets' });
const posts = (requests: RecordedRequest[], path: string) =>
  requests
    .filter((request) => request.method === 'POST' && request.url.endsWith(path))
    .map((request) => JSON.parse(String(request.body)) as Record<string, string>);

describe('Linked wallets on the wallet card (My Page)', () => {
  it('links the connected wallet: challenge, Phantom signs the message as text, the signature is sent', async () => {
    let linked = false;
    const phantom = createFakePhantom({ trusted: true });
    const { requests } = routeFetch({
      'GET /wallets': () => jsonResponse(linked ? list(ADDRESS_A) : list()),
      'POST /wallets/challenge': () =>
        jsonResponse({ message: MESSAGE, nonce: '0123456789abcdef', expires_at: '2099-01-01' }),
      'POST /wallets': () => {
        linked = true;
        return jsonResponse({ address: ADDRESS_A, linked_at: '2026-03-01T00:00:00.000Z' });
      },
    });
    renderCard(phantom);

    expect(await within(section()).findByText('No wallet linked yet.')).toBeVisible();
    await userEvent.click(
      await within(section()).findByRole('button', { name: 'Link this wallet' }),
    );

    await waitFor(() =>
      expect(within(section()).getByTestId('linked-wallet')).toHaveTextContent(ADDRESS_A),
    );
    expect(within(section()).queryByRole('button', { name: 'Link this wallet' })).toBeNull();
    expect(posts(requests, '/wallets/challenge')).toEqual([{ address: ADDRESS_A }]);
    expect(phantom.signed).toEqual([{ text: MESSAGE, display: 'utf8' }]);
    expect(posts(requests, '/wallets')).toEqual([
      { address: ADDRESS_A, message: MESSAGE, signature: SIGNATURE_BASE64 },
    ]);
  });

  it('says so when the person declines to sign, and sends nothing to link', async () => {
    const phantom = createFakePhantom({ trusted: true });
    phantom.failNextSign({ code: 4001, message: 'User rejected the request.' });
    const { requests } = routeFetch({
      'GET /wallets': () => jsonResponse(list()),
      'POST /wallets/challenge': () =>
        jsonResponse({ message: MESSAGE, nonce: '0123456789abcdef', expires_at: '2099-01-01' }),
    });
    renderCard(phantom);
    await userEvent.click(
      await within(section()).findByRole('button', { name: 'Link this wallet' }),
    );
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'You declined to sign, so the wallet was not linked.',
    );
    expect(posts(requests, '/wallets')).toEqual([]);
    // It may be tried again.
    expect(within(section()).getByRole('button', { name: 'Link this wallet' })).toBeEnabled();
  });

  it("shows the server's refusal in its words (a wallet another member holds)", async () => {
    routeFetch({
      'GET /wallets': () => jsonResponse(list()),
      'POST /wallets/challenge': () =>
        jsonResponse(
          {
            detail: `address: ${MESSAGES.walletLinkedElsewhere}`,
            errors: [{ field: 'address', message: MESSAGES.walletLinkedElsewhere }],
          },
          422,
        ),
    });
    renderCard(createFakePhantom({ trusted: true }));
    await userEvent.click(
      await within(section()).findByRole('button', { name: 'Link this wallet' }),
    );
    expect(await within(section()).findByTestId('linked-wallets-error')).toHaveTextContent(
      MESSAGES.walletLinkedElsewhere,
    );
  });

  it('lists the linked wallets and unlinks one', async () => {
    let addresses = [ADDRESS_A, ADDRESS_B];
    const { requests } = routeFetch({
      'GET /wallets': () => jsonResponse(list(...addresses)),
      [`DELETE /wallets/${ADDRESS_B}`]: () => {
        addresses = [ADDRESS_A];
        return new Response(null, { status: 204 });
      },
    });
    renderCard(createFakePhantom({ trusted: true }));
    const items = await within(section()).findAllByTestId('linked-wallet');
    expect(items.map((item) => item.textContent)).toEqual([
      `${ADDRESS_A}Unlink`,
      `${ADDRESS_B}Unlink`,
    ]);
    // The connected wallet is linked: nothing to offer.
    expect(within(section()).queryByRole('button', { name: 'Link this wallet' })).toBeNull();

    await userEvent.click(within(section()).getByRole('button', { name: `Unlink ${ADDRESS_B}` }));
    await waitFor(() => expect(within(section()).getAllByTestId('linked-wallet')).toHaveLength(1));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('says while loading, offers Retry after a failed load, and asks to connect first', async () => {
    let fail = true;
    routeFetch({
      'GET /wallets': () => (fail ? jsonResponse({ detail: 'down' }, 500) : jsonResponse(list())),
    });
    renderCard(null);
    expect(within(section()).getByRole('status')).toHaveTextContent('Loading your linked wallets…');
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('Your linked wallets could not be loaded.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(section()).findByText('No wallet linked yet.')).toBeVisible();
    expect(within(section()).getByText('Connect your Phantom wallet to link it.')).toBeVisible();
    expect(within(section()).queryByRole('button', { name: 'Link this wallet' })).toBeNull();
  });
});
