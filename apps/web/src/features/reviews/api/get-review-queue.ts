import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OpenReviews } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

/**
 * GET /reviews/open: posts asking for review, with their open bounties (issue 29), the reader's
 * own tags first; `tag` narrows it to one tag.
 */
export function getReviewQueue(
  { tag, cursor }: { tag: string; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<OpenReviews> {
  return api.get('/reviews/open', {
    params: { tag: tag || undefined, cursor: cursor ?? undefined },
    schema: contract('openReviewsSchema'),
    signal,
  });
}

export const reviewQueueQueryOptions = (tag: string, viewer: string) =>
  infiniteQueryOptions({
    // The reader's own tags come first: each reader has their own order.
    queryKey: ['reviews', 'queue', { tag, viewer }],
    queryFn: ({ pageParam, signal }) => getReviewQueue({ tag, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

export function useReviewQueue(tag: string) {
  const { user, token } = useAuth();
  return useInfiniteQuery(reviewQueueQueryOptions(tag, user?.id ?? (token ? 'member' : 'guest')));
}
