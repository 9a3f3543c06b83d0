import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResult } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { updateComment } from '../utils/threads';
import {
  changeThreads,
  likedCommentsQueryKey,
  useCommentsViewer,
  commentsQueryKey,
  type ThreadsData,
} from './get-comments';

/** POST /comments/{id}/like: toggles the reader's like; a 401 opens the login overlay (spec §7). */
export function likeComment(id: string): Promise<LikeResult> {
  return api.post(`/comments/${encodeURIComponent(id)}/like`, undefined, {
    schema: contract('likeResultSchema'),
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
  const viewer = useCommentsViewer();
  const key = commentsQueryKey(postId, viewer);
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: () => likeComment(commentId),
    onSuccess: (result) => {
      const liked = result.action === 'liked';
      queryClient.setQueryData<ThreadsData>(key, (data) =>
        changeThreads(data, (threads) =>
          updateComment(threads, commentId, { liked, likes: result.likes }),
        ),
      );
      // Pages and replies loaded later lay the same likes over their comments.
      queryClient.setQueryData<string[]>(likedCommentsQueryKey(postId, viewer), (ids) =>
        ids
          ? liked
            ? [...ids.filter((id) => id !== commentId), commentId]
            : ids.filter((id) => id !== commentId)
          : ids,
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
