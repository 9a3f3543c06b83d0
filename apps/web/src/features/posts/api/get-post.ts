import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostDetail } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** GET /media/{id}: the post detail with the spec's keys (spec §3), checked against the contract. */
export function getPost(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PostDetail> {
  return api.get(`/media/${encodeURIComponent(id)}`, {
    schema: contract('postDetailSchema'),
    signal,
  });
}

export const postQueryKey = (id: string) => ['posts', 'detail', id] as const;

/** While the server is still analysing the post, ask again this often. */
export const PROCESSING_POLL_MS = 2000;

export const getPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: postQueryKey(id),
    queryFn: ({ signal }) => getPost(id, { signal }),
    // The analysis lands without a reload: poll until the post is no longer processing.
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false,
  });

type UsePostOptions = {
  throwOnError?: (error: Error) => boolean;
};

export function usePost(id: string, { throwOnError }: UsePostOptions = {}) {
  return useQuery({
    ...getPostQueryOptions(id),
    ...(throwOnError ? { throwOnError } : {}),
  });
}
