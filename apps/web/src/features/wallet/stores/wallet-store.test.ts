import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { ADDRESS_A, ADDRESS_B, createFakePhantom } from '../testing/fake-phantom';
import { createWalletStore } from './wallet-store';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(options: Parameters<typeof createFakePhantom>[0] = {}) {
  const phantom = createFakePhantom(options);
  const resolveNetwork = vi.fn(() => Promise.resolve('embedded'));
  const store = createWalletStore({ getProvider: () => phantom.provider, resolveNetwork });
  return { phantom, store, resolveNetwork };
}

describe('wallet store', () => {
  it('starts disconnected with the state of spec §3', () => {
    const { store } = setup();
    expect(store.getState()).toEqual({
      address: null,
      connected: false,
      wallet: null,
      network: null,
      networkLoading: false,
      error: null,
      connecting: false,
    });
  });

  it('connects silently on start when the site is trusted, and asks for the network name', async () => {
    const { phantom, store, resolveNetwork } = setup({ trusted: true });
    const connect = vi.spyOn(phantom.provider, 'connect');

    store.start();
    await flush();

    expect(connect).toHaveBeenCalledWith({ onlyIfTrusted: true });
    expect(store.getState()).toMatchObject({
      address: ADDRESS_A,
      connected: true,
      wallet: phantom.provider,
      network: 'embedded',
      error: null,
    });
    expect(resolveNetwork).toHaveBeenCalledTimes(1);
  });

  it("logs 'No trusted connection' and stays disconnected when the site is not trusted", async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const { store } = setup({ trusted: false });

    store.start();
    await flush();

    expect(info).toHaveBeenCalledWith(MESSAGES.noTrustedConnection);
    expect(store.getState()).toMatchObject({ connected: false, address: null, error: null });
  });

  it('tries the silent connect only once, even when started again (StrictMode)', async () => {
    const { phantom, store } = setup({ trusted: true });
    const connect = vi.spyOn(phantom.provider, 'connect');

    const stop = store.start();
    stop();
    store.start();
    await flush();

    expect(connect).toHaveBeenCalledTimes(1);
    expect(phantom.listenerCount()).toBe(3);
  });

  it('follows the connect, accountChanged and disconnect events', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const { phantom, store } = setup();
    store.start();
    await flush();

    phantom.setTrusted(true);
    await phantom.provider.connect();
    await flush();
    expect(store.getState()).toMatchObject({ connected: true, address: ADDRESS_A });
    expect(store.getState().network).toBe('embedded');

    phantom.emitAccountChanged(ADDRESS_B);
    expect(store.getState()).toMatchObject({ connected: true, address: ADDRESS_B });
    expect(store.getState().network).toBe('embedded');

    phantom.emitDisconnect();
    expect(store.getState()).toMatchObject({
      address: null,
      connected: false,
      wallet: null,
      network: null,
    });
  });

  it('an account switch to an account that is not trusted ends the connection', async () => {
    const { phantom, store } = setup({ trusted: true });
    store.start();
    await flush();
    expect(store.getState().connected).toBe(true);

    phantom.setTrusted(false);
    phantom.emitAccountChanged(null);
    await flush();

    expect(store.getState()).toMatchObject({ connected: false, address: null });
  });

  it('connect(): approved by the user', async () => {
    const { store } = setup();
    const outcome = await store.connect();
    await flush();

    expect(outcome).toEqual({ ok: true, address: ADDRESS_A });
    expect(store.getState()).toMatchObject({
      connected: true,
      address: ADDRESS_A,
      network: 'embedded',
      connecting: false,
    });
  });

  it("connect(): code 4001 is 'Connection request rejected' (state: 'User rejected the request')", async () => {
    const { phantom, store } = setup();
    phantom.failNextConnect({ code: 4001, message: 'User rejected the request.' });

    const outcome = await store.connect();

    expect(outcome).toEqual({ ok: false, notice: MESSAGES.connectionRejected });
    expect(store.getState()).toMatchObject({
      connected: false,
      error: MESSAGES.userRejected,
      connecting: false,
    });
  });

  it("connect(): any other failure is 'Connection failed' (state: the error's message)", async () => {
    const { phantom, store } = setup();
    phantom.failNextConnect(new Error('Phantom is locked'));

    expect(await store.connect()).toEqual({ ok: false, notice: MESSAGES.connectionFailed });
    expect(store.getState().error).toBe('Phantom is locked');

    phantom.failNextConnect({ code: -32603 });
    expect(await store.connect()).toEqual({ ok: false, notice: MESSAGES.connectionFailed });
    expect(store.getState().error).toBe(MESSAGES.connectWalletFailed);
  });

  it("connect() without Phantom: 'Please install Phantom Wallet'", async () => {
    const store = createWalletStore({ getProvider: () => null });
    expect(store.start()).toBeTypeOf('function');

    expect(await store.connect()).toEqual({ ok: false, notice: MESSAGES.installPhantom });
    expect(store.getState()).toMatchObject({ connected: false, error: MESSAGES.installPhantom });
  });

  it('marks the connect as pending while Phantom asks the user', async () => {
    const { phantom, store } = setup();
    phantom.hold();

    const pending = store.connect();
    expect(store.getState().connecting).toBe(true);
    phantom.release();
    await pending;

    expect(store.getState()).toMatchObject({ connecting: false, connected: true });
  });

  it('disconnect() resets at once and tells Phantom', async () => {
    const { phantom, store } = setup({ trusted: true });
    const disconnect = vi.spyOn(phantom.provider, 'disconnect');
    store.start();
    await flush();

    await store.disconnect();

    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ connected: false, address: null, wallet: null });
  });

  it('stops listening to Phantom when stopped', () => {
    const { phantom, store } = setup();
    const stop = store.start();
    expect(phantom.listenerCount()).toBe(3);
    stop();
    expect(phantom.listenerCount()).toBe(0);
  });

  it("uses the spec's network name without a resolver, and none when the resolver fails", async () => {
    const phantom = createFakePhantom({ trusted: true });
    const plain = createWalletStore({ getProvider: () => phantom.provider });
    plain.start();
    await flush();
    expect(plain.getState().network).toBe('mainnet-beta');

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failing = createWalletStore({
      getProvider: () => createFakePhantom({ trusted: true }).provider,
      resolveNetwork: () => Promise.reject(new Error('offline')),
    });
    failing.start();
    await flush();
    expect(failing.getState()).toMatchObject({
      connected: true,
      network: null,
      networkLoading: false,
    });
    expect(warn).toHaveBeenCalled();
  });
});
