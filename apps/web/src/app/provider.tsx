import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  QueryClientProvider,
  QueryErrorResetBoundary,
  type QueryClient,
} from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { GlobalErrorBoundary } from '@/components/errors/global-error-boundary';
import { ToastHost } from '@/components/ui/toast/toast';
import { getTokenInfoQueryOptions } from '@/features/token/api/get-token-info';
import { WalletProvider } from '@/features/wallet/components/wallet-provider';
import { authStore } from '@/lib/auth-store';
import { i18n as browserI18n } from '@/lib/i18n';
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
  /** The language instance: the browser's own, or one per server render. */
  i18n?: I18n;
};

export function AppProvider({
  children,
  queryClient: given,
  i18n = browserI18n,
}: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useQueriesFollowSession(queryClient);
  useEffect(() => authStore.listenToOtherTabs(), []);
  // The wallet shows the network the server's faucet pays on (GET /token/info).
  const resolveNetwork = useCallback(
    async () => (await queryClient.fetchQuery(getTokenInfoQueryOptions())).cluster,
    [queryClient],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <WalletProvider resolveNetwork={resolveNetwork}>
          <QueryErrorResetBoundary>
            {({ reset }) => (
              // Retry also lets failed queries run again instead of rethrowing their old error.
              <GlobalErrorBoundary onReset={reset}>{children}</GlobalErrorBoundary>
            )}
          </QueryErrorResetBoundary>
        </WalletProvider>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
