import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tagKey, type FollowResult, type Follows, type FollowType } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';
import { followsQueryKey } from './get-follows';

/** What a follow button follows: an author by id, or a tag as a post carries it. */
export type FollowTarget = { type: FollowType; target: string };

/** POST /follows: 201 new, 200 followed already; the same answer either way. */
export function followTarget(target: FollowTarget): Promise<FollowResult> {
  return api.post('/follows', jsonBody(target), { schema: contract('followResultSchema') });
}

/** DELETE /follows: 204 whether it was followed or not. */
export function unfollowTarget(target: FollowTarget): Promise<void> {
  return api.request('DELETE', '/follows', { body: jsonBody(target) });
}

/** Whether `follows` holds the target (a tag in any letter case). */
export function isFollowed(follows: Follows | undefined, { type, target }: FollowTarget): boolean {
  if (!follows) return false;
  if (type === 'author') return follows.authors.some((author) => author.id === target);
  const key = tagKey(target);
  return follows.tags.some((followed) => tagKey(followed.tag) === key);
}

/** `follows` with the target added (at the front: the newest) or taken out. */
function withFollow(follows: Follows, change: FollowTarget, follow: boolean): Follows {
  const now = new Date().toISOString();
  if (change.type === 'author') {
    const authors = follows.authors.filter((author) => author.id !== change.target);
    return {
      ...follows,
      authors: follow
        ? [
            { id: change.target, username: '', nickname: '', avatar: '', followed_at: now },
            ...authors,
          ]
        : authors,
    };
  }
  const key = tagKey(change.target);
  const tags = follows.tags.filter((followed) => tagKey(followed.tag) !== key);
  return { ...follows, tags: follow ? [{ tag: change.target, followed_at: now }, ...tags] : tags };
}

type Change = FollowTarget & { follow: boolean };

/**
 * Follows or unfollows, shown at once: the follows the page read flip before the server answers,
 * and come back as they were if it refuses; once settled they are read again, and `onChanged`
 * runs (the app refreshes what depends on them: a profile's counts, the following feed).
 */
export function useChangeFollow({ onChanged }: { onChanged?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation<unknown, unknown, Change, { previous: Follows | undefined }>({
    mutationFn: ({ follow, ...target }) => (follow ? followTarget(target) : unfollowTarget(target)),
    onMutate: async ({ follow, ...target }) => {
      await queryClient.cancelQueries({ queryKey: followsQueryKey });
      const previous = queryClient.getQueryData<Follows>(followsQueryKey);
      if (previous) {
        queryClient.setQueryData(followsQueryKey, withFollow(previous, target, follow));
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(followsQueryKey, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: followsQueryKey });
      onChanged?.();
    },
  });
}
