import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostDetail, PostPatchBody } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';
import { postQueryKey } from './get-post';
import { postsQueryKey } from './get-posts';
import { postRevisionsQueryKey } from './get-post-revisions';

export type UpdatePostInput = { id: string; changes: PostPatchBody };

/**
 * PATCH /media/{id} (JSON): only the fields that changed; answers the post detail,
 * checked against the contract. The author only: others get 403, a post they cannot see 404.
 */
export function updatePost({ id, changes }: UpdatePostInput): Promise<PostDetail> {
  return api.request('PATCH', `/media/${encodeURIComponent(id)}`, {
    body: jsonBody(changes),
    schema: contract('postDetailSchema'),
  });
}

type UseUpdatePostOptions = {
  onSuccess?: (post: PostDetail) => void;
  onError?: (error: unknown) => void;
};

/**
 * Saving an edit: the detail takes the server's answer at once; the forum pages (title, summary,
 * tags on the cards, search) and the revisions are fetched again when next shown.
 */
export function useUpdatePost(id: string, { onSuccess, onError }: UseUpdatePostOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: PostPatchBody) => updatePost({ id, changes }),
    onSuccess: (post) => {
      queryClient.setQueryData<PostDetail>(postQueryKey(id), post);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: postRevisionsQueryKey(id) });
      onSuccess?.(post);
    },
    onError: (error) => onError?.(error),
  });
}
