import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardPrompt } from '@/components/ui/card/card';
import { useConnectWallet } from '../hooks/use-connect-wallet';
import { useTimedNotice } from '../hooks/use-timed-notice';
import { ConnectWalletButton } from './connect-wallet-button';
import { LinkedWallets } from './linked-wallets';
import { WalletDetails } from './wallet-details';
import { WalletNotice } from './wallet-notice';
import details from './wallet-details.module.css';
import spread from '@/components/ui/spread-row/spread-row.module.css';
import styles from './wallet-card.module.css';

const COPIED_NOTICE_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wallet card of My Page (spec §2): the address with a copy button, the network and whether the
 * wallet is Connected or Disconnected; disconnected, it offers to connect. Below, the member's
 * linked wallets, where rewards are paid, and "Link this wallet" for the connected one (issue 28).
 */
export function WalletCard() {
  const { t } = useTranslation(['wallet', 'screen']);
  const { wallet, notice, connectWallet } = useConnectWallet();
  const copied = useTimedNotice(COPIED_NOTICE_MS);
  const headingId = useId();
  const connected = wallet.connected && wallet.address !== null;

  return (
    <Card className={styles.card} labelledBy={headingId}>
      <div className={`${spread.row} ${spread.tight}`}>
        <h2 id={headingId} className={styles.title}>
          {t('walletTitle')}
        </h2>
        <span
          className={`${styles.badge} ${connected ? styles.on : styles.off}`}
          data-testid="wallet-status"
        >
          <span className={styles.dot} aria-hidden="true" />
          {connected ? t('screen:walletConnected') : t('screen:walletDisconnected')}
        </span>
      </div>

      {connected ? (
        <WalletDetails
          wallet={wallet}
          address={
            <dd className={styles.addressRow}>
              <span className={`${details.address} ${styles.address}`} translate="no">
                {wallet.address}
              </span>
              <button
                type="button"
                className={`button button-secondary ${styles.copy}`}
                aria-label={t('copyAddress')}
                onClick={() => {
                  void copyText(wallet.address ?? '').then((ok) =>
                    copied.show(ok ? t('copied') : t('copyFailed')),
                  );
                }}
              >
                {t('copy')}
              </button>
              <span role="status" className={styles.copied}>
                {copied.notice}
              </span>
            </dd>
          }
        />
      ) : (
        <CardPrompt>
          <p className={styles.empty}>{t('notConnected')}</p>
          <ConnectWalletButton wallet={wallet} onConnect={connectWallet}>
            {t('screen:connectWallet')}
          </ConnectWalletButton>
          <WalletNotice notice={notice} />
        </CardPrompt>
      )}
      <LinkedWallets
        connected={connected ? { address: wallet.address!, provider: wallet.wallet } : null}
      />
    </Card>
  );
}
