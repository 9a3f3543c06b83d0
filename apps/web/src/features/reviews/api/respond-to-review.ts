import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewResponse } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import { postReviewsKeyPrefix } from './get-post-reviews';

/** POST /reviews/{id}/response (JSON): the post author's answer to a review. */
export function respondToReview(reviewId: string, content: string): Promise<ReviewResponse> {
  return api.post(`/reviews/${encodeURIComponent(reviewId)}/response`, jsonBody({ content }), {
    schema: contract('reviewResponseSchema'),
  });
}

export function useRespondToReview(postId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => respondToReview(reviewId, content),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postReviewsKeyPrefix(postId) }),
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
