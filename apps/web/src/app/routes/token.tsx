import { useTranslation } from 'react-i18next';
import { TokenScreen } from '@/features/token/components/token-screen';
import { useWallet } from '@/features/wallet/components/wallet-provider';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';
import { useDocumentTitle } from '@/lib/document-title';
import { useKnownReader } from '../hooks/use-known-reader';

/**
 * Token management (spec §2): the wallet feature's panel next to the token feature's request form,
 * which sends to the connected wallet when there is one; below, the member's rewards, claimed to
 * that wallet by default, and the leaderboard, which marks the reader's own row.
 */
export function TokenRoute() {
  const { t } = useTranslation('screen');
  useDocumentTitle(t('tokenTitle'));
  useKnownReader();
  const { connected, address } = useWallet();
  return (
    <TokenScreen
      walletPanel={<WalletPanel />}
      walletAddress={connected && address ? address : null}
    />
  );
}
