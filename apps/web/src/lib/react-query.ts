import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

/**
 * Only failures that may pass on their own are retried: no answer at all, or a server error.
 * A 4xx or a contract violation will fail the same way again, and a timeout already waited 30 s.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !(error instanceof ApiError)) return false;
  return error.kind === 'network' || error.status >= 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Resolves once no query of `queryClient` is fetching: every answer asked for so far is in (a
 * fetch cancelled by another, which settles the first one's promise early, still counts).
 */
export function whenQueriesSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe: (() => void) | null = null;
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe?.();
      unsubscribe = () => {};
      resolve();
    };
    unsubscribe = queryClient.getQueryCache().subscribe(check);
    check();
  });
}
