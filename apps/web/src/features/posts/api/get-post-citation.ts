import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CitationFormat } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** GET /media/{id}/cite?format=: the post's citation as the text to copy. */
export async function getPostCitation(
  id: string,
  format: CitationFormat,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string> {
  const path = `/media/${encodeURIComponent(id)}/cite`;
  if (format === 'csl') {
    // CSL-JSON arrives parsed (the client reads every +json answer); it is shown and copied as text.
    const items = await api.get(path, {
      params: { format },
      schema: contract('cslItemsSchema'),
      signal,
    });
    return `${JSON.stringify(items, null, 2)}\n`;
  }
  return api.get(path, { params: { format }, schema: contract('citationTextSchema'), signal });
}

/**
 * `version` is the post's `edited_at`: an edit (a new title, a DOI) makes a new key, so a
 * citation read before it is never shown after it, and one read since never needs reading again.
 */
export const postCitationQueryKey = (id: string, version: string | null, format: CitationFormat) =>
  ['posts', 'citation', id, version ?? 'original', format] as const;

export const getPostCitationQueryOptions = (
  id: string,
  version: string | null,
  format: CitationFormat,
) =>
  queryOptions({
    queryKey: postCitationQueryKey(id, version, format),
    queryFn: ({ signal }) => getPostCitation(id, format, { signal }),
    staleTime: Infinity,
  });

type UsePostCitationOptions = {
  throwOnError?: (error: Error) => boolean;
};

export function usePostCitation(
  id: string,
  version: string | null,
  format: CitationFormat,
  { throwOnError }: UsePostCitationOptions = {},
) {
  return useQuery({
    ...getPostCitationQueryOptions(id, version, format),
    ...(throwOnError ? { throwOnError } : {}),
  });
}
