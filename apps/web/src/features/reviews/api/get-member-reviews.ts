import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UserReviewKind, UserReviewList } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useReviewsViewer } from './get-post-reviews';

/**
 * GET /users/{id}/reviews: a page of the reviews the member wrote or received, newest first, and
 * their helpful total (null when they keep their statistics private).
 */
export function getMemberReviews(
  userId: string,
  { kind, cursor }: { kind: UserReviewKind; cursor: string | null },
  { signal }: { signal?: AbortSignal } = {},
): Promise<UserReviewList> {
  return api.get(`/users/${encodeURIComponent(userId)}/reviews`, {
    params: { kind, cursor: cursor ?? undefined },
    schema: contract('userReviewListSchema'),
    signal,
  });
}

export const memberReviewsQueryOptions = (userId: string, kind: UserReviewKind, viewer: string) =>
  infiniteQueryOptions({
    // Under 'reviews': a review written, edited or deleted reads these again too. Each reader
    // has their own answer (their anonymous reviews, what they may see).
    queryKey: ['reviews', 'member', userId, kind, viewer],
    queryFn: ({ pageParam, signal }) =>
      getMemberReviews(userId, { kind, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

export function useMemberReviews(userId: string, kind: UserReviewKind) {
  return useInfiniteQuery(memberReviewsQueryOptions(userId, kind, useReviewsViewer()));
}
