import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Follows } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';

/** GET /follows: the authors and tags the member follows, most recently followed first. */
export function getFollows({ signal }: { signal?: AbortSignal } = {}): Promise<Follows> {
  return api.get('/follows', { schema: contract('followsSchema'), signal });
}

export const followsQueryKey = ['follows'] as const;

export const getFollowsQueryOptions = () =>
  queryOptions({
    queryKey: followsQueryKey,
    queryFn: ({ signal }) => getFollows({ signal }),
  });

/**
 * What the member follows, read once for every follow button of the page; nothing is asked
 * signed out (the buttons then ask to sign in).
 */
export function useFollows() {
  const { token } = useAuth();
  return useQuery({ ...getFollowsQueryOptions(), enabled: Boolean(token) });
}
