import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import { postReviewsKeyPrefix } from './get-post-reviews';

/** DELETE /reviews/{id}: 204; the reviewer or a moderator. */
export async function deleteReview(reviewId: string): Promise<void> {
  await api.request('DELETE', `/reviews/${encodeURIComponent(reviewId)}`);
}

/** Once deleted, the post's reviews are read again: its status and count follow at once. */
export function useDeleteReview(
  postId: string,
  reviewId: string,
  { onSuccess }: { onSuccess?: () => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteReview(reviewId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postReviewsKeyPrefix(postId) });
      onSuccess?.();
    },
    throwOnError: (error) => !(error instanceof ApiError),
  });
}
