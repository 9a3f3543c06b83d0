import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DEFAULT_SORT, type PostListItem } from '@symposia/shared';
import { ApiError } from '@/lib/api-client';
import { getPostsInfiniteQueryOptions, usePosts, type PostsFilter } from '../api/get-posts';
import { useForumScrollMemory } from '../hooks/use-forum-scroll-memory';
import { useLivePosts } from '../hooks/use-live-posts';
import { useSinglePlayback } from '../hooks/use-single-playback';
import { postDetailHref } from '../utils/forum-location';
import { NewPostsBanner } from './new-posts-banner';
import { PostCard } from './post-card';
import { SearchSuggestion } from './search-suggestion';
import page from '@/components/layout/page.module.css';
import styles from './post-grid.module.css';

type PostGridProps = {
  filter: PostsFilter;
  /** The forum address shown now (path and query): Back on the detail returns here. */
  forumUrl: string;
  /** What an empty list shows instead of 'No posts found' (the following feed's, issue 30). */
  empty?: ReactNode;
  /** Above the cards, composed by the app: the tag the list is filtered by (issue 30). */
  header?: ReactNode;
};

const SKELETONS = 6;
/** Start loading the next page this far before its end comes into view. */
const PRELOAD_MARGIN = '600px 0px';

function Skeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={`skeleton-${index}`} className={styles.item} aria-hidden="true">
          <div className={styles.skeleton} data-testid="post-skeleton">
            <div className={styles.skeletonMedia} />
            <div className={styles.skeletonLine} />
            <div className={`${styles.skeletonLine} ${styles.short}`} />
          </div>
        </li>
      ))}
    </>
  );
}

/** The whole forum, newest first: where a post just published goes at the top. */
function newestOfAll(filter: PostsFilter): boolean {
  return (
    !filter.search &&
    (filter.sort === undefined || filter.sort === DEFAULT_SORT) &&
    !filter.reviewStatus &&
    !filter.tag &&
    !filter.feed
  );
}

/** Opens a post in a new tab, remembering the forum location for its Back (spec §2). */
function openInNewTab(post: PostListItem, forumUrl: string) {
  window.open(postDetailHref(post.id, forumUrl), '_blank', 'noopener');
}

/**
 * The forum's card grid (spec §2): FORUM_PAGE_SIZE posts a page, more as the reader scrolls (or
 * presses 'Load more'), until a page comes back short. A failed first page shows the error with an
 * empty list; an answer that breaks the contract goes to the global error screen.
 */
export function PostGrid({ filter, forumUrl, empty: emptyState, header }: PostGridProps) {
  const { t } = useTranslation(['posts', 'messages']);
  const query = usePosts(filter, { throwOnError: (error) => !(error instanceof ApiError) });
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const pages = data?.pages ?? [];
  const posts = pages.flat();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const queryClient = useQueryClient();

  // Issue 31: a post published meanwhile shows at the top of the newest posts' first page at
  // once; anywhere else the reader is offered it rather than have the list move under them.
  const live = useLivePosts({
    atTop: newestOfAll(filter) && pages.length <= 1,
    readIn: () => void query.refetch(),
  });
  const showNewPosts = () => {
    live.shown();
    // Back to the first page, read anew (the later pages go), and to the top of the list.
    void queryClient.resetQueries({
      queryKey: getPostsInfiniteQueryOptions(filter).queryKey,
      exact: true,
    });
    window.scrollTo(0, 0);
    sectionRef.current?.focus({ preventScroll: true });
  };

  useSinglePlayback();
  useForumScrollMemory({
    url: forumUrl,
    pageCount: pages.length,
    ready: !query.isPending,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  });

  const loadMore = useEffectEvent(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  });

  // Infinite scrolling. A new observer per page: if the end is still in view after a page arrived,
  // its first report loads the next one.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, pages.length]);

  if (query.isError && !data) {
    return (
      <section className={page.page} aria-label={t('posts:grid.label')}>
        {header}
        <div className={styles.error} role="alert">
          <p className={styles.errorText}>{t('messages:postListFailed')}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void query.refetch()}
          >
            {t('posts:grid.retry')}
          </button>
        </div>
      </section>
    );
  }

  const empty = !query.isPending && posts.length === 0;

  return (
    <section
      ref={sectionRef}
      // Focus comes here after "New posts — show" (its button leaves), not to the page's start.
      tabIndex={-1}
      className={page.page}
      aria-label={t('posts:grid.label')}
      aria-busy={query.isFetching}
    >
      <NewPostsBanner waiting={live.waiting} onShow={showNewPosts} />
      {header}
      <p className="visually-hidden" role="status">
        {query.isPending ? t('posts:grid.loading') : t('posts:grid.shown', { count: posts.length })}
      </p>
      {empty && emptyState ? (
        emptyState
      ) : empty ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('posts:grid.empty')}</p>
          {filter.search ? (
            <p>
              <Trans
                t={t}
                i18nKey="posts:grid.noMatch"
                values={{ search: filter.search }}
                components={{ term: <span className={styles.term} translate="no" /> }}
              />
            </p>
          ) : (
            <p>{t('posts:grid.noPosts')}</p>
          )}
          {filter.search ? <SearchSuggestion search={filter.search} /> : null}
        </div>
      ) : (
        <ul className={styles.grid} aria-label={t('posts:grid.list')}>
          {posts.map((post, index) => (
            <li key={post.id} className={styles.item}>
              <PostCard
                post={post}
                newTabHref={postDetailHref(post.id, forumUrl)}
                onOpen={(opened) => openInNewTab(opened, forumUrl)}
                priority={index === 0}
              />
            </li>
          ))}
          {query.isPending ? <Skeletons count={SKELETONS} /> : null}
          {isFetchingNextPage ? <Skeletons count={3} /> : null}
        </ul>
      )}
      <div ref={sentinelRef} className={styles.sentinel} aria-hidden="true" />
      {isFetchNextPageError ? (
        <p className={styles.pageError} role="alert">
          {t('messages:postListFailed')}
        </p>
      ) : null}
      {hasNextPage ? (
        <div className={styles.more}>
          <button
            type="button"
            className="button button-secondary"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? t('posts:grid.loadingMore') : t('posts:grid.loadMore')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
