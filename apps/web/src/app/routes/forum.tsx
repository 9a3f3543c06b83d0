import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { SortOption } from '@symposia/shared';
import { ForumHero } from '@/features/posts/components/forum-hero';
import { PostGrid } from '@/features/posts/components/post-grid';
import { SearchBox } from '@/features/posts/components/search-box';
import { SortButtons } from '@/features/posts/components/sort-buttons';
import { parseSortParam } from '@/features/posts/utils/sort-cycle';
import { useDocumentTitle } from '@/lib/document-title';

/**
 * The forum list (spec §2): search and sort live in the address (`?search=`, `?sort=`), so a
 * shared link, a reload and Back all show the same list.
 */
export function ForumRoute() {
  const { t } = useTranslation('routes');
  useDocumentTitle(t('titles.forum'));
  const { pathname, search: query } = useLocation();
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const sort = parseSortParam(params.get('sort'));
  const forumUrl = `${pathname}${query}`;

  const update = (next: { search: string; sort: SortOption | undefined }, replace: boolean) => {
    const nextParams = new URLSearchParams();
    if (next.search) nextParams.set('search', next.search);
    if (next.sort) nextParams.set('sort', next.sort);
    setParams(nextParams, { replace });
  };

  return (
    <>
      <ForumHero>
        {/* A new address (e.g. Back) pre-fills the box again. */}
        <SearchBox
          key={search}
          initialValue={search}
          onSearch={(nextSearch) => update({ search: nextSearch, sort }, false)}
        />
        <SortButtons
          sort={sort}
          onChange={(nextSort) => update({ search, sort: nextSort }, true)}
        />
      </ForumHero>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3 for assistive technology. */}
      <h2 className="visually-hidden">{t('forumPosts')}</h2>
      {/* Each address is its own list with its own remembered scroll position. */}
      <PostGrid key={forumUrl} filter={{ search, sort }} forumUrl={forumUrl} />
    </>
  );
}
