import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RewardHoldBody, RewardHoldResult } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';
import { moderationQueryRoot } from './moderation-queries';

/** POST /moderation/users/{id}/rewards: release or forfeit the member's frozen rewards. */
export function decideRewards(userId: string, body: RewardHoldBody): Promise<RewardHoldResult> {
  return api.post(`/moderation/users/${encodeURIComponent(userId)}/rewards`, jsonBody(body), {
    schema: contract('rewardHoldResultSchema'),
  });
}

/** After a decision the frozen list and the log are read again. */
export function useDecideRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: RewardHoldBody }) =>
      decideRewards(userId, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: moderationQueryRoot }),
  });
}
