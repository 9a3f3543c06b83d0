import type { PhantomProvider, WalletState } from '../types';
import { getPhantomProvider } from '../utils/phantom';
import { DISCONNECTED } from './disconnected';
import type * as WalletStoreModule from './wallet-store';
import type { WalletStore } from './wallet-store';

/**
 * The wallet store (./wallet-store.ts) behind the same interface, loaded only when it is needed:
 * at once where Phantom is installed (to follow its events and try the silent connect), else with
 * the first "Connect Wallet". A visitor without Phantom never loads it (issue 17: wallet code only
 * where it is used); until it has loaded, the state is DISCONNECTED.
 */
export function createLazyWalletStore({
  getProvider = getPhantomProvider,
  load = () => import('./wallet-store'),
}: {
  getProvider?: () => PhantomProvider | null;
  /** Tests only: how the store module is loaded. */
  load?: () => Promise<typeof WalletStoreModule>;
} = {}): WalletStore {
  let real: WalletStore | null = null;
  let loading: Promise<WalletStore> | null = null;
  let resolveNetwork: (() => Promise<string>) | undefined;
  let started = false;
  let stopReal: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const ensureLoaded = () => {
    loading ??= load().then(({ createWalletStore }) => {
      const store = createWalletStore({ getProvider });
      store.setNetworkResolver(resolveNetwork);
      store.subscribe(notify);
      real = store;
      if (started) stopReal = store.start();
      notify();
      return store;
    });
    return loading;
  };

  return {
    getState: (): WalletState => real?.getState() ?? DISCONNECTED,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    setNetworkResolver(resolver: (() => Promise<string>) | undefined): void {
      resolveNetwork = resolver;
      real?.setNetworkResolver(resolver);
    },

    start(): () => void {
      started = true;
      if (real) stopReal = real.start();
      else if (getProvider()) {
        ensureLoaded().catch((error: unknown) =>
          console.warn('The wallet connection could not load', error),
        );
      }
      return () => {
        started = false;
        stopReal?.();
        stopReal = null;
      };
    },

    async connect() {
      const store = await ensureLoaded();
      return store.connect();
    },

    async disconnect(): Promise<void> {
      await real?.disconnect();
    },
  };
}
