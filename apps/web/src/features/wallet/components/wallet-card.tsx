import { useId } from 'react';
import { Card } from '@/components/ui/card/card';
import { useConnectWallet } from '../hooks/use-connect-wallet';
import { useTimedNotice } from '../hooks/use-timed-notice';
import { WALLET_TEXTS, WALLET_UI } from '../texts';
import { networkLabel } from '../utils/network-label';
import { WalletNotice } from './wallet-notice';
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
 * wallet is Connected or Disconnected; disconnected, it offers to connect.
 */
export function WalletCard() {
  const { wallet, notice, connectWallet } = useConnectWallet();
  const copied = useTimedNotice(COPIED_NOTICE_MS);
  const headingId = useId();
  const connected = wallet.connected && wallet.address !== null;

  return (
    <Card className={styles.card} labelledBy={headingId}>
      <div className={styles.top}>
        <h2 id={headingId} className={styles.title}>
          {WALLET_UI.walletTitle}
        </h2>
        <span
          className={`${styles.badge} ${connected ? styles.on : styles.off}`}
          data-testid="wallet-status"
        >
          <span className={styles.dot} aria-hidden="true" />
          {connected ? WALLET_TEXTS.connected : WALLET_TEXTS.disconnected}
        </span>
      </div>

      {connected ? (
        <dl className={styles.details}>
          <div>
            <dt>{WALLET_UI.address}</dt>
            <dd className={styles.addressRow}>
              <span className={styles.address}>{wallet.address}</span>
              <button
                type="button"
                className={`button button-secondary ${styles.copy}`}
                aria-label={WALLET_UI.copyAddress}
                onClick={() => {
                  void copyText(wallet.address ?? '').then((ok) =>
                    copied.show(ok ? WALLET_UI.copied : WALLET_UI.copyFailed),
                  );
                }}
              >
                {WALLET_UI.copy}
              </button>
              <span role="status" className={styles.copied}>
                {copied.notice}
              </span>
            </dd>
          </div>
          <div>
            <dt>{WALLET_UI.network}</dt>
            <dd>{networkLabel(wallet)}</dd>
          </div>
        </dl>
      ) : (
        <div className={styles.disconnected}>
          <p className={styles.empty}>{WALLET_UI.notConnected}</p>
          <button
            type="button"
            className="button button-primary"
            disabled={wallet.connecting}
            aria-busy={wallet.connecting || undefined}
            onClick={() => void connectWallet()}
          >
            {WALLET_TEXTS.connectWallet}
          </button>
          <WalletNotice notice={notice} />
        </div>
      )}
    </Card>
  );
}
