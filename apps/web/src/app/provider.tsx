import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  QueryClientProvider,
  QueryErrorResetBoundary,
  type QueryClient,
} from '@tanstack/react-query';
import { GlobalErrorBoundary } from '@/components/errors/global-error-boundary';
import { ToastHost } from '@/components/ui/toast/toast';
import { getTokenInfoQueryOptions } from '@/features/token/api/get-token-info';
import { WalletProvider } from '@/features/wallet/components/wallet-provider';
import { authStore } from '@/lib/auth-store';
import { createQueryClient } from '@/lib/react-query';

/** Cached answers belong to one session: drop them when it ends, refresh them when one begins. */
function useQueriesFollowSession(queryClient: QueryClient) {
  useEffect(() => {
    let token = authStore.getState().token;
    return authStore.subscribe(() => {
      const next = authStore.getState().token;
      if (next === token) return;
      token = next;
      if (next === null) queryClient.removeQueries();
      else void queryClient.invalidateQueries();
    });
  }, [queryClient]);
}

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
};

export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useQueriesFollowSession(queryClient);
  useEffect(() => authStore.listenToOtherTabs(), []);
  // The wallet shows the network the server's faucet pays on (GET /token/info).
  const resolveNetworkName = useCallback(
    async () => (await queryClient.fetchQuery(getTokenInfoQueryOptions())).network_name,
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <WalletProvider resolveNetworkName={resolveNetworkName}>
        <QueryErrorResetBoundary>
          {({ reset }) => (
            // Retry also lets failed queries run again instead of rethrowing their old error.
            <GlobalErrorBoundary onReset={reset}>{children}</GlobalErrorBoundary>
          )}
        </QueryErrorResetBoundary>
      </WalletProvider>
      <ToastHost />
    </QueryClientProvider>
  );
}
