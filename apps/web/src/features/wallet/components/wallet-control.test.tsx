import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, WALLET_TOAST_DURATION_MS } from '@symposia/shared';
import { ADDRESS_A, createFakePhantom, type FakePhantom } from '../testing/fake-phantom';
import { WalletControl } from './wallet-control';
import { WalletProvider } from './wallet-provider';

const SHORT_A = '7xKXtg…gAsU';

function renderControl(phantom: FakePhantom | null) {
  return render(
    <WalletProvider
      getProvider={() => phantom?.provider ?? null}
      resolveNetwork={() => Promise.resolve('embedded')}
    >
      <WalletControl />
    </WalletProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('WalletControl', () => {
  it('shows the trusted wallet without a click: first 6 … last 4 characters', async () => {
    renderControl(createFakePhantom({ trusted: true }));

    const button = await screen.findByRole('button', { name: `Connected wallet ${SHORT_A}` });
    expect(button).toHaveAttribute('title', ADDRESS_A);
    expect(screen.queryByRole('button', { name: 'Connect Wallet' })).not.toBeInTheDocument();
  });

  it("stays at 'Connect Wallet' when the site is not trusted", async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderControl(createFakePhantom({ trusted: false }));

    await vi.waitFor(() => expect(info).toHaveBeenCalledWith(MESSAGES.noTrustedConnection));
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
  });

  it('connects on click, then disconnects from its panel', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    renderControl(createFakePhantom());

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));
    const toggle = await screen.findByRole('button', { name: `Connected wallet ${SHORT_A}` });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getByText(ADDRESS_A)).toBeVisible();
    expect(await within(panel).findByText('Local chain (embedded)')).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it('closes its panel with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderControl(createFakePhantom({ trusted: true }));
    const toggle = await screen.findByRole('button', { name: `Connected wallet ${SHORT_A}` });

    await user.click(toggle);
    await user.keyboard('{Escape}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('goes back to Connect Wallet when Phantom emits disconnect', async () => {
    const phantom = createFakePhantom({ trusted: true });
    renderControl(phantom);
    await screen.findByRole('button', { name: `Connected wallet ${SHORT_A}` });

    act(() => phantom.emitDisconnect());

    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeInTheDocument();
  });

  it("shows 'Connection request rejected' for 3 s when the user refuses (code 4001)", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const phantom = createFakePhantom();
    phantom.failNextConnect({ code: 4001, message: 'User rejected the request.' });
    renderControl(phantom);

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));

    const status = screen.getByRole('status');
    // The refusal arrives after the click's own events: wait for it, not for a moment.
    await waitFor(() => expect(status).toHaveTextContent(MESSAGES.connectionRejected));
    act(() => vi.advanceTimersByTime(WALLET_TOAST_DURATION_MS - 100));
    expect(status).toHaveTextContent(MESSAGES.connectionRejected);
    act(() => vi.advanceTimersByTime(200));
    expect(status).toBeEmptyDOMElement();
  });

  it("shows 'Connection failed' for any other error", async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    const phantom = createFakePhantom();
    phantom.failNextConnect(new Error('Phantom is locked'));
    renderControl(phantom);

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));

    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.connectionFailed);
  });

  it("says 'Please install Phantom Wallet' without the extension", async () => {
    const user = userEvent.setup();
    renderControl(null);

    await user.click(screen.getByRole('button', { name: 'Connect Wallet' }));

    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.installPhantom);
  });

  it('cannot be clicked twice while Phantom is asking', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const user = userEvent.setup();
    const phantom = createFakePhantom();
    phantom.hold();
    renderControl(phantom);
    const button = screen.getByRole('button', { name: 'Connect Wallet' });

    await user.click(button);
    expect(button).toBeDisabled();

    await act(async () => phantom.release());
    expect(
      await screen.findByRole('button', { name: `Connected wallet ${SHORT_A}` }),
    ).toBeInTheDocument();
  });
});
