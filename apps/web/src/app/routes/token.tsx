import { TOKEN_TITLE, TokenScreen } from '@/features/token/components/token-screen';
import { useWallet } from '@/features/wallet/components/wallet-provider';
import { WalletPanel } from '@/features/wallet/components/wallet-panel';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * Token management (spec §2): the wallet feature's panel next to the token feature's request form,
 * which sends to the connected wallet when there is one.
 */
export function TokenRoute() {
  useDocumentTitle(TOKEN_TITLE);
  const { connected, address } = useWallet();
  return (
    <TokenScreen
      walletPanel={<WalletPanel />}
      walletAddress={connected && address ? address : null}
    />
  );
}
