import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

type GetCurrentUserInput = {
  signal?: AbortSignal;
  /** Check a token that is not stored yet (while signing in). */
  token?: string;
};

/** GET /auth/me: the signed-in user, checked against the shared contract. */
export function getCurrentUser({ signal, token }: GetCurrentUserInput = {}): Promise<CurrentUser> {
  return api.get('/auth/me', {
    schema: contract('currentUserSchema'),
    signal,
    ...(token ? { headers: { Authorization: `Bearer ${token}` }, loginPrompt: false } : {}),
  });
}

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getCurrentUser({ signal }),
  });

type UseCurrentUserOptions = {
  enabled?: boolean;
  /** Which failures propagate to the nearest error boundary instead of the result. */
  throwOnError?: (error: Error) => boolean;
};

export function useCurrentUser({ enabled = true, throwOnError }: UseCurrentUserOptions = {}) {
  return useQuery({
    ...getCurrentUserQueryOptions(),
    enabled,
    ...(throwOnError ? { throwOnError } : {}),
  });
}
