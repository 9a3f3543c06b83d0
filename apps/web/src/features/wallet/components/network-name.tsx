import { useTranslation } from 'react-i18next';
import type { WalletState } from '../types';

type NetworkNameProps = { wallet: Pick<WalletState, 'network' | 'networkLoading'> };

/** The networks the server names by code (GET /token/info `cluster`). */
const NETWORKS = ['mainnet-beta', 'devnet', 'testnet', 'custom', 'embedded'] as const;
type Network = (typeof NETWORKS)[number];
const isKnown = (network: string): network is Network =>
  (NETWORKS as readonly string[]).includes(network);

/**
 * The network line of the wallet views: the label of the server's network code in the reader's
 * language, or why there is none.
 */
export function NetworkName({ wallet }: NetworkNameProps) {
  const { t } = useTranslation('wallet');
  if (wallet.network) {
    return isKnown(wallet.network) ? t(`networks.${wallet.network}`) : t('networkUnknown');
  }
  return wallet.networkLoading ? t('networkLoading') : t('networkUnknown');
}
