import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewPatchBody } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import { postReviewsKeyPrefix } from './get-post-reviews';

/** PATCH /reviews/{id} (JSON): the reviewer's edit; the version it replaces is kept. */
export function updateReview(reviewId: string, body: ReviewPatchBody): Promise<Review> {
  return api.request('PATCH', `/reviews/${encodeURIComponent(reviewId)}`, {
    body: jsonBody(body),
    schema: contract('reviewSchema'),
  });
}

/** Saving an edit reads the post's reviews again: the status and mean scores may change with it. */
export function useUpdateReview(
  postId: string,
  reviewId: string,
  { onSuccess }: { onSuccess?: (review: Review) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewPatchBody) => updateReview(reviewId, body),
    onSuccess: (review) => {
      void queryClient.invalidateQueries({ queryKey: postReviewsKeyPrefix(postId) });
      onSuccess?.(review);
    },
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
