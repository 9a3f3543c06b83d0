import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OidcSettings } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** GET /auth/oidc: whether this server offers sign-in with ORCID (issue 30). */
export function getOidcSettings(signal?: AbortSignal): Promise<OidcSettings> {
  return api.get('/auth/oidc', { schema: contract('oidcSettingsSchema'), signal });
}

export const getOidcSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'oidc'],
    queryFn: ({ signal }) => getOidcSettings(signal),
    // A server setting: it changes only with a restart.
    staleTime: Infinity,
  });

/** True once the server said it offers sign-in with ORCID; false while unknown or off. */
export function useOrcidEnabled(): boolean {
  return useQuery(getOidcSettingsQueryOptions()).data?.enabled === true;
}
