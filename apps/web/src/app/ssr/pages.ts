import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { getPostQueryOptions } from '@/features/posts/api/get-post';
import { getPostsInfiniteQueryOptions } from '@/features/posts/api/get-posts';
import { parseSortParam } from '@/features/posts/utils/sort-cycle';

/**
 * A screen the server renders before any script runs: what anyone may see, so the HTML is the
 * same for every visitor (a member's own view replaces it in the browser).
 */
export type ServerPage = {
  /** The screen's module as the build manifest names it (its chunk, its CSS). */
  screen: string;
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
});

/**
 * Home, the forum list and a post: the pages people arrive on from outside. The other screens
 * are a member's own or follow a click inside the app, and stay rendered by the browser.
 */
export function findServerPage(pathname: string): ServerPage | null {
  if (pathname === paths.home.path) return { screen: 'src/app/routes/home.tsx' };
  if (matchPath(paths.forum.path, pathname)) {
    return {
      screen: 'src/app/routes/forum.tsx',
      prefetch: (queryClient, url) =>
        queryClient.prefetchInfiniteQuery(getPostsInfiniteQueryOptions(forumFilter(url))),
      title: (_queryClient, t) => t('titles.forum'),
    };
  }
  const detail = matchPath(paths.postDetail.path, pathname);
  const id = detail?.params.id;
  if (id) {
    return {
      screen: 'src/app/routes/post-detail.tsx',
      prefetch: (queryClient) => queryClient.prefetchQuery(getPostQueryOptions(id)),
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
