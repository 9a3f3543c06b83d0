import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody, Review } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import { postReviewsKeyPrefix } from './get-post-reviews';

/** POST /media/{id}/reviews (JSON): a review of the post's current revision. */
export function createReview(postId: string, body: CreateReviewBody): Promise<Review> {
  return api.post(`/media/${encodeURIComponent(postId)}/reviews`, jsonBody(body), {
    schema: contract('reviewSchema'),
  });
}

/**
 * Publishing a review: the post's reviews are read again, since the status and mean scores change
 * with it. `onPublished` lets the app refresh what it composed around the section (the post's
 * badge).
 */
export function useCreateReview(
  postId: string,
  { onSuccess }: { onSuccess?: (review: Review) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => createReview(postId, body),
    onSuccess: (review) => {
      void queryClient.invalidateQueries({ queryKey: postReviewsKeyPrefix(postId) });
      onSuccess?.(review);
    },
    // An answer that breaks the contract is a defect: the global error screen shows it.
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
