import { useMutation } from '@tanstack/react-query';
import type { TokenTransfer } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

export type TokenRequestInput = {
  address: string;
  amount: number;
  /** Chosen per submission; sent again when retrying after a network error, so it pays once. */
  request_id: string;
};

/**
 * POST /token/request (JSON, signed in): the faucet sends `amount` tokens to `address` and answers
 * with the transaction. Errors carry the spec's token-flow messages in `detail` (422, 429, 5xx);
 * a 401 opens the login overlay.
 */
export function requestTokens(input: TokenRequestInput): Promise<TokenTransfer> {
  return api.post('/token/request', jsonBody(input), {
    schema: contract('tokenTransferSchema'),
    loginPrompt: i18n.t('token:loginToRequest'),
  });
}

export function useRequestTokens() {
  return useMutation({
    mutationFn: requestTokens,
    // An answer that breaks the contract is a defect: the global error screen shows it.
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
