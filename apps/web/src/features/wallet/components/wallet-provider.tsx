import {
  createContext,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { ConnectOutcome, PhantomProvider, WalletState } from '../types';
import { createLazyWalletStore } from '../stores/lazy-wallet-store';
import type { WalletStore } from '../stores/wallet-store';

const WalletContext = createContext<WalletStore | null>(null);

type WalletProviderProps = {
  children: ReactNode;
  /**
   * The network the faucet pays on, asked once a wallet is connected. The app passes the server's
   * answer (GET /token/info `cluster`, a code the views label in the reader's language); without
   * it mainnet-beta, shown as the spec's 'Solana Mainnet'.
   * Its identity may change between renders; the latest one is used.
   */
  resolveNetwork?: () => Promise<string>;
  /** Tests only: where Phantom is found. */
  getProvider?: () => PhantomProvider | null;
  /** Tests only: a store made elsewhere. */
  store?: WalletStore;
};

/**
 * Holds the wallet connection for the whole app (spec §3) and, once mounted, follows Phantom's
 * events and tries the silent connect. Mount it once, above every screen and the header.
 */
export function WalletProvider({
  children,
  resolveNetwork,
  getProvider,
  store: given,
}: WalletProviderProps) {
  const [store] = useState(() => given ?? createLazyWalletStore({ getProvider }));

  // Before start(), so a silent connect already asks the right place for the network.
  useEffect(() => {
    if (resolveNetwork) store.setNetworkResolver(resolveNetwork);
  }, [store, resolveNetwork]);

  useEffect(() => store.start(), [store]);

  return <WalletContext value={store}>{children}</WalletContext>;
}

export type UseWallet = WalletState & {
  connect: () => Promise<ConnectOutcome>;
  disconnect: () => Promise<void>;
};

/** The wallet connection and its two actions; only inside a WalletProvider. */
export function useWallet(): UseWallet {
  const store = useContext(WalletContext);
  if (!store) throw new Error('useWallet needs a <WalletProvider> above it');
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, connect: store.connect, disconnect: store.disconnect };
}
