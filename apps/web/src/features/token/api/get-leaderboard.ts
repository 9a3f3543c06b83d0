import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Leaderboard } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { rewardsQueryRoot } from './get-my-rewards';

/** GET /rewards/leaderboard?epoch=: the top of an epoch; without `epoch`, the last ended one. */
export function getLeaderboard(
  epoch: number | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Leaderboard> {
  return api.get('/rewards/leaderboard', {
    params: { epoch },
    schema: contract('leaderboardSchema'),
    signal,
  });
}

export const leaderboardQueryRoot = [...rewardsQueryRoot, 'leaderboard'] as const;

export const getLeaderboardQueryOptions = (epoch: number | undefined) =>
  queryOptions({
    queryKey: [...leaderboardQueryRoot, epoch ?? 'latest'],
    queryFn: ({ signal }) => getLeaderboard(epoch, { signal }),
    // The previous epoch's table stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useLeaderboard(epoch: number | undefined) {
  return useQuery(getLeaderboardQueryOptions(epoch));
}
