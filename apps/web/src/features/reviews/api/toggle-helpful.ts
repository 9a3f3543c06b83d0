import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewHelpfulResult } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api } from '@/lib/api-client';
import { patchCachedReview } from './get-post-reviews';

/** POST /reviews/{id}/helpful: marks the review helpful, or takes the mark back. */
export function toggleHelpful(reviewId: string): Promise<ReviewHelpfulResult> {
  return api.post(`/reviews/${encodeURIComponent(reviewId)}/helpful`, undefined, {
    schema: contract('reviewHelpfulResultSchema'),
  });
}

/** The answer goes straight into the cached reviews: the button and its count follow at once. */
export function useToggleHelpful(postId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleHelpful(reviewId),
    onSuccess: ({ helpful, helpful_count }) =>
      patchCachedReview(queryClient, postId, reviewId, { helpful_by_me: helpful, helpful_count }),
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
