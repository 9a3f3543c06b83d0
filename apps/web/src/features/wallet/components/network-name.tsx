import { useTranslation } from 'react-i18next';
import type { WalletState } from '../types';

type NetworkNameProps = { wallet: Pick<WalletState, 'networkName' | 'networkLoading'> };

/** The network line of the wallet views: its name as the server gives it, or why there is none. */
export function NetworkName({ wallet }: NetworkNameProps) {
  const { t } = useTranslation('wallet');
  if (wallet.networkName) return <span translate="no">{wallet.networkName}</span>;
  return wallet.networkLoading ? t('networkLoading') : t('networkUnknown');
}
