import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimRewardsBody, RewardClaim } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { myRewardsQueryKey } from './get-my-rewards';

/**
 * POST /rewards/claim (JSON, signed in): pays the whole claimable balance to `address`. Errors
 * carry the server's reason in `detail`: 403 too young (with the date), 422 below the minimum
 * (with the amounts) or a bad address, 409 still being processed; a 401 opens the login overlay.
 */
export function claimRewards(body: ClaimRewardsBody): Promise<RewardClaim> {
  return api.post('/rewards/claim', jsonBody(body), {
    schema: contract('rewardClaimSchema'),
    loginPrompt: i18n.t('token:rewards.loginToClaim'),
  });
}

export function useClaimRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRewards,
    // Paid, refused or unknown: the balance and the history are read again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: myRewardsQueryKey }),
    // An answer that breaks the contract is a defect: the global error screen shows it.
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
