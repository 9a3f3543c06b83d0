import { useState } from 'react';
import { MY_PAGE_LIST_PAGE_SIZE } from '@symposia/shared';
import { useMyListMore, type MyListItem, type MyListKind } from '../api/get-my-list';

export type MyList<K extends MyListKind> = {
  /** The first page (from GET /auth/me) and every further page loaded, each item once. */
  items: MyListItem[K][];
  /** Whether the list holds more than is shown (by the count of all, or a full last page). */
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore: () => void;
};

/**
 * One of My Page's tabs: GET /auth/me's first page, then further pages of
 * GET /auth/me/{kind} as the member asks for them. `total` is the count of all (stats).
 */
export function useMyList<K extends MyListKind>(
  kind: K,
  first: MyListItem[K][],
  total: number,
): MyList<K> {
  const [wanted, setWanted] = useState(false);
  const more = useMyListMore(kind, { enabled: wanted });
  const seen = new Set<string>();
  // A page can repeat an item when something new arrived in between: each is shown once.
  const items = [...first, ...(more.data?.pages.flat() ?? [])].filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  const morePages = more.data?.pages.length ?? 0;
  // Before any further page: more exists if the first page was full and the count says so.
  const hasMore =
    morePages === 0
      ? first.length >= MY_PAGE_LIST_PAGE_SIZE && items.length < total
      : more.hasNextPage;
  return {
    items,
    hasMore,
    loading: more.isFetching,
    failed: more.isError,
    loadMore: () => {
      if (!wanted) setWanted(true);
      else if (!more.data) void more.refetch();
      else void more.fetchNextPage();
    },
  };
}
