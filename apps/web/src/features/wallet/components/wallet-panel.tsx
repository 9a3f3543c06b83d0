import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectWallet } from '../hooks/use-connect-wallet';
import { NetworkName } from './network-name';
import { WalletIcon } from './wallet-icon';
import { WalletNotice } from './wallet-notice';
import styles from './wallet-panel.module.css';

/**
 * The wallet panel of the Token page (spec §2 Token management): the connected wallet's address and
 * network name, or the 'Connect Your Wallet' prompt with its connect button.
 */
export function WalletPanel() {
  const { t } = useTranslation(['wallet', 'screen']);
  const { wallet, notice, connectWallet } = useConnectWallet();
  const headingId = useId();

  if (wallet.connected && wallet.address) {
    return (
      <section className={`${styles.panel} ${styles.connected}`} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.title}>
          <span className={styles.dot} aria-hidden="true" />
          {t('connectedWalletTitle')}
        </h2>
        <dl className={styles.details}>
          <div>
            <dt>{t('address')}</dt>
            <dd className={styles.address} data-testid="wallet-address" translate="no">
              {wallet.address}
            </dd>
          </div>
          <div>
            <dt>{t('network')}</dt>
            <dd data-testid="wallet-network">
              <NetworkName wallet={wallet} />
            </dd>
          </div>
        </dl>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void wallet.disconnect()}
        >
          {t('disconnect')}
        </button>
      </section>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.icon} aria-hidden="true">
        <WalletIcon size={28} />
      </div>
      <h2 id={headingId} className={styles.title}>
        {t('screen:connectYourWallet')}
      </h2>
      <p className={styles.text}>{t('connectPrompt')}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={wallet.connecting}
        aria-busy={wallet.connecting || undefined}
        onClick={() => void connectWallet()}
      >
        <WalletIcon />
        {t('screen:connectWallet')}
      </button>
      <WalletNotice notice={notice} />
    </section>
  );
}
