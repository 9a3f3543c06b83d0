import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card/card';
import { RoundIcon } from '@/components/ui/round-icon/round-icon';
import { useConnectWallet } from '../hooks/use-connect-wallet';
import { ConnectWalletButton } from './connect-wallet-button';
import { WalletDetails } from './wallet-details';
import { WalletIcon } from './wallet-icon';
import { WalletNotice } from './wallet-notice';
import details from './wallet-details.module.css';
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
      <Card className={`${styles.panel} ${styles.connected}`} labelledBy={headingId}>
        <h2 id={headingId} className={styles.title}>
          <span className={styles.dot} aria-hidden="true" />
          {t('connectedWalletTitle')}
        </h2>
        <WalletDetails
          wallet={wallet}
          className={styles.details}
          networkTestId="wallet-network"
          address={
            <dd className={details.address} data-testid="wallet-address" translate="no">
              {wallet.address}
            </dd>
          }
        />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void wallet.disconnect()}
        >
          {t('disconnect')}
        </button>
      </Card>
    );
  }

  return (
    <Card className={styles.panel} labelledBy={headingId}>
      <RoundIcon className={styles.icon}>
        <WalletIcon size={28} />
      </RoundIcon>
      <h2 id={headingId} className={styles.title}>
        {t('screen:connectYourWallet')}
      </h2>
      <p className={styles.text}>{t('connectPrompt')}</p>
      <ConnectWalletButton wallet={wallet} onConnect={connectWallet}>
        <WalletIcon />
        {t('screen:connectWallet')}
      </ConnectWalletButton>
      <WalletNotice notice={notice} />
    </Card>
  );
}
