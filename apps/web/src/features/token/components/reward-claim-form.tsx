import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { localizeMessage } from '@/lib/localize-message';
import { useClaimRewards } from '../api/claim-rewards';
import { useTokensLabel } from '../hooks/use-tokens-label';
import { createClaimIds, fieldErrorOf, isClaimRetry } from '../utils/claim-attempts';
import { TokenTransferResult } from './token-transfer-result';
import styles from './rewards-card.module.css';

/** The member's linked wallets as the app knows them: being asked, unknown, or the list. */
export type LinkedWalletsState = 'loading' | 'failed' | readonly string[];

type RewardClaimFormProps = {
  /** The connected wallet's address: chosen first when it is linked. */
  walletAddress: string | null;
  /** Where a claim may pay (issue 28): only the wallets the member linked on My Page. */
  linkedWallets: LinkedWalletsState;
};

/**
 * Claim: the whole claimable balance to one of the member's linked wallets (the connected one
 * when it is linked, else the first; a choice when there are several). Without a linked wallet it
 * says where to link one. Each attempt gets a fresh request_id; trying again after an attempt that
 * got no answer (or is still being processed) sends the same id, so it pays once. Whether the
 * balance and the account's age allow a claim is the server's answer (403, 422), shown as it says.
 */
export function RewardClaimForm({ walletAddress, linkedWallets }: RewardClaimFormProps) {
  const { t } = useTranslation('token');
  const tokensLabel = useTokensLabel();
  const mutation = useClaimRewards();
  const [attempts] = useState(() => createClaimIds());
  const [chosen, setChosen] = useState<string | null>(null);

  if (linkedWallets === 'loading') {
    return (
      <p className={styles.note} role="status">
        {t('rewards.walletsLoading')}
      </p>
    );
  }
  if (linkedWallets === 'failed') {
    return (
      <p className={styles.note} role="alert">
        {t('rewards.walletsLoadFailed')}
      </p>
    );
  }
  if (linkedWallets.length === 0) {
    return (
      <div className={styles.claim} data-testid="claim-needs-wallet">
        <p className={styles.sendingTo}>{t('rewards.linkWalletFirst')}</p>
        <Link to={paths.myPage.href()} className="button button-primary">
          {t('rewards.linkWalletOnMyPage')}
        </Link>
      </div>
    );
  }

  const fallback =
    walletAddress && linkedWallets.includes(walletAddress) ? walletAddress : linkedWallets[0]!;
  const receiver = chosen && linkedWallets.includes(chosen) ? chosen : fallback;
  const processing = mutation.isPending;
  const error =
    mutation.error instanceof ApiError && mutation.error.status !== 401 ? mutation.error : null;
  const fieldError = error ? fieldErrorOf(error, 'address') : undefined;
  // The button says what pressing it does: the same attempt again, with its request_id.
  const retrying =
    error !== null && isClaimRetry(error) && mutation.variables?.address === receiver;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing) return;
    mutation.mutate(
      { address: receiver, request_id: attempts.idFor(receiver) },
      {
        onSuccess: () => attempts.settle(),
        onError: (failure) => attempts.settle(failure),
      },
    );
  };

  return (
    <div className={styles.claim}>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        {linkedWallets.length === 1 ? (
          <p className={styles.sendingTo}>
            {t('rewards.claimingTo')}{' '}
            <span className={styles.mono} data-testid="claim-wallet" translate="no">
              {receiver}
            </span>
          </p>
        ) : (
          <fieldset className={styles.choice}>
            <legend>{t('rewards.chooseWallet')}</legend>
            {linkedWallets.map((address) => (
              <label key={address} className={styles.option}>
                <input
                  type="radio"
                  name="claim-wallet"
                  value={address}
                  checked={address === receiver}
                  onChange={() => setChosen(address)}
                />
                <span className={styles.mono} translate="no">
                  {address}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <button
          type="submit"
          className={`button button-primary ${styles.submit}`}
          disabled={processing}
          aria-busy={processing || undefined}
        >
          {processing
            ? t('rewards.claiming')
            : retrying
              ? t('rewards.tryAgain')
              : t('rewards.claim')}
        </button>
      </form>

      {error ? (
        <div className={styles.error} role="alert">
          <p className={styles.resultTitle}>{t('rewards.claimFailed')}</p>
          <p className={styles.errorDetail} data-testid="claim-error">
            {localizeMessage(fieldError ?? error.detail)}
          </p>
        </div>
      ) : null}
      {mutation.isSuccess ? (
        <TokenTransferResult
          title={t('rewards.claimedTitle')}
          transfer={{ ...mutation.data, amount: tokensLabel(mutation.data.amount) }}
        />
      ) : null}
    </div>
  );
}
