import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { removeComment, type CommentThread } from '../utils/threads';
import { useCommentsQueryKey } from './get-comments';

/** DELETE /comments/{id}: 204; the author or a moderator. */
export async function deleteComment(id: string): Promise<void> {
  await api.request('DELETE', `/comments/${encodeURIComponent(id)}`);
}

type UseDeleteCommentOptions = {
  onSuccess?: () => void;
  onFailure?: (error: unknown) => void;
};

/**
 * Deleting a comment once the server has: one with replies becomes '[deleted]' in its place, one
 * without leaves its thread; then the thread is loaded again for the server's counts.
 */
export function useDeleteComment(
  postId: string,
  commentId: string,
  { onSuccess, onFailure }: UseDeleteCommentOptions = {},
) {
  const queryClient = useQueryClient();
  const key = useCommentsQueryKey(postId);

  return useMutation({
    mutationFn: () => deleteComment(commentId),
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<CommentThread[]>(key, (threads) =>
        threads ? removeComment(threads, commentId) : threads,
      );
      void queryClient.invalidateQueries({ queryKey: key });
      onSuccess?.();
    },
    onError: (error) => onFailure?.(error),
  });
}
