import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RevokeOtherSessionsResponse, SessionList } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** GET /auth/sessions: where the member is signed in, most recently used first. */
export function getSessions(signal?: AbortSignal): Promise<SessionList> {
  return api.get('/auth/sessions', { schema: contract('sessionListSchema'), signal });
}

/** DELETE /auth/sessions/{id}: that session signs out at once. */
export function endSession(id: string): Promise<unknown> {
  return api.request('DELETE', `/auth/sessions/${encodeURIComponent(id)}`, {
    schema: contract('endSessionResponseSchema'),
  });
}

/** POST /auth/sessions/revoke_others: every session but this one signs out. */
export function endOtherSessions(): Promise<RevokeOtherSessionsResponse> {
  return api.post('/auth/sessions/revoke_others', undefined, {
    schema: contract('revokeOtherSessionsResponseSchema'),
  });
}

export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: ({ signal }) => getSessions(signal),
    // Another device may sign in or out at any time: read afresh whenever the list is shown.
    staleTime: 0,
  });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}

/** Ends one session; the list is read again either way, since it may have changed meanwhile. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
