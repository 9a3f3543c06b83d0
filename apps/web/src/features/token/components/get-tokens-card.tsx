import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@symposia/shared';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError } from '@/lib/api-client';
import { authStore, useAuth } from '@/lib/auth-store';
import { Card } from '@/components/ui/card/card';
import { useTokenInfo } from '../api/get-token-info';
import { useRequestTokens } from '../api/request-tokens';
import { TOKEN_TEXTS, TOKEN_UI } from '../texts';
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
      authStore.requestLogin(TOKEN_UI.loginToRequest);
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
        {TOKEN_TEXTS.getTokens}
      </h2>

      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
        {walletAddress ? (
          <p className={styles.sendingTo}>
            {TOKEN_UI.sendingTo} <span className={styles.mono}>{walletAddress}</span>
          </p>
        ) : (
          <TextField
            label={TOKEN_UI.receivingAddress}
            name="address"
            value={addressInput}
            placeholder={TOKEN_UI.receivingAddressPlaceholder}
            autoComplete="off"
            spellCheck={false}
            error={errors.address}
            onChange={(event) => {
              setAddressInput(event.target.value);
              if (errors.address) setErrors(({ address: _cleared, ...rest }) => rest);
            }}
          />
        )}

        <TextField
          label={TOKEN_UI.amount}
          name="amount"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          value={amountInput}
          hint={limits ? TOKEN_UI.amountLimit(limits.per_request) : undefined}
          error={errors.amount}
          onChange={(event) => {
            setAmountInput(event.target.value);
            if (errors.amount) setErrors(({ amount: _cleared, ...rest }) => rest);
          }}
        />

        {disabled ? <p className={styles.note}>{MESSAGES.faucetDisabled}</p> : null}
        {!token ? <p className={styles.note}>{TOKEN_UI.signInHint}</p> : null}

        <button
          type="submit"
          className={`button button-primary ${styles.submit}`}
          disabled={processing || disabled}
          aria-busy={processing || undefined}
        >
          {processing ? TOKEN_UI.processing : TOKEN_UI.submit}
        </button>
      </form>

      {serverError ? (
        <div className={styles.error} role="alert">
          <p className={styles.resultTitle}>{TOKEN_UI.errorTitle}</p>
          <p className={styles.errorDetail} data-testid="token-error">
            {serverError.detail}
          </p>
        </div>
      ) : null}
      {mutation.isSuccess ? <TokenTransferResult transfer={mutation.data} /> : null}
    </Card>
  );
}
