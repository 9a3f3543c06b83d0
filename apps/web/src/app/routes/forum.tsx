import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { Feed, SortOption } from '@symposia/shared';
import { FollowButton } from '@/features/follows/components/follow-button';
import { FollowingEmpty, FollowingSignIn } from '@/features/follows/components/following-empty';
import { postsQueryKey } from '@/features/posts/api/get-posts';
import { FeedSwitch } from '@/features/posts/components/feed-switch';
import { ForumHero } from '@/features/posts/components/forum-hero';
import { PostGrid } from '@/features/posts/components/post-grid';
import { ReviewStatusFilterButtons } from '@/features/posts/components/review-status-filter';
import { SearchBox } from '@/features/posts/components/search-box';
import { SortButtons } from '@/features/posts/components/sort-buttons';
import { TagFilter } from '@/features/posts/components/tag-filter';
import { ListAddressForm } from '@/features/posts/components/list-address-form';
import { LIST_PARAM, parseFeedParam, parseTagParam } from '@/features/posts/utils/list-params';
import {
  parseReviewStatusParam,
  type ReviewStatusFilter,
} from '@/features/posts/utils/review-status-param';
import { parseSortParam } from '@/features/posts/utils/sort-cycle';
import page from '@/components/layout/page.module.css';
import { useAuth } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/document-title';

type Filter = {
  search: string;
  sort: SortOption | undefined;
  reviewStatus: ReviewStatusFilter | undefined;
  tag: string | undefined;
  feed: Feed | undefined;
};

/** The forum's address of a filter: only what is set, in a fixed order. */
function forumParams(filter: Filter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.feed) params.set(LIST_PARAM.feed, filter.feed);
  if (filter.tag) params.set(LIST_PARAM.tag, filter.tag);
  if (filter.search) params.set(LIST_PARAM.search, filter.search);
  if (filter.sort) params.set(LIST_PARAM.sort, filter.sort);
  if (filter.reviewStatus) params.set(LIST_PARAM.reviewStatus, filter.reviewStatus);
  return params;
}

/**
 * The forum list (spec §2): search, sort, the review-status filter, a tag (issue 30) and the
 * following feed live in the address (`?search=`, `?sort=`, `?review_status=`, `?tag=`,
 * `?feed=following`), so a shared link, a reload and Back all show the same list. Members see the
 * All posts / Following switch; a tag's list carries its Follow button.
 */
export function ForumRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.forum'));
  const { pathname, search: query } = useLocation();
  const [params, setParams] = useSearchParams();
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const current: Filter = {
    search: (params.get(LIST_PARAM.search) ?? '').trim(),
    sort: parseSortParam(params.get(LIST_PARAM.sort)),
    reviewStatus: parseReviewStatusParam(params.get(LIST_PARAM.reviewStatus)),
    tag: parseTagParam(params.get(LIST_PARAM.tag)),
    feed: parseFeedParam(params.get(LIST_PARAM.feed)),
  };
  const forumUrl = `${pathname}${query}`;
  const update = (next: Filter, replace: boolean) => setParams(forumParams(next), { replace });
  const withoutTag = forumParams({ ...current, tag: undefined }).toString();
  // What a control leaves of the address: each is a GET form of it, which works before hydration.
  const keepAllBut = (change: Partial<Filter>) => forumParams({ ...current, ...change });
  // A follow changed what the following feed holds.
  const refreshFeed = () => void queryClient.invalidateQueries({ queryKey: postsQueryKey });

  return (
    <>
      <ForumHero>
        {/* A new address (e.g. Back) pre-fills the box again. */}
        <SearchBox
          key={current.search}
          action={pathname}
          keep={keepAllBut({ search: '' })}
          initialValue={current.search}
          onSearch={(nextSearch) => update({ ...current, search: nextSearch }, false)}
        />
        {token ? (
          <ListAddressForm action={pathname} keep={keepAllBut({ feed: undefined })}>
            <FeedSwitch
              feed={current.feed}
              onChange={(feed) => update({ ...current, feed }, false)}
            />
          </ListAddressForm>
        ) : null}
        <ListAddressForm action={pathname} keep={keepAllBut({ sort: undefined })}>
          <SortButtons
            sort={current.sort}
            onChange={(nextSort) => update({ ...current, sort: nextSort }, true)}
          />
        </ListAddressForm>
        <ListAddressForm action={pathname} keep={keepAllBut({ reviewStatus: undefined })}>
          <ReviewStatusFilterButtons
            status={current.reviewStatus}
            onChange={(nextStatus) => update({ ...current, reviewStatus: nextStatus }, true)}
          />
        </ListAddressForm>
      </ForumHero>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for assistive technology. */}
      <h2 className="visually-hidden">{t('forumPosts')}</h2>
      {current.feed === 'following' && !token ? (
        // The following feed is a member's own (the server answers 401 to a visitor).
        <div className={page.page}>
          <FollowingSignIn />
        </div>
      ) : (
        // Each address is its own list with its own remembered scroll position.
        <PostGrid
          key={forumUrl}
          filter={current}
          forumUrl={forumUrl}
          empty={
            current.feed === 'following' &&
            !current.search &&
            !current.tag &&
            !current.reviewStatus ? (
              <FollowingEmpty />
            ) : undefined
          }
          header={
            current.tag ? (
              <TagFilter
                tag={current.tag}
                clearHref={withoutTag ? `${pathname}?${withoutTag}` : pathname}
                action={
                  <FollowButton
                    type="tag"
                    target={current.tag}
                    name={current.tag}
                    onChanged={refreshFeed}
                  />
                }
              />
            ) : null
          }
        />
      )}
    </>
  );
}
