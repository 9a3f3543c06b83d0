/** The part of an infinite query the button needs (TanStack Query's result fits). */
type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * 'Load more' under a paged list: shown while another page exists, busy (not disabled, so focus
 * stays on it) while that page loads, and a second press meanwhile asks for nothing.
 */
export function LoadMoreButton({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-busy={query.isFetchingNextPage || undefined}
      onClick={() => {
        if (!query.isFetchingNextPage) void query.fetchNextPage();
      }}
    >
      {label}
    </button>
  );
}
