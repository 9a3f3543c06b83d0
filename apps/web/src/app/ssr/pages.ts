import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { GUEST_READER } from '@/lib/auth-store';
import { getCommentsQueryOptions } from '@/features/comments/api/get-comments';
import { getRelatedPostsQueryOptions } from '@/features/posts/api/get-related-posts';
import { getBountiesQueryOptions } from '@/features/reviews/api/get-bounties';
import { getPostReviewsQueryOptions } from '@/features/reviews/api/get-post-reviews';
import { getPostQueryOptions } from '@/features/posts/api/get-post';
import { getPostsInfiniteQueryOptions } from '@/features/posts/api/get-posts';
import { parseFeedParam, parseTagParam } from '@/features/posts/utils/list-params';
import { parseReviewStatusParam } from '@/features/posts/utils/review-status-param';
import { parseSortParam } from '@/features/posts/utils/sort-cycle';

/**
 * A screen the server renders before any script runs: what anyone may see, so the HTML is the
 * same for every visitor (a member's own view replaces it in the browser).
 */
export type ServerPage = {
  /** The screen's module as the build manifest names it (its chunk, its CSS). */
  screen: string;
  /**
   * The page's address as its screen reads it: the path written one way and only the query
   * parameters the screen reads, normalized, in a fixed order. Every address with the same page
   * address shows the same page, so the server renders it once for all of them and keeps one copy
   * (a `?x=<nonce>` is the page already kept).
   */
  address: (url: URL) => string;
  /** Loads the data the screen shows into the cache, through the same queries it uses. */
  prefetch?: (queryClient: QueryClient, url: URL) => Promise<void>;
  /**
   * The document title, when the screen's data names it (the screen sets the same later), in the
   * render's language (`t` of its i18next instance).
   */
  title?: (queryClient: QueryClient, t: TFunction<'routes'>) => string | undefined;
  /** Whether the API said that what the address names does not exist (the page answers 404). */
  missing?: (queryClient: QueryClient) => boolean;
};

const forumFilter = (url: URL) => ({
  search: (url.searchParams.get('search') ?? '').trim(),
  sort: parseSortParam(url.searchParams.get('sort')),
  reviewStatus: parseReviewStatusParam(url.searchParams.get('review_status')),
  tag: parseTagParam(url.searchParams.get('tag')),
  feed: parseFeedParam(url.searchParams.get('feed')),
});

/**
 * The forum's address with only what it reads (app/routes/forum.tsx): the feed, the tag, the
 * search, the sort and the review-status filter.
 */
function forumAddress(url: URL): string {
  const { search, sort, reviewStatus, tag, feed } = forumFilter(url);
  const query = new URLSearchParams();
  if (feed) query.set('feed', feed);
  if (tag) query.set('tag', tag);
  if (search) query.set('search', search);
  if (sort) query.set('sort', sort);
  if (reviewStatus) query.set('review_status', reviewStatus);
  const text = query.toString();
  return text ? `${paths.forum.path}?${text}` : paths.forum.path;
}

/** A path segment as the router gives it to the screen (decoded); null when malformed. */
function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Home, the forum list and a post: the pages people arrive on from outside. The other screens
 * are a member's own or follow a click inside the app, and stay rendered by the browser.
 */
export function findServerPage(pathname: string): ServerPage | null {
  if (pathname === paths.home.path) {
    return { screen: 'src/app/routes/home.tsx', address: () => paths.home.path };
  }
  if (matchPath(paths.forum.path, pathname)) {
    return {
      screen: 'src/app/routes/forum.tsx',
      address: forumAddress,
      prefetch: async (queryClient, url) => {
        const filter = forumFilter(url);
        // The following feed is a member's own: a visitor's page asks them to sign in, and
        // nothing of any member's is rendered into HTML every visitor is sent.
        if (filter.feed === 'following') return;
        await queryClient.prefetchInfiniteQuery(getPostsInfiniteQueryOptions(filter));
      },
      title: (_queryClient, t) => t('titles.forum'),
    };
  }
  const detail = matchPath(paths.postDetail.path, pathname);
  // matchPath leaves the id encoded, while the screen's useParams has it decoded: the same post
  // under every way of writing its id (`%61bc` is `abc`).
  const id = detail?.params.id ? decodedSegment(detail.params.id) : null;
  if (id) {
    return {
      screen: 'src/app/routes/post-detail.tsx',
      // Only its id: `?from=` sets where Back goes, which the HTML does not show.
      address: () => paths.postDetail.href(id),
      // The post and what its screen shows below it (posts like it, its reviews and bounties, its
      // first comments), as a visitor reads them: answers fetched after hydration would render
      // the screen again while the page is loading (issue 31, Lighthouse's blocking time).
      prefetch: async (queryClient) => {
        await queryClient.prefetchQuery(getPostQueryOptions(id));
        if (!queryClient.getQueryData(getPostQueryOptions(id).queryKey)) return;
        await Promise.all([
          queryClient.prefetchQuery(getRelatedPostsQueryOptions(id)),
          queryClient.prefetchQuery(getPostReviewsQueryOptions(id, GUEST_READER)),
          queryClient.prefetchQuery(getBountiesQueryOptions(id)),
          queryClient.prefetchInfiniteQuery(getCommentsQueryOptions(queryClient, id, GUEST_READER)),
        ]);
      },
      title: (queryClient, t) => {
        const post = queryClient.getQueryData(getPostQueryOptions(id).queryKey);
        return post ? post.title || t('titles.post') : undefined;
      },
      missing: (queryClient) => {
        const { error } = queryClient.getQueryState(getPostQueryOptions(id).queryKey) ?? {};
        return error instanceof ApiError && error.status === 404;
      },
    };
  }
  return null;
}
