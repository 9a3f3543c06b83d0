import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GetTokensCard } from './get-tokens-card';
import { Leaderboard } from './leaderboard';
import type { LinkedWalletsState } from './reward-claim-form';
import { RewardsCard } from './rewards-card';
import styles from './token-screen.module.css';

type TokenScreenProps = {
  /** The wallet panel (address and network, or the connect prompt); the app provides it. */
  walletPanel: ReactNode;
  /** The connected wallet's address, or null. */
  walletAddress: string | null;
  /** The member's linked wallets (the wallet feature asks; the app passes them on). */
  linkedWallets: LinkedWalletsState;
};

/**
 * The Token page (spec §2 Token management): the wallet panel and the 'Get Tokens' card, then the
 * member's contribution rewards and the leaderboard.
 */
export function TokenScreen({ walletPanel, walletAddress, linkedWallets }: TokenScreenProps) {
  const { t } = useTranslation(['token', 'screen']);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>{t('screen:tokenTitle')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>
      <div className={styles.grid}>
        <div className={styles.wallet}>{walletPanel}</div>
        <GetTokensCard walletAddress={walletAddress} />
      </div>
      <div className={`${styles.grid} ${styles.rewards}`}>
        <RewardsCard walletAddress={walletAddress} linkedWallets={linkedWallets} />
        <Leaderboard />
      </div>
    </div>
  );
}
