import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BountyList } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** GET /media/{id}/bounties: the post's bounties, open and closed (issue 29). */
export function getBounties(
  postId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<BountyList> {
  return api.get(`/media/${encodeURIComponent(postId)}/bounties`, {
    schema: contract('bountyListSchema'),
    signal,
  });
}

export const bountiesQueryKey = (postId: string) => ['reviews', 'bounties', postId] as const;

export const getBountiesQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: bountiesQueryKey(postId),
    queryFn: ({ signal }) => getBounties(postId, { signal }),
  });

export function useBounties(postId: string) {
  return useQuery(getBountiesQueryOptions(postId));
}
