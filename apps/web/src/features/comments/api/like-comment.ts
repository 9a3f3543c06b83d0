import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likeResultSchema, type LikeResult } from '@symposia/shared';
import { api } from '@/lib/api-client';
import { updateComment, type CommentThread } from '../utils/threads';
import { useCommentsQueryKey } from './get-comments';

/** POST /comments/{id}/like: toggles the reader's like; a 401 opens the login overlay (spec §7). */
export function likeComment(id: string): Promise<LikeResult> {
  return api.post(`/comments/${encodeURIComponent(id)}/like`, undefined, {
    schema: likeResultSchema,
  });
}

type UseLikeCommentOptions = {
  onFailure?: (error: unknown) => void;
};

/**
 * A comment's like button (spec §4 Comment like): nothing changes until the server answers; then
 * the comment takes the server's flag and count. A click while one is in flight is ignored.
 */
export function useLikeComment(
  postId: string,
  commentId: string,
  { onFailure }: UseLikeCommentOptions = {},
) {
  const queryClient = useQueryClient();
  const key = useCommentsQueryKey(postId);
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: () => likeComment(commentId),
    onSuccess: (result) => {
      queryClient.setQueryData<CommentThread[]>(key, (threads) =>
        threads
          ? updateComment(threads, commentId, {
              liked: result.action === 'liked',
              likes: result.likes,
            })
          : threads,
      );
    },
    onError: (error) => onFailure?.(error),
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const toggle = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate();
  };

  return { toggle, isPending: mutation.isPending };
}
