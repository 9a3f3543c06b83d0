import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { authorQueryRoot } from '../api/get-author';

type ApplyOptions = {
  /** The change shows elsewhere too (name, avatar): mark every cached answer stale. */
  everywhere?: boolean;
};

/**
 * Every /modify call answers the updated current user: it replaces the cached user (store and
 * localStorage), and cached author pages are refreshed the next time they are shown.
 */
export function useApplyCurrentUser({ everywhere = false }: ApplyOptions = {}) {
  const queryClient = useQueryClient();
  return useCallback(
    (user: CurrentUser) => {
      authStore.setUser(user);
      void queryClient.invalidateQueries(
        everywhere ? { refetchType: 'none' } : { queryKey: authorQueryRoot },
      );
    },
    [queryClient, everywhere],
  );
}
