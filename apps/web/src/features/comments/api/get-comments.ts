import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  COMMENTS_DEFAULT_LIMIT,
  commentSchema,
  likedCommentsSchema,
  type Comment as SharedComment,
} from '@symposia/shared';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import type { Comment } from '../types';
import { buildThreads } from '../utils/threads';

/**
 * GET /comments/post/{postId}?skip=0&limit=2000 (spec §7): every comment of the post, oldest first,
 * checked against the shared contract. An answer that is not an array reads as no comments.
 */
export function getComments(
  postId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SharedComment[]> {
  return api.getList(`/comments/post/${encodeURIComponent(postId)}`, {
    params: { skip: 0, limit: COMMENTS_DEFAULT_LIMIT },
    item: commentSchema,
    signal,
  });
}

/**
 * GET /comments/post/{postId}/liked: which of the post's comments the signed-in reader likes. The
 * thread itself reads the same for everyone (so the server answers it from one shared copy).
 */
export async function getLikedComments(
  postId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string[]> {
  const answer = await api.get(`/comments/post/${encodeURIComponent(postId)}/liked`, {
    schema: likedCommentsSchema,
    signal,
  });
  return answer.liked;
}

const GUEST = 'guest';

/** The thread with the reader's likes laid over it; a guest likes nothing. */
export async function getReaderComments(
  postId: string,
  viewer: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Comment[]> {
  const [comments, liked] = await Promise.all([
    getComments(postId, { signal }),
    viewer === GUEST ? [] : getLikedComments(postId, { signal }),
  ]);
  const likedIds = new Set(liked);
  return comments.map((comment) => ({ ...comment, liked: likedIds.has(comment._id) }));
}

/**
 * `liked` depends on who asks, so the reader is part of the key: signing in (e.g. through the
 * overlay a comment's 401 opened) loads the list again with the reader's likes.
 */
export const commentsQueryKey = (postId: string, viewer: string) =>
  ['comments', 'post', postId, viewer] as const;

/** The cached value is the threaded list, so new comments and likes update it in place. */
export const getCommentsQueryOptions = (postId: string, viewer: string) =>
  queryOptions({
    queryKey: commentsQueryKey(postId, viewer),
    queryFn: async ({ signal }) =>
      buildThreads(await getReaderComments(postId, viewer, { signal })),
    // The previous reader's list stays on screen while the new one loads: no flash, no lost editor.
    placeholderData: keepPreviousData,
  });

/** Who reads: the signed-in member's id, or 'guest'. */
export function useCommentsViewer(): string {
  const { token, user } = useAuth();
  if (!token) return GUEST;
  return user?.id ?? 'member';
}

/** The comments query key of the current reader, for the mutations that update the cached list. */
export function useCommentsQueryKey(postId: string) {
  return commentsQueryKey(postId, useCommentsViewer());
}

type UseCommentsOptions = {
  throwOnError?: (error: Error) => boolean;
};

export function useComments(postId: string, { throwOnError }: UseCommentsOptions = {}) {
  const viewer = useCommentsViewer();
  return useQuery({
    ...getCommentsQueryOptions(postId, viewer),
    ...(throwOnError ? { throwOnError } : {}),
  });
}
