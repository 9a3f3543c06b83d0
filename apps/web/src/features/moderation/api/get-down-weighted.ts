import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownWeighted } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { moderationQueryRoot } from './moderation-queries';

/** GET /moderation/trust/down-weighted: the accounts trust weighting discounts most (issue 28). */
export function getDownWeighted({ signal }: { signal?: AbortSignal } = {}): Promise<DownWeighted> {
  return api.get('/moderation/trust/down-weighted', {
    schema: contract('downWeightedSchema'),
    signal,
  });
}

export const getDownWeightedQueryOptions = () =>
  queryOptions({
    queryKey: [...moderationQueryRoot, 'trust', 'down-weighted'],
    queryFn: ({ signal }) => getDownWeighted({ signal }),
    staleTime: 0,
  });

export function useDownWeighted() {
  return useQuery(getDownWeightedQueryOptions());
}
