import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewList } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

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
  return user?.id ?? (token ? 'member' : 'guest');
}

export function usePostReviews(postId: string) {
  return useQuery(getPostReviewsQueryOptions(postId, useReviewsViewer()));
}
