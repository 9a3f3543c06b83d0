import { useId } from 'react';
import { PROFILE_UI } from '../texts';
import styles from './my-profile.module.css';

/**
 * The wallet area of My Page. A placeholder until the wallet feature provides the real card
 * (address with copy button, network Connected/Disconnected); the route passes that one instead.
 */
export function WalletCard() {
  const headingId = useId();
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{PROFILE_UI.walletTitle}</h2>
      <p className={styles.empty}>{PROFILE_UI.noWallet}</p>
    </section>
  );
}
