import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Review, ReviewList } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { GUEST_READER, useAuth } from '@/lib/auth-store';

/**
 * GET /media/{id}/reviews: the post's review status, mean scores of its current revision and
 * every review, newest revision first (issue 29).
 */
export function getPostReviews(
  postId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReviewList> {
  return api.get(`/media/${encodeURIComponent(postId)}/reviews`, {
    schema: contract('reviewListSchema'),
    signal,
  });
}

/** Everything the reviews of one post hold; what changes them invalidates it. */
export const postReviewsKeyPrefix = (postId: string) => ['reviews', 'post', postId] as const;

/** Writes an answer about one review into every reader's cached copy of the post's reviews. */
export function patchCachedReview(
  queryClient: QueryClient,
  postId: string,
  reviewId: string,
  patch: Partial<Review>,
): void {
  queryClient.setQueriesData<ReviewList>(
    { queryKey: postReviewsKeyPrefix(postId) },
    (data) =>
      data && {
        ...data,
        items: data.items.map((review) =>
          review.id === reviewId ? { ...review, ...patch } : review,
        ),
      },
  );
}

/**
 * Whose answer it is: each review says whether it is the reader's own and whether they marked
 * it helpful, so every reader has their own copy.
 */
export const postReviewsQueryKey = (postId: string, viewer: string) =>
  [...postReviewsKeyPrefix(postId), viewer] as const;

export const getPostReviewsQueryOptions = (postId: string, viewer: string) =>
  queryOptions({
    queryKey: postReviewsQueryKey(postId, viewer),
    queryFn: ({ signal }) => getPostReviews(postId, { signal }),
  });

/** The reader, as far as the reviews' answer depends on them. */
export function useReviewsViewer(): string {
  const { token, user } = useAuth();
  return user?.id ?? (token ? 'member' : GUEST_READER);
}

export function usePostReviews(postId: string) {
  return useQuery(getPostReviewsQueryOptions(postId, useReviewsViewer()));
}
