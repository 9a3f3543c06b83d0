import { MESSAGES } from '@symposia/shared';
import type { ConnectOutcome, PhantomEventMap, PhantomProvider, WalletState } from '../types';
import { addressOf, errorMessageOf, getPhantomProvider, isUserRejection } from '../utils/phantom';
import { DISCONNECTED } from './disconnected';

export type WalletStoreOptions = {
  /** Where Phantom is found; the browser's `window.phantom.solana` unless a test says otherwise. */
  getProvider?: () => PhantomProvider | null;
  /** The network (its cluster code) the faucet pays on; the app asks the server (GET /token/info). */
  resolveNetwork?: () => Promise<string>;
};

type Listener = () => void;

/**
 * The wallet connection (spec §3, §4 "Wallet"): a small external store, so the header, the Token
 * page and My Page share one connection and tests can drive it without React.
 *
 * `start()` listens to Phantom's `connect`, `disconnect` and `accountChanged` events and tries a
 * silent `connect({ onlyIfTrusted: true })` once: it succeeds only when the site is already trusted,
 * and a failure is only logged ('No trusted connection'). `connect()` is the user's explicit request.
 */
const SPEC_NETWORK = () => Promise.resolve('mainnet-beta');

export function createWalletStore({
  getProvider = getPhantomProvider,
  resolveNetwork: initialResolver = SPEC_NETWORK,
}: WalletStoreOptions = {}) {
  let resolveNetwork = initialResolver;
  let state: WalletState = DISCONNECTED;
  const listeners = new Set<Listener>();
  /** Bumped whenever the connection ends, so late answers about an older one are dropped. */
  let generation = 0;
  let silentConnectTried = false;
  let attached: { provider: PhantomProvider; detach: () => void } | null = null;
  let networkRequest: number | null = null;

  const set = (next: Partial<WalletState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const reset = () => {
    generation += 1;
    networkRequest = null;
    set(DISCONNECTED);
  };

  const loadNetworkName = () => {
    if (state.network !== null || networkRequest === generation) return;
    const asked = generation;
    networkRequest = asked;
    set({ networkLoading: true });
    resolveNetwork().then(
      (network) => {
        if (asked === generation && state.connected) set({ network, networkLoading: false });
      },
      (error: unknown) => {
        console.warn('Could not find out which network the faucet uses', error);
        if (asked !== generation) return;
        networkRequest = null;
        set({ networkLoading: false });
      },
    );
  };

  const setConnected = (provider: PhantomProvider, address: string) => {
    set({ address, connected: true, wallet: provider, error: null, connecting: false });
    loadNetworkName();
  };

  const handlersFor = (provider: PhantomProvider): PhantomEventMap => ({
    connect: (publicKey) => {
      const address = addressOf(publicKey) ?? addressOf(provider.publicKey);
      if (address) setConnected(provider, address);
    },
    disconnect: () => {
      if (state.connected || state.address !== null) reset();
    },
    accountChanged: (publicKey) => {
      const address = addressOf(publicKey);
      if (address) {
        setConnected(provider, address);
        return;
      }
      // Phantom switched to an account this site is not connected to: reconnect only if trusted.
      if (!state.connected) return;
      const asked = generation;
      provider.connect({ onlyIfTrusted: true }).then(
        (result) => {
          const next = addressOf(result.publicKey) ?? addressOf(provider.publicKey);
          if (asked !== generation) return;
          if (next) setConnected(provider, next);
          else reset();
        },
        () => {
          if (asked === generation) reset();
        },
      );
    },
  });

  const attach = (provider: PhantomProvider) => {
    if (attached?.provider === provider) return;
    attached?.detach();
    const handlers = handlersFor(provider);
    const events = Object.keys(handlers) as (keyof PhantomEventMap)[];
    events.forEach((event) => provider.on(event, handlers[event]));
    attached = {
      provider,
      detach: () => {
        const off = (provider.off ?? provider.removeListener)?.bind(provider);
        if (off) events.forEach((event) => off(event, handlers[event]));
      },
    };
  };

  const detach = () => {
    attached?.detach();
    attached = null;
  };

  const silentConnect = async (provider: PhantomProvider) => {
    const asked = generation;
    try {
      const { publicKey } = await provider.connect({ onlyIfTrusted: true });
      const address = addressOf(publicKey) ?? addressOf(provider.publicKey);
      if (address && asked === generation && !state.connected) setConnected(provider, address);
    } catch {
      // Not trusted yet (or Phantom is locked): nothing to show, the user can still connect.
      console.info(MESSAGES.noTrustedConnection);
    }
  };

  return {
    getState: (): WalletState => state,

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Replaces how the network is found (the app passes the server's answer). */
    setNetworkResolver(resolver: (() => Promise<string>) | undefined): void {
      resolveNetwork = resolver ?? SPEC_NETWORK;
    },

    /** Follows Phantom's events and tries the silent connect (once per store); returns the cleanup. */
    start(): () => void {
      const provider = getProvider();
      if (provider) {
        attach(provider);
        if (!silentConnectTried) {
          silentConnectTried = true;
          void silentConnect(provider);
        }
      }
      return detach;
    },

    /** The user's "Connect Wallet": Phantom may prompt. Never throws; says what to show instead. */
    async connect(): Promise<ConnectOutcome> {
      const provider = getProvider();
      if (!provider) {
        set({ error: MESSAGES.installPhantom });
        return { ok: false, notice: MESSAGES.installPhantom };
      }
      attach(provider);
      const asked = generation;
      set({ connecting: true, error: null });
      try {
        const { publicKey } = await provider.connect();
        const address = addressOf(publicKey) ?? addressOf(provider.publicKey);
        if (!address) throw new Error(MESSAGES.connectWalletFailed);
        if (asked === generation) setConnected(provider, address);
        return { ok: true, address };
      } catch (error) {
        const rejected = isUserRejection(error);
        if (asked === generation) {
          set({
            connecting: false,
            // Spec §8: the state keeps the detailed reason, the header shows the short notice.
            error: rejected
              ? MESSAGES.userRejected
              : (errorMessageOf(error) ?? MESSAGES.connectWalletFailed),
          });
        }
        return {
          ok: false,
          notice: rejected ? MESSAGES.connectionRejected : MESSAGES.connectionFailed,
        };
      }
    },

    /** Ends the connection here at once and asks Phantom to forget it too. */
    async disconnect(): Promise<void> {
      const provider = state.wallet ?? getProvider();
      reset();
      try {
        await provider?.disconnect();
      } catch (error) {
        console.warn('Phantom did not confirm the disconnect', error);
      }
    },
  };
}

export type WalletStore = ReturnType<typeof createWalletStore>;
