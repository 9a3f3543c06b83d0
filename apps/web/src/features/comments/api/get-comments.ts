import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { COMMENT_ROOTS_DEFAULT_LIMIT, type Comment as SharedComment } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { GUEST_READER, useAuth } from '@/lib/auth-store';
import type { Comment } from '../types';
import type { CommentThread } from '../utils/threads';

/**
 * GET /comments/post/{id}/liked: which of the post's comments the signed-in reader likes. The
 * thread itself reads the same for everyone (so the server answers it from one shared copy).
 */
export async function getLikedComments(
  postId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string[]> {
  const answered = await api.get(`/comments/post/${encodeURIComponent(postId)}/liked`, {
    schema: contract('likedCommentsSchema'),
    signal,
  });
  return answered.liked;
}

/**
 * A short fingerprint of the session's token (FNV-1a): who reads, known from the first render on,
 * so the threads are not asked for again once the member's profile has loaded. The token itself
 * stays out of query keys.
 */
function fingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Who reads: the signed-in session (a fingerprint of its token), or 'guest'. */
export function useCommentsViewer(): string {
  const { token } = useAuth();
  return token ? `member-${fingerprint(token)}` : GUEST_READER;
}

/**
 * The reader's liked comment ids on the post, loaded once for all pages of its threads (and kept
 * up to date by the like button); a guest likes nothing.
 */
export const likedCommentsQueryKey = (postId: string, viewer: string) =>
  ['comments', 'liked', postId, viewer] as const;

function readerLikes(client: QueryClient, postId: string, viewer: string): Promise<string[]> {
  if (viewer === GUEST_READER) return Promise.resolve([]);
  return client.fetchQuery({
    queryKey: likedCommentsQueryKey(postId, viewer),
    queryFn: ({ signal }) => getLikedComments(postId, { signal }),
    staleTime: Infinity,
  });
}

/** The reader's like laid over a comment everyone reads alike. */
const withLike = (liked: ReadonlySet<string>) => (comment: SharedComment) => ({
  ...comment,
  liked: liked.has(comment._id),
});

/** One page of the post's threads as the reader sees them. */
export type ThreadsPage = {
  threads: CommentThread[];
  /** The post's comment count, as the server counted it for this page. */
  total: number;
  nextCursor: string | null;
};

/**
 * GET /comments/post/{id}/roots: a page of top-level comments, newest first, each with its first
 * reply and its reply count, with the reader's likes laid over them.
 */
export async function getThreadsPage(
  client: QueryClient,
  postId: string,
  viewer: string,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ThreadsPage> {
  const [page, liked] = await Promise.all([
    api.get(`/comments/post/${encodeURIComponent(postId)}/roots`, {
      params: { limit: COMMENT_ROOTS_DEFAULT_LIMIT, ...(cursor ? { cursor } : {}) },
      schema: contract('commentRootsPageSchema'),
      signal,
    }),
    readerLikes(client, postId, viewer),
  ]);
  const like = withLike(new Set(liked));
  return {
    threads: page.threads.map((start) => ({
      root: like(start.root),
      replies: start.replies.map(like),
      replyTotal: start.replyTotal,
      repliesCursor: start.repliesCursor,
    })),
    total: page.total,
    nextCursor: page.nextCursor,
  };
}

/**
 * GET /comments/{rootId}/replies from `cursor`: the next replies of a thread, oldest first, with
 * the reader's likes.
 */
export async function getRepliesPage(
  client: QueryClient,
  postId: string,
  viewer: string,
  rootId: string,
  cursor: string | null,
  limit: number,
): Promise<{ replies: Comment[]; nextCursor: string | null }> {
  const [page, liked] = await Promise.all([
    api.get(`/comments/${encodeURIComponent(rootId)}/replies`, {
      params: { limit, ...(cursor ? { cursor } : {}) },
      schema: contract('commentRepliesPageSchema'),
    }),
    readerLikes(client, postId, viewer),
  ]);
  return { replies: page.replies.map(withLike(new Set(liked))), nextCursor: page.nextCursor };
}

/**
 * `liked` depends on who asks, so the reader is part of the key: signing in (e.g. through the
 * overlay a comment's 401 opened) loads the threads again with the reader's likes.
 */
export const commentsQueryKey = (postId: string, viewer: string) =>
  ['comments', 'post', postId, viewer] as const;

export type ThreadsData = InfiniteData<ThreadsPage, unknown>;

/** The threads a page at a time; new comments, likes and loaded replies update them in place. */
export const getCommentsQueryOptions = (client: QueryClient, postId: string, viewer: string) =>
  infiniteQueryOptions({
    queryKey: commentsQueryKey(postId, viewer),
    queryFn: ({ signal, pageParam }) =>
      getThreadsPage(client, postId, viewer, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ThreadsPage) => last.nextCursor,
    // The previous reader's threads stay on screen while the new ones load: no flash, no lost
    // editor.
    placeholderData: keepPreviousData,
  });

/** Every thread loaded so far, page after page. */
export const threadsOf = (data: ThreadsData | undefined): CommentThread[] | undefined =>
  data?.pages.flatMap((page) => page.threads);

/**
 * Applies a change of the loaded threads (a new comment, a like, a deletion, more replies) to the
 * cached pages: each thread stays on its page; a new one joins the first page.
 */
export function changeThreads(
  data: ThreadsData | undefined,
  change: (threads: CommentThread[]) => CommentThread[],
  totalChange = 0,
): ThreadsData | undefined {
  if (!data) return data;
  const all = threadsOf(data) ?? [];
  const next = change(all);
  const pageOf = new Map<string, number>();
  data.pages.forEach((page, index) => {
    for (const thread of page.threads) pageOf.set(thread.root._id, index);
  });
  const buckets = data.pages.map((): CommentThread[] => []);
  for (const thread of next) buckets[pageOf.get(thread.root._id) ?? 0]?.push(thread);
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      threads: buckets[index] ?? [],
      total: Math.max(0, page.total + totalChange),
    })),
  };
}

type UseCommentsOptions = {
  throwOnError?: (error: Error) => boolean;
};

const subscribeNothing = () => () => {};

/**
 * False while React hydrates a page the server rendered: the session is read as signed out
 * then (lib/auth-store.ts) and becomes the stored one in the render right after, so asking for
 * the threads before that would ask twice, as a guest and as the member.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** The threads of the post; `fetchNextPage` loads the next top-level comments. */
export function useComments(postId: string, { throwOnError }: UseCommentsOptions = {}) {
  const viewer = useCommentsViewer();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  return useInfiniteQuery({
    ...getCommentsQueryOptions(queryClient, postId, viewer),
    enabled: hydrated,
    ...(throwOnError ? { throwOnError } : {}),
  });
}

/** The comments query key of the current reader, for the mutations that update the cached list. */
export function useCommentsQueryKey(postId: string) {
  return commentsQueryKey(postId, useCommentsViewer());
}
