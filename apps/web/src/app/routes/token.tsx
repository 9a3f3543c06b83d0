import { useTranslation } from 'react-i18next';
import type { LinkedWalletsState } from '@/features/token/components/reward-claim-form';
import { TokenScreen } from '@/features/token/components/token-screen';
import { useLinkedWallets } from '@/features/wallet/api/linked-wallets';
import { useWallet } from '@/features/wallet/components/wallet-provider';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';
import { useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';
import { useKnownReader } from '../hooks/use-known-reader';

/**
 * Token management (spec §2): the wallet feature's panel next to the token feature's request form,
 * which sends to the connected wallet when there is one; below, the member's rewards, claimed to
 * one of the wallets they linked (the wallet feature's list, issue 28), and the leaderboard, which
 * marks the reader's own row.
 */
export function TokenRoute() {
  const { t } = useTranslation('screen');
  useDocumentTitle(t('tokenTitle'));
  useKnownReader();
  const { connected, address } = useWallet();
  const { token } = useAuth();
  const linked = useLinkedWallets(token !== null);
  const linkedWallets: LinkedWalletsState = linked.data
    ? linked.data.wallets.map((wallet) => wallet.address)
    : linked.isError
      ? 'failed'
      : 'loading';
  return (
    <TokenScreen
      walletPanel={<WalletPanel />}
      walletAddress={connected && address ? address : null}
      linkedWallets={linkedWallets}
    />
  );
}
