import { useId, type ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import items from '@/components/ui/item-list/item-list.module.css';
import { LoadMoreButton } from '@/components/ui/load-more/load-more-button';
import { ListOrStatus } from '@/components/ui/query-status/list-or-status';
import type { StatusQuery } from '@/components/ui/query-status/query-status';
import styles from './paged-list.module.css';

/** An infinite query's part the list needs (TanStack Query's result fits). */
type PagedListQuery = StatusQuery & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

export type PagedListTexts = {
  title: string;
  loading: string;
  failed: string;
  /** The empty state's title, and the line under it. */
  empty: string;
  emptyText?: string;
  loadMore: string;
};

type PagedListProps<T> = {
  query: PagedListQuery;
  /** Every entry of the pages loaded, once they came. */
  items: T[] | undefined;
  texts: PagedListTexts;
  /** Said between the heading and the list (e.g. a total). */
  intro?: ReactNode;
  /** One entry: its `<li>`, keyed, in the look of components/ui/item-list. */
  renderItem: (item: T) => ReactNode;
  testId?: string;
};

/**
 * A section of entries read a page at a time: its heading, the entries, 'Load more' while more
 * are left (LoadMoreButton); 'Loading…', a failure with Retry, or the empty state in their place
 * (ListOrStatus). My Page's Reviews and Reports tabs.
 */
export function PagedList<T>({
  query,
  items: entries,
  texts,
  intro,
  renderItem,
  testId,
}: PagedListProps<T>) {
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId} className={styles.heading}>
        {texts.title}
      </h2>
      {intro}
      <ListOrStatus
        query={query}
        items={entries}
        loading={texts.loading}
        failed={texts.failed}
        empty={<EmptyState title={texts.empty} text={texts.emptyText} />}
      >
        {(loaded) => <ul className={items.list}>{loaded.map(renderItem)}</ul>}
      </ListOrStatus>
      {entries && query.hasNextPage ? (
        <div className={styles.more}>
          <LoadMoreButton query={query} label={texts.loadMore} />
        </div>
      ) : null}
    </section>
  );
}
