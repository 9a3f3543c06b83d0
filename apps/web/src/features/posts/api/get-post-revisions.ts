import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostRevision } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/**
 * GET /media/{id}/revisions: the earlier versions of a post, newest first, for whoever
 * may see the post. An answer that is not an array reads as none.
 */
export function getPostRevisions(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostRevision[]> {
  return api.getList(`/media/${encodeURIComponent(id)}/revisions`, {
    item: contract('postRevisionSchema'),
    signal,
  });
}

export const postRevisionsQueryKey = (id: string) => ['posts', 'revisions', id] as const;

export const getPostRevisionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postRevisionsQueryKey(id),
    queryFn: ({ signal }) => getPostRevisions(id, { signal }),
  });

type UsePostRevisionsOptions = {
  enabled?: boolean;
  throwOnError?: (error: Error) => boolean;
};

export function usePostRevisions(
  id: string,
  { enabled = true, throwOnError }: UsePostRevisionsOptions = {},
) {
  return useQuery({
    ...getPostRevisionsQueryOptions(id),
    enabled,
    ...(throwOnError ? { throwOnError } : {}),
  });
}
