import type { WalletState } from '../types';

/** No wallet: what every page shows until Phantom connects. */
export const DISCONNECTED: WalletState = {
  address: null,
  connected: false,
  wallet: null,
  network: null,
  networkLoading: false,
  error: null,
  connecting: false,
};
