import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Bounty, CreateBountyBody } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import { bountiesQueryKey } from './get-bounties';

/** POST /media/{id}/bounties (JSON): tokens held for the best reviews of the post. */
export function offerBounty(postId: string, body: CreateBountyBody): Promise<Bounty> {
  return api.post(`/media/${encodeURIComponent(postId)}/bounties`, jsonBody(body), {
    schema: contract('bountySchema'),
  });
}

export function useOfferBounty(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBountyBody) => offerBounty(postId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bountiesQueryKey(postId) });
      // The queue lists posts with open bounties first.
      void queryClient.invalidateQueries({ queryKey: ['reviews', 'queue'] });
    },
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
