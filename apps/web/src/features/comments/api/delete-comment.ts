import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { findComment, removeComment } from '../utils/threads';
import { changeThreads, threadsOf, useCommentsQueryKey, type ThreadsData } from './get-comments';

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
 * without leaves its thread, as the server's thread now reads; the loaded pages (and replies
 * loaded into them) are not fetched again.
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
      queryClient.setQueryData<ThreadsData>(key, (data) => {
        const deleted = findComment(threadsOf(data) ?? [], commentId);
        // A hidden comment was no longer counted by the server.
        const counted = deleted && !deleted.hidden ? -1 : 0;
        return changeThreads(data, (threads) => removeComment(threads, commentId), counted);
      });
      onSuccess?.();
    },
    onError: (error) => onFailure?.(error),
  });
}
