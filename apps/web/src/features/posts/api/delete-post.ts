import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { postQueryKey } from './get-post';
import { postsQueryKey } from './get-posts';
import { postRevisionsQueryKey } from './get-post-revisions';

/** DELETE /media/{id}: 204; the author or a moderator. */
export async function deletePost(id: string): Promise<void> {
  await api.request('DELETE', `/media/${encodeURIComponent(id)}`);
}

type UseDeletePostOptions = {
  onSuccess?: () => void;
  onError?: (error: unknown) => void;
};

/**
 * Deleting a post: its cached detail and revisions are dropped (so opening its address again asks
 * the server, which answers 404) and the forum pages are fetched again without it.
 */
export function useDeletePost(id: string, { onSuccess, onError }: UseDeletePostOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: postQueryKey(id) });
      queryClient.removeQueries({ queryKey: postRevisionsQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
  });
}
