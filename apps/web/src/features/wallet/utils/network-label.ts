import { WALLET_UI } from '../texts';
import type { WalletState } from '../types';

/** The network line of the wallet views: its name, or why there is none yet. */
export function networkLabel({
  networkName,
  networkLoading,
}: Pick<WalletState, 'networkName' | 'networkLoading'>): string {
  if (networkName) return networkName;
  return networkLoading ? WALLET_UI.networkLoading : WALLET_UI.networkUnknown;
}
