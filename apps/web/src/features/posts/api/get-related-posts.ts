import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RelatedPost } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** GET /media/{id}/related: up to 5 public posts like this one, most alike first. */
export function getRelatedPosts(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RelatedPost[]> {
  return api.get(`/media/${encodeURIComponent(id)}/related`, {
    schema: contract('relatedPostsSchema'),
    signal,
  });
}

export const relatedPostsQueryKey = (id: string) => ['posts', 'related', id] as const;

export const getRelatedPostsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: relatedPostsQueryKey(id),
    queryFn: ({ signal }) => getRelatedPosts(id, { signal }),
  });

export function useRelatedPosts(id: string) {
  return useQuery(getRelatedPostsQueryOptions(id));
}
