import { SORT_OPTIONS, type SortOption } from '@symposia/shared';

/** The forum's two sort buttons (spec §2, §4 Forum sort). */
export type SortKey = 'hot' | 'recent';
export type SortDirection = 'desc' | 'asc';

const SORT_FIELD: Record<SortKey, 'likes' | 'time'> = { hot: 'likes', recent: 'time' };

/** The direction a button shows for the current sort, or null when it is not the active one. */
export function sortDirectionOf(sort: SortOption | undefined, key: SortKey): SortDirection | null {
  if (!sort) return null;
  const [field, direction] = sort.split('_') as ['likes' | 'time', SortDirection];
  return field === SORT_FIELD[key] ? direction : null;
}

/**
 * What pressing a sort button does (spec §4): each button cycles none → descending → ascending →
 * none, and the two exclude each other, so pressing one starts it at descending whatever the other
 * was. `undefined` means no sort_by at all (the server's default order, relevance for a search).
 */
export function nextSort(
  current: SortOption | undefined,
  pressed: SortKey,
): SortOption | undefined {
  const field = SORT_FIELD[pressed];
  switch (sortDirectionOf(current, pressed)) {
    case null:
      return `${field}_desc`;
    case 'desc':
      return `${field}_asc`;
    case 'asc':
      return undefined;
  }
}

/** Reads the `sort` URL parameter; anything that is not a known sort counts as none. */
export function parseSortParam(value: string | null): SortOption | undefined {
  return (SORT_OPTIONS as readonly string[]).includes(value ?? '')
    ? (value as SortOption)
    : undefined;
}
