import { queryOptions, useQuery } from '@tanstack/react-query';
import { MESSAGES, type AuthorInfo } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/**
 * Which author an address names: `/author/{id}`, or `/author/@{username}` (the links `@username`
 * in a text makes), looked up as `user_id` or `username`.
 */
export function authorLookup(id: string): { user_id: string } | { username: string } {
  return id.startsWith('@') ? { username: id.slice(1) } : { user_id: id };
}

/**
 * GET /auth/person_information?user_id={id} (or ?username= for an `@username` address): an
 * author's profile, with the sections they keep private left out by the server. Signed-in members
 * only: a 401 opens the login overlay with 'Please login to view this author profile' (spec §6).
 */
export function getAuthor(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuthorInfo> {
  return api.get('/auth/person_information', {
    params: authorLookup(id),
    schema: contract('authorInfoSchema'),
    signal,
    loginPrompt: MESSAGES.loginToViewAuthor,
  });
}

export const authorQueryRoot = ['profiles', 'author'] as const;
export const authorQueryKey = (id: string) => [...authorQueryRoot, id] as const;

export const getAuthorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: authorQueryKey(id),
    queryFn: ({ signal }) => getAuthor(id, { signal }),
  });

type UseAuthorOptions = {
  throwOnError?: (error: Error) => boolean;
};

export function useAuthor(id: string, { throwOnError }: UseAuthorOptions = {}) {
  return useQuery({
    ...getAuthorQueryOptions(id),
    ...(throwOnError ? { throwOnError } : {}),
  });
}
