import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeResult, PostDetail } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { optimisticLike, settleLike, type LikeAction, type LikeState } from '../utils/like-state';
import { postQueryKey } from './get-post';
import { postsQueryKey } from './get-posts';

/** POST /media/{id}/like: toggles the caller's like (spec §7); a 401 opens the login overlay. */
export function likePost(id: string): Promise<LikeResult> {
  return api.post(`/media/${encodeURIComponent(id)}/like`, undefined, {
    schema: contract('likeResultSchema'),
  });
}

/** The server answered, but with the opposite of what the click meant; the click is undone. */
export class LikeContradictedError extends Error {
  override readonly name = 'LikeContradictedError';
  constructor(
    readonly expected: LikeAction,
    readonly result: LikeResult,
  ) {
    super(`Expected the post to be ${expected}, but the server says ${result.action}`);
  }
}

type LikeContext = { previous: LikeState | null };

type UseLikePostOptions = {
  /** Called after a failed or contradicted like, once the count is back where it was. */
  onFailure?: (error: unknown) => void;
};

/**
 * The like button of the post detail (spec §4 Post like): the cached post flips its flag and count
 * at once, the server's count is taken when it confirms, and the state from before the click comes
 * back when the call fails or the answer contradicts the click. A click while one is in flight is
 * ignored.
 */
export function useLikePost(id: string, { onFailure }: UseLikePostOptions = {}) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const key = postQueryKey(id);

  const setLikeState = (state: LikeState) =>
    queryClient.setQueryData<PostDetail>(key, (post) => (post ? { ...post, ...state } : post));

  const mutation = useMutation<LikeResult, unknown, LikeAction, LikeContext>({
    mutationFn: async (expected) => {
      const result = await likePost(id);
      if (!settleLike(expected, result)) throw new LikeContradictedError(expected, result);
      return result;
    },
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const post = queryClient.getQueryData<PostDetail>(key);
      if (!post) return { previous: null };
      const previous = { liked: post.liked, likes: post.likes };
      setLikeState(optimisticLike(previous).next);
      return { previous };
    },
    onSuccess: (result, expected) => {
      const confirmed = settleLike(expected, result);
      if (confirmed) setLikeState(confirmed);
      // The forum cards show the count too.
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
    onError: (error, _expected, context) => {
      if (context?.previous) setLikeState(context.previous);
      onFailure?.(error);
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });

  const toggle = () => {
    const post = queryClient.getQueryData<PostDetail>(key);
    if (!post || inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(optimisticLike({ liked: post.liked, likes: post.likes }).expected);
  };

  return { toggle, isPending: mutation.isPending };
}
