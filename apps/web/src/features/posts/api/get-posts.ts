import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  FORUM_PAGE_SIZE,
  type Feed,
  type PostListItem,
  type ReviewStatus,
  type SortOption,
} from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

export type GetPostsInput = {
  skip?: number;
  limit?: number;
  /** No sort means the server's default order (relevance when searching). */
  sort?: SortOption;
  search?: string;
  /** Only posts with this review status (issue 29). */
  reviewStatus?: ReviewStatus;
  /** Only posts carrying this tag (issue 30). */
  tag?: string;
  /** `following`: only what the member follows; the server answers 401 signed out. */
  feed?: Feed;
  signal?: AbortSignal;
};

/**
 * GET /media/list (spec §7). An answer that is not an array is logged and read as empty by
 * `api.getList`; items are checked against the shared contract.
 */
export function getPosts({
  skip = 0,
  limit = FORUM_PAGE_SIZE,
  sort,
  search,
  reviewStatus,
  tag,
  feed,
  signal,
}: GetPostsInput = {}): Promise<PostListItem[]> {
  return api.getList('/media/list', {
    params: {
      skip,
      limit,
      sort_by: sort,
      search: search || undefined,
      review_status: reviewStatus,
      tag: tag || undefined,
      feed,
    },
    item: contract('postListItemSchema'),
    signal,
  });
}

export type PostsFilter = {
  search: string;
  sort?: SortOption;
  reviewStatus?: ReviewStatus;
  tag?: string;
  feed?: Feed;
};

export const postsQueryKey = ['posts', 'list'] as const;

/** Forum pages of FORUM_PAGE_SIZE; a shorter page is the last one (spec §9). */
export const getPostsInfiniteQueryOptions = (filter: PostsFilter) =>
  infiniteQueryOptions({
    queryKey: [
      ...postsQueryKey,
      {
        search: filter.search,
        sort: filter.sort ?? null,
        reviewStatus: filter.reviewStatus ?? null,
        tag: filter.tag ?? null,
        feed: filter.feed ?? null,
      },
    ],
    queryFn: ({ pageParam, signal }) =>
      getPosts({ ...filter, skip: pageParam, limit: FORUM_PAGE_SIZE, signal }),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) =>
      lastPage.length < FORUM_PAGE_SIZE ? undefined : allPages.length * FORUM_PAGE_SIZE,
  });

type UsePostsOptions = {
  throwOnError?: (error: Error) => boolean;
};

export function usePosts(filter: PostsFilter, { throwOnError }: UsePostsOptions = {}) {
  return useInfiniteQuery({
    ...getPostsInfiniteQueryOptions(filter),
    ...(throwOnError ? { throwOnError } : {}),
  });
}
