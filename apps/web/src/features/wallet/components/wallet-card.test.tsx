import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { ADDRESS_A, createFakePhantom, type FakePhantom } from '../testing/fake-phantom';
import { WalletCard } from './wallet-card';
import { WalletPanel } from './wallet-panel';
import { WalletProvider } from './wallet-provider';

function renderWith(ui: ReactElement, phantom: FakePhantom | null) {
  // My Page's card lists the member's linked wallets too (linked-wallets.test.tsx).
  routeFetch({ 'GET /wallets': () => jsonResponse({ wallets: [] }) });
  return renderWithProviders(
    <WalletProvider
      getProvider={() => phantom?.provider ?? null}
      resolveNetwork={() => Promise.resolve('mainnet-beta')}
    >
      {ui}
    </WalletProvider>,
  );
}

describe('WalletCard (My Page)', () => {
  it('shows the address, the network and Connected; Copy puts the address on the clipboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({
      writeText,
    } as unknown as Clipboard);
    renderWith(<WalletCard />, createFakePhantom({ trusted: true }));

    expect(await screen.findByText(ADDRESS_A)).toBeInTheDocument();
    expect(screen.getByTestId('wallet-status')).toHaveTextContent('Connected');
    expect(await screen.findByText('Solana Mainnet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy address' }));

    expect(writeText).toHaveBeenCalledWith(ADDRESS_A);
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
  });

  it('says when copying is not possible', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({
      writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
    } as unknown as Clipboard);
    renderWith(<WalletCard />, createFakePhantom({ trusted: true }));

    await user.click(await screen.findByRole('button', { name: 'Copy address' }));

    expect(await screen.findByRole('status')).toHaveTextContent(/Could not copy/);
  });

  it('shows Disconnected and offers to connect; follows a disconnect event', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    const phantom = createFakePhantom();
    renderWith(<WalletCard />, phantom);

    expect(screen.getByTestId('wallet-status')).toHaveTextContent('Disconnected');
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(await screen.findByText(ADDRESS_A)).toBeInTheDocument();
    expect(screen.getByTestId('wallet-status')).toHaveTextContent('Connected');

    act(() => phantom.emitDisconnect());
    expect(screen.getByTestId('wallet-status')).toHaveTextContent('Disconnected');
  });
});

describe('WalletPanel (Token page)', () => {
  afterEach(() => changeLanguage('en'));

  it("prompts 'Connect Your Wallet'; without Phantom: 'Please install Phantom Wallet'", async () => {
    const user = userEvent.setup();
    renderWith(<WalletPanel />, null);

    expect(screen.getByRole('heading', { name: 'Connect Your Wallet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.installPhantom);
  });

  it('shows the connected address and network name, and disconnects', async () => {
    const user = userEvent.setup();
    renderWith(<WalletPanel />, createFakePhantom({ trusted: true }));

    expect(await screen.findByTestId('wallet-address')).toHaveTextContent(ADDRESS_A);
    expect(await screen.findByTestId('wallet-network')).toHaveTextContent('Solana Mainnet');

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(screen.getByRole('heading', { name: 'Connect Your Wallet' })).toBeInTheDocument();
  });

  it("labels the network code the server sends in the reader's language", async () => {
    await changeLanguage('zh-CN');
    renderWith(<WalletPanel />, createFakePhantom({ trusted: true }));
    expect(await screen.findByTestId('wallet-network')).toHaveTextContent('Solana 主网');
  });

  it("shows 'Loading…' while the network is asked for, 'Unknown network' when that fails", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail: (error: Error) => void = () => {};
    render(
      <WalletProvider
        getProvider={() => createFakePhantom({ trusted: true }).provider}
        resolveNetwork={() => new Promise<string>((_resolve, reject) => (fail = reject))}
      >
        <WalletPanel />
      </WalletProvider>,
    );

    expect(await screen.findByTestId('wallet-network')).toHaveTextContent('Loading…');
    act(() => fail(new Error('offline')));
    expect(await screen.findByText('Unknown network')).toBeInTheDocument();
  });
});
