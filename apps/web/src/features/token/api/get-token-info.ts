import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TokenInfo } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** GET /token/info: the faucet's network, mint and limits (checked against the contract). */
export function getTokenInfo({ signal }: { signal?: AbortSignal } = {}): Promise<TokenInfo> {
  return api.get('/token/info', { schema: contract('tokenInfoSchema'), signal });
}

export const tokenInfoQueryKey = ['token', 'info'] as const;

export const getTokenInfoQueryOptions = () =>
  queryOptions({
    queryKey: tokenInfoQueryKey,
    queryFn: ({ signal }) => getTokenInfo({ signal }),
    // The faucet's configuration only changes with a server restart.
    staleTime: 10 * 60_000,
  });

export function useTokenInfo() {
  return useQuery(getTokenInfoQueryOptions());
}
