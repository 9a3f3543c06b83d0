import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError } from '@/lib/api-client';
import { localizeMessage } from '@/lib/localize-message';
import { useClaimRewards } from '../api/claim-rewards';
import { useTokensLabel } from '../hooks/use-tokens-label';
import { createClaimIds, fieldErrorOf, isClaimRetry } from '../utils/claim-attempts';
import { addressProblem } from '../utils/validate-request';
import { TokenTransferResult } from './token-transfer-result';
import styles from './rewards-card.module.css';

type RewardClaimFormProps = {
  /** The connected wallet's address: the claim goes there unless another address is typed. */
  walletAddress: string | null;
};

/**
 * Claim: the whole claimable balance to the connected wallet, or to an address typed in (checked
 * like the faucet's). Each attempt gets a fresh request_id; trying again after an attempt that got
 * no answer (or is still being processed) sends the same id, so it pays once. Whether the balance
 * and the account's age allow a claim is the server's answer (403, 422), shown as it says it.
 */
export function RewardClaimForm({ walletAddress }: RewardClaimFormProps) {
  const { t } = useTranslation('token');
  const tokensLabel = useTokensLabel();
  const mutation = useClaimRewards();
  const [attempts] = useState(() => createClaimIds());
  const [typing, setTyping] = useState(false);
  const [addressInput, setAddressInput] = useState('');
  const [addressError, setAddressError] = useState<string>();
  const fieldRef = useRef<HTMLDivElement>(null);

  const useTypedAddress = typing || !walletAddress;
  const currentAddress = (useTypedAddress ? addressInput : (walletAddress ?? '')).trim();
  const processing = mutation.isPending;
  const error =
    mutation.error instanceof ApiError && mutation.error.status !== 401 ? mutation.error : null;
  const serverFieldError = error ? fieldErrorOf(error, 'address') : undefined;
  const shownAddressError = addressError ?? (useTypedAddress ? serverFieldError : undefined);
  // The button says what pressing it does: the same attempt again, with its request_id.
  const retrying =
    error !== null && isClaimRetry(error) && mutation.variables?.address === currentAddress;

  const focusAddress = () =>
    requestAnimationFrame(() => fieldRef.current?.querySelector('input')?.focus());

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing) return;
    const address = currentAddress;
    const problem = addressProblem(address);
    if (problem) {
      mutation.reset();
      setAddressError(problem);
      focusAddress();
      return;
    }
    setAddressError(undefined);
    mutation.mutate(
      { address, request_id: attempts.idFor(address) },
      {
        onSuccess: () => attempts.settle(),
        onError: (failure) => attempts.settle(failure),
      },
    );
  };

  const switchTo = (typed: boolean) => {
    setTyping(typed);
    setAddressError(undefined);
    if (typed) focusAddress();
  };

  return (
    <div className={styles.claim}>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        {useTypedAddress ? (
          <div ref={fieldRef}>
            <TextField
              label={t('receivingAddress')}
              name="claim-address"
              value={addressInput}
              placeholder={t('receivingAddressPlaceholder')}
              autoComplete="off"
              spellCheck={false}
              error={shownAddressError && localizeMessage(shownAddressError)}
              onChange={(event) => {
                setAddressInput(event.target.value);
                setAddressError(undefined);
              }}
            />
          </div>
        ) : (
          <p className={styles.sendingTo}>
            {t('rewards.claimingTo')}{' '}
            <span className={styles.mono} data-testid="claim-wallet" translate="no">
              {walletAddress}
            </span>
          </p>
        )}
        {walletAddress ? (
          <button
            type="button"
            className={`link-button ${styles.switch}`}
            onClick={() => switchTo(!typing)}
          >
            {typing ? t('rewards.useWallet') : t('rewards.useOtherAddress')}
          </button>
        ) : null}

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

      {error && !(useTypedAddress && serverFieldError) ? (
        <div className={styles.error} role="alert">
          <p className={styles.resultTitle}>{t('rewards.claimFailed')}</p>
          <p className={styles.errorDetail} data-testid="claim-error">
            {localizeMessage(serverFieldError ?? error.detail)}
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
