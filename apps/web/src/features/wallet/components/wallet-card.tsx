import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card/card';
import { useConnectWallet } from '../hooks/use-connect-wallet';
import { useTimedNotice } from '../hooks/use-timed-notice';
import { NetworkName } from './network-name';
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
  const { t } = useTranslation(['wallet', 'screen']);
  const { wallet, notice, connectWallet } = useConnectWallet();
  const copied = useTimedNotice(COPIED_NOTICE_MS);
  const headingId = useId();
  const connected = wallet.connected && wallet.address !== null;

  return (
    <Card className={styles.card} labelledBy={headingId}>
      <div className={styles.top}>
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
        <dl className={styles.details}>
          <div>
            <dt>{t('address')}</dt>
            <dd className={styles.addressRow}>
              <span className={styles.address} translate="no">
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
          </div>
          <div>
            <dt>{t('network')}</dt>
            <dd>
              <NetworkName wallet={wallet} />
            </dd>
          </div>
        </dl>
      ) : (
        <div className={styles.disconnected}>
          <p className={styles.empty}>{t('notConnected')}</p>
          <button
            type="button"
            className="button button-primary"
            disabled={wallet.connecting}
            aria-busy={wallet.connecting || undefined}
            onClick={() => void connectWallet()}
          >
            {t('screen:connectWallet')}
          </button>
          <WalletNotice notice={notice} />
        </div>
      )}
    </Card>
  );
}
