import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth-store';
import { Card } from '@/components/ui/card/card';
import { localizedDetail, localizeMessage } from '@/lib/localize-message';
import { useTokenInfo } from '../api/get-token-info';
import { useRequestTokens } from '../api/request-tokens';
import { createRequestIds } from '../utils/request-id';
import { validateTokenRequest, type TokenRequestErrors } from '../utils/validate-request';
import { TokenTransferResult } from './token-transfer-result';
import styles from './get-tokens-card.module.css';

type GetTokensCardProps = {
  /** The connected wallet's address: used as the receiving address, and the field is hidden. */
  walletAddress: string | null;
};

/**
 * The 'Get Tokens' card (spec §2, §4 "Token request"): idle → processing → success or error. The
 * receiving-address field shows only when no wallet is connected. Requests need a session: without
 * one the login overlay opens instead of sending.
 */
export function GetTokensCard({ walletAddress }: GetTokensCardProps) {
  const { t } = useTranslation(['token', 'screen', 'messages']);
  const headingId = useId();
  const { token } = useAuth();
  const info = useTokenInfo();
  const mutation = useRequestTokens();
  const [requestIds] = useState(() => createRequestIds());
  const [addressInput, setAddressInput] = useState('');
  const [amountInput, setAmountInput] = useState('');
  const [errors, setErrors] = useState<TokenRequestErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const limits = info.data?.limits;
  const disabled = info.data?.enabled === false;
  const processing = mutation.isPending;
  const serverError =
    mutation.error instanceof ApiError && mutation.error.status !== 401 ? mutation.error : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (processing) return;
    const check = validateTokenRequest({
      addressInput,
      walletAddress,
      amountInput,
      maxAmount: limits?.per_request,
    });
    if (!check.ok) {
      mutation.reset();
      setErrors(check.errors);
      // The first field that needs attention gets focus, so its message is read out.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    if (!token) {
      authStore.requestLogin(t('loginToRequest'));
      return;
    }
    const { address, amount } = check;
    mutation.mutate(
      { address, amount, request_id: requestIds.idFor(address, amount) },
      {
        onSuccess: () => requestIds.settle(),
        onError: (error) => requestIds.settle(error),
      },
    );
  };

  return (
    <Card className={styles.card} labelledBy={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('screen:getTokens')}
      </h2>

      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
        {walletAddress ? (
          <p className={styles.sendingTo}>
            {t('sendingTo')}{' '}
            <span className={styles.mono} translate="no">
              {walletAddress}
            </span>
          </p>
        ) : (
          <TextField
            label={t('receivingAddress')}
            name="address"
            value={addressInput}
            placeholder={t('receivingAddressPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            error={errors.address && localizeMessage(errors.address)}
            onChange={(event) => {
              setAddressInput(event.target.value);
              if (errors.address) setErrors(({ address: _cleared, ...rest }) => rest);
            }}
          />
        )}

        <TextField
          label={t('amount')}
          name="amount"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={amountInput}
          hint={limits ? t('amountLimit', { perRequest: limits.per_request }) : undefined}
          error={errors.amount && localizeMessage(errors.amount)}
          onChange={(event) => {
            setAmountInput(event.target.value);
            if (errors.amount) setErrors(({ amount: _cleared, ...rest }) => rest);
          }}
        />

        {disabled ? <p className={styles.note}>{t('messages:faucetDisabled')}</p> : null}
        {!token ? <p className={styles.note}>{t('signInHint')}</p> : null}

        <button
          type="submit"
          className={`button button-primary ${styles.submit}`}
          disabled={processing || disabled}
          aria-busy={processing || undefined}
        >
          {processing ? t('processing') : t('submit')}
        </button>
      </form>

      {serverError ? (
        <div className={styles.error} role="alert">
          <p className={styles.resultTitle}>{t('errorTitle')}</p>
          <p className={styles.errorDetail} data-testid="token-error">
            {localizedDetail(serverError)}
          </p>
        </div>
      ) : null}
      {mutation.isSuccess ? <TokenTransferResult transfer={mutation.data} /> : null}
    </Card>
  );
}
