import { MESSAGES } from '@symposia/shared';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_A, createFakePhantom } from '../testing/fake-phantom';
import { createLazyWalletStore } from './lazy-wallet-store';

/** The real store module, counted each time the lazy store asks for it. */
function countingLoader() {
  const load = vi.fn(() => import('./wallet-store'));
  return load;
}

describe('lazy wallet store', () => {
  it('without Phantom: loads nothing on start, shows no wallet', async () => {
    const load = countingLoader();
    const store = createLazyWalletStore({ getProvider: () => null, load });

    const stop = store.start();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(load).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ connected: false, address: null });
    stop();
  });

  it('without Phantom: Connect loads the store once and says to install Phantom', async () => {
    const load = countingLoader();
    const store = createLazyWalletStore({ getProvider: () => null, load });
    const seen = vi.fn();
    store.subscribe(seen);

    await expect(store.connect()).resolves.toEqual({
      ok: false,
      notice: MESSAGES.installPhantom,
    });
    await store.connect();

    expect(load).toHaveBeenCalledOnce();
    expect(store.getState().error).toBe(MESSAGES.installPhantom);
    expect(seen).toHaveBeenCalled();
  });

  it('with a trusted Phantom: loads at start and connects silently, with the network name', async () => {
    const phantom = createFakePhantom({ trusted: true });
    const load = countingLoader();
    const store = createLazyWalletStore({ getProvider: () => phantom.provider, load });
    store.setNetworkResolver(() => Promise.resolve('embedded'));

    const stop = store.start();

    await vi.waitFor(() =>
      expect(store.getState()).toMatchObject({
        connected: true,
        address: ADDRESS_A,
        network: 'embedded',
      }),
    );
    expect(load).toHaveBeenCalledOnce();
    stop();
  });

  it('stopped before the store arrived: does not start it afterwards', async () => {
    const phantom = createFakePhantom({ trusted: true });
    const store = createLazyWalletStore({ getProvider: () => phantom.provider });

    store.start()();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(store.getState().connected).toBe(false);
  });
});
