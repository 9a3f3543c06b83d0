import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchSuggestions } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** GET /media/search-suggestions: for a search that found nothing, the same without one word. */
export function getSearchSuggestions(
  search: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SearchSuggestions> {
  return api.get('/media/search-suggestions', {
    params: { search },
    schema: contract('searchSuggestionsSchema'),
    signal,
  });
}

export const getSearchSuggestionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['posts', 'search-suggestions', search] as const,
    queryFn: ({ signal }) => getSearchSuggestions(search, { signal }),
  });

export function useSearchSuggestions(search: string, enabled: boolean) {
  return useQuery({ ...getSearchSuggestionsQueryOptions(search), enabled });
}
