import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  MY_PAGE_LIST_PAGE_SIZE,
  type UserCommentSummary,
  type UserLikeSummary,
  type UserPostSummary,
} from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** My Page's paged lists: the member's own posts, comments and liked posts. */
export type MyListKind = 'posts' | 'comments' | 'likes';

export type MyListItem = {
  posts: UserPostSummary;
  comments: UserCommentSummary;
  likes: UserLikeSummary;
};

const ITEM_SCHEMA = {
  posts: 'userPostSummarySchema',
  comments: 'userCommentSummarySchema',
  likes: 'userLikeSummarySchema',
} as const;

type GetMyListInput = { skip: number; limit?: number; signal?: AbortSignal };

/** GET /auth/me/{posts|comments|likes}?skip&limit: a page of the member's own list, newest first. */
export function getMyList<K extends MyListKind>(
  kind: K,
  { skip, limit = MY_PAGE_LIST_PAGE_SIZE, signal }: GetMyListInput,
): Promise<MyListItem[K][]> {
  return api.getList(`/auth/me/${kind}`, {
    params: { skip, limit },
    item: contract(ITEM_SCHEMA[kind]),
    signal,
  }) as Promise<MyListItem[K][]>;
}

export const myListQueryKey = (kind: MyListKind) => ['profiles', 'mine', kind] as const;

/**
 * The pages after the first: GET /auth/me carries the first page of each list, so these start at
 * MY_PAGE_LIST_PAGE_SIZE. A shorter page is the last one.
 */
export const getMyListMoreQueryOptions = <K extends MyListKind>(kind: K) =>
  infiniteQueryOptions({
    queryKey: myListQueryKey(kind),
    queryFn: ({ pageParam, signal }) => getMyList(kind, { skip: pageParam, signal }),
    initialPageParam: MY_PAGE_LIST_PAGE_SIZE,
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length < MY_PAGE_LIST_PAGE_SIZE
        ? undefined
        : MY_PAGE_LIST_PAGE_SIZE * (allPages.length + 1),
  });

/** The further pages of one list, fetched only once the member asks for more (`enabled`). */
export function useMyListMore<K extends MyListKind>(kind: K, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...getMyListMoreQueryOptions(kind), enabled });
}
