import type { ReactNode } from 'react';
import { QueryStatus, type QueryStatusProps, type StatusQuery } from './query-status';

type ListOrStatusProps<T> = {
  query: StatusQuery;
  /** The query's entries, once they came. */
  items: T[] | undefined;
  /** Said while the entries load, and when loading them failed (with Retry). */
  loading: string;
  failed: string;
  /** What stands in for a list with no entries (a line, an EmptyState). */
  empty: ReactNode;
  /** The loading and failure lines' own look (QueryStatus). */
  classNames?: QueryStatusProps['classNames'];
  children: (items: T[]) => ReactNode;
};

/**
 * A list read by a query, whatever its state: the entries once loaded, what says there are none,
 * or the query's loading or failure (QueryStatus, with Retry). The moderation screen's lists and
 * My Page's Reviews and Reports tabs.
 */
export function ListOrStatus<T>({
  query,
  items,
  loading,
  failed,
  empty,
  classNames,
  children,
}: ListOrStatusProps<T>) {
  if (!items) {
    return <QueryStatus query={query} loading={loading} failed={failed} classNames={classNames} />;
  }
  return items.length ? children(items) : empty;
}
