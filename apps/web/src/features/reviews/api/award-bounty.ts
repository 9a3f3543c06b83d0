import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bounty } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import { bountiesQueryKey } from './get-bounties';

/** POST /bounties/{id}/award (JSON): pays the bounty to the reviews named. */
export function awardBounty(bountyId: string, reviewIds: string[]): Promise<Bounty> {
  return api.post(
    `/bounties/${encodeURIComponent(bountyId)}/award`,
    jsonBody({ review_ids: reviewIds }),
    { schema: contract('bountySchema') },
  );
}

export function useAwardBounty(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bountyId, reviewIds }: { bountyId: string; reviewIds: string[] }) =>
      awardBounty(bountyId, reviewIds),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bountiesQueryKey(postId) });
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'queue'] });
    },
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
