import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RewardsMe } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** GET /rewards/me (signed in): claimable balance, this epoch's score so far, history. */
export function getMyRewards({ signal }: { signal?: AbortSignal } = {}): Promise<RewardsMe> {
  return api.get('/rewards/me', { schema: contract('rewardsMeSchema'), signal });
}

/** Everything of the rewards (the member's and the leaderboards), refreshed when an epoch ends. */
export const rewardsQueryRoot = ['rewards'] as const;
export const myRewardsQueryKey = [...rewardsQueryRoot, 'me'] as const;

export const getMyRewardsQueryOptions = () =>
  queryOptions({
    queryKey: myRewardsQueryKey,
    queryFn: ({ signal }) => getMyRewards({ signal }),
    // The score moves with every like; a visit to the page shows the latest.
    staleTime: 0,
  });

/** Only asked while signed in (the queries are dropped at sign-out). */
export function useMyRewards(signedIn: boolean) {
  return useQuery({ ...getMyRewardsQueryOptions(), enabled: signedIn });
}
