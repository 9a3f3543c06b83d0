import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { SortOption } from '@symposia/shared';
import { ForumHero } from '@/features/posts/components/forum-hero';
import { PostGrid } from '@/features/posts/components/post-grid';
import { ReviewStatusFilterButtons } from '@/features/posts/components/review-status-filter';
import { SearchBox } from '@/features/posts/components/search-box';
import { SortButtons } from '@/features/posts/components/sort-buttons';
import {
  parseReviewStatusParam,
  type ReviewStatusFilter,
} from '@/features/posts/utils/review-status-param';
import { parseSortParam } from '@/features/posts/utils/sort-cycle';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * The forum list (spec §2): search, sort and the review-status filter live in the address
 * (`?search=`, `?sort=`, `?review_status=`), so a shared link, a reload and Back all show the same
 * list.
 */
export function ForumRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.forum'));
  const { pathname, search: query } = useLocation();
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const sort = parseSortParam(params.get('sort'));
  const reviewStatus = parseReviewStatusParam(params.get('review_status'));
  const forumUrl = `${pathname}${query}`;

  type Filter = {
    search: string;
    sort: SortOption | undefined;
    reviewStatus: ReviewStatusFilter | undefined;
  };
  const current: Filter = { search, sort, reviewStatus };
  const update = (next: Filter, replace: boolean) => {
    const nextParams = new URLSearchParams();
    if (next.search) nextParams.set('search', next.search);
    if (next.sort) nextParams.set('sort', next.sort);
    if (next.reviewStatus) nextParams.set('review_status', next.reviewStatus);
    setParams(nextParams, { replace });
  };

  return (
    <>
      <ForumHero>
        {/* A new address (e.g. Back) pre-fills the box again. */}
        <SearchBox
          key={search}
          initialValue={search}
          onSearch={(nextSearch) => update({ ...current, search: nextSearch }, false)}
        />
        <SortButtons
          sort={sort}
          onChange={(nextSort) => update({ ...current, sort: nextSort }, true)}
        />
        <ReviewStatusFilterButtons
          status={reviewStatus}
          onChange={(nextStatus) => update({ ...current, reviewStatus: nextStatus }, true)}
        />
      </ForumHero>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for assistive technology. */}
      <h2 className="visually-hidden">{t('forumPosts')}</h2>
      {/* Each address is its own list with its own remembered scroll position. */}
      <PostGrid key={forumUrl} filter={current} forumUrl={forumUrl} />
    </>
  );
}
