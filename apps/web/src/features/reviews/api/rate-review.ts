import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewRatingResult } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api, jsonBody } from '@/lib/api-client';
import { patchCachedReview } from './get-post-reviews';

/** POST /reviews/{id}/rating (JSON): the post author rates the review's helpfulness 1–5. */
export function rateReview(reviewId: string, rating: number): Promise<ReviewRatingResult> {
  return api.post(`/reviews/${encodeURIComponent(reviewId)}/rating`, jsonBody({ rating }), {
    schema: contract('reviewRatingResultSchema'),
  });
}

/** The rating goes straight into the cached reviews, so the chosen star stays chosen. */
export function useRateReview(postId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) => rateReview(reviewId, rating),
    onSuccess: ({ author_rating }) =>
      patchCachedReview(queryClient, postId, reviewId, { author_rating }),
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
