import { useQuery } from '@tanstack/react-query';
import { contract } from '@/lib/answer-schema';
import { moderationPageQueryOptions } from './moderation-queries';

/** GET /moderation/rewards/frozen?skip&limit: the members whose rewards are frozen. */
export const getFrozenRewardsQueryOptions = (skip: number) =>
  moderationPageQueryOptions(
    {
      key: ['frozen'],
      path: '/moderation/rewards/frozen',
      schema: contract('frozenRewardsSchema'),
    },
    skip,
  );

export function useFrozenRewards(skip: number) {
  return useQuery(getFrozenRewardsQueryOptions(skip));
}
