import type { LikeResult } from '@symposia/shared';

export type LikeState = { liked: boolean; likes: number };
export type LikeAction = LikeResult['action'];

/** The optimistic step (spec §4 Post like): flip the flag and move the count at once. */
export function optimisticLike(state: LikeState): { next: LikeState; expected: LikeAction } {
  const expected: LikeAction = state.liked ? 'unliked' : 'liked';
  return {
    expected,
    next: {
      liked: !state.liked,
      likes: Math.max(0, state.likes + (state.liked ? -1 : 1)),
    },
  };
}

/**
 * The state after the server answered: its count when it did what we expected, or `null` when the
 * answer contradicts the expected action, which means: put the state from before the click back.
 */
export function settleLike(expected: LikeAction, result: LikeResult): LikeState | null {
  if (result.action !== expected) return null;
  return { liked: result.action === 'liked', likes: result.likes };
}
