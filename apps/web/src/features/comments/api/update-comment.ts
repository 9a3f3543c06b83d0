import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment as SharedComment } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';
import { findComment, updateComment as changeComment } from '../utils/threads';
import { changeThreads, threadsOf, useCommentsQueryKey, type ThreadsData } from './get-comments';

export type UpdateCommentInput = { id: string; content: string };

/** PATCH /comments/{id} (JSON `content`): the author only; answers the comment. */
export function updateComment({ id, content }: UpdateCommentInput): Promise<SharedComment> {
  return api.request('PATCH', `/comments/${encodeURIComponent(id)}`, {
    body: jsonBody({ content }),
    schema: contract('commentSchema'),
  });
}

type EditContext = { previous: Pick<SharedComment, 'content' | 'edited_at'> | null };

type UseUpdateCommentOptions = {
  /** Called after a failed edit, once the previous text is back. */
  onFailure?: (error: unknown) => void;
};

/**
 * Editing a comment in place (as the spec's field edits, §4): the new text shows at once; the
 * server's answer then sets it (and `edited_at`), and a refusal puts the previous text back.
 */
export function useUpdateComment(
  postId: string,
  commentId: string,
  { onFailure }: UseUpdateCommentOptions = {},
) {
  const queryClient = useQueryClient();
  const key = useCommentsQueryKey(postId);

  const set = (change: Partial<SharedComment>) =>
    queryClient.setQueryData<ThreadsData>(key, (data) =>
      changeThreads(data, (threads) => changeComment(threads, commentId, change)),
    );

  return useMutation<SharedComment, unknown, string, EditContext>({
    mutationFn: (content) => updateComment({ id: commentId, content }),
    onMutate: async (content) => {
      // A load still running would answer with the old text and overwrite the new one.
      await queryClient.cancelQueries({ queryKey: key });
      const threads = threadsOf(queryClient.getQueryData<ThreadsData>(key));
      const comment = threads ? findComment(threads, commentId) : undefined;
      if (!comment) return { previous: null };
      set({ content });
      return { previous: { content: comment.content, edited_at: comment.edited_at } };
    },
    onSuccess: (saved) => set({ content: saved.content, edited_at: saved.edited_at }),
    onError: (error, _content, context) => {
      if (context?.previous) set(context.previous);
      onFailure?.(error);
    },
  });
}
