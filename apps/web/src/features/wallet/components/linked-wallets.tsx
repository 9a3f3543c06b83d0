import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { localizedDetail, localizeMessage } from '@/lib/localize-message';
import { useLinkedWallets, useLinkWallet, useUnlinkWallet } from '../api/linked-wallets';
import { signWithPhantom, SigningError } from '../utils/sign-message';
import type { PhantomProvider } from '../types';
import styles from './linked-wallets.module.css';

type LinkedWalletsProps = {
  /** The connected wallet's address and provider, when one is connected. */
  connected: { address: string; provider: PhantomProvider | null } | null;
};

/**
 * The member's linked wallets on My Page's wallet card (issue 28): rewards are paid only to these.
 * The connected wallet, when not linked yet, is offered with "Link this wallet": the server's
 * one-time message is signed in Phantom and sent back. Each linked wallet can be unlinked.
 */
export function LinkedWallets({ connected }: LinkedWalletsProps) {
  const { t } = useTranslation('wallet');
  const query = useLinkedWallets();
  const link = useLinkWallet((message) => signWithPhantom(connected?.provider ?? null, message));
  const unlink = useUnlinkWallet();
  const addresses = query.data?.wallets.map((wallet) => wallet.address) ?? [];
  const connectedLinked = connected !== null && addresses.includes(connected.address);

  const problem = (error: unknown): string | null => {
    if (error instanceof SigningError) return t(`signing.${error.reason}`);
    if (error instanceof ApiError) {
      // A refusal's own words, without the API's field name.
      const [first] = error.errors;
      return first ? localizeMessage(first.message, first) : localizedDetail(error);
    }
    return error ? t('linkFailed') : null;
  };
  const linkProblem = problem(link.error);
  const unlinkProblem = problem(unlink.error);

  return (
    <section className={styles.section} aria-labelledby="linked-wallets-heading">
      <h3 id="linked-wallets-heading" className={styles.heading}>
        {t('linkedTitle')}
      </h3>
      <p className={styles.note}>{t('linkedNote')}</p>

      {query.isPending ? (
        <p className={styles.note} role="status">
          {t('linkedLoading')}
        </p>
      ) : query.isError ? (
        <div role="alert" className={styles.error}>
          <p>{t('linkedLoadFailed')}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void query.refetch()}
          >
            {t('retry')}
          </button>
        </div>
      ) : addresses.length === 0 ? (
        <p className={styles.note} data-testid="linked-wallets-empty">
          {t('linkedEmpty')}
        </p>
      ) : (
        <ul className={styles.list} aria-label={t('linkedTitle')}>
          {addresses.map((address) => (
            <li key={address} className={styles.item} data-testid="linked-wallet">
              <span className={styles.address} translate="no">
                {address}
              </span>
              <button
                type="button"
                className={`link-button ${styles.unlink}`}
                aria-label={t('unlinkAddress', { address })}
                disabled={unlink.isPending}
                onClick={() => unlink.mutate(address)}
              >
                {t('unlink')}
              </button>
            </li>
          ))}
        </ul>
      )}

      {connected && query.isSuccess && !connectedLinked ? (
        <button
          type="button"
          className="button button-primary"
          disabled={link.isPending}
          aria-busy={link.isPending || undefined}
          onClick={() => link.mutate(connected.address)}
        >
          {link.isPending ? t('linking') : t('linkThisWallet')}
        </button>
      ) : null}
      {!connected && query.isSuccess ? <p className={styles.note}>{t('connectToLink')}</p> : null}
      {linkProblem || unlinkProblem ? (
        <p role="alert" className={styles.error} data-testid="linked-wallets-error">
          {linkProblem ?? unlinkProblem}
        </p>
      ) : null}
    </section>
  );
}
