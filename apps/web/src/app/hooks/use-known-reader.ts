import { useEffect } from 'react';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { authStore, useAuth } from '@/lib/auth-store';

/**
 * For screens that must know who reads (the post's Edit and Delete, the reader's own row of the
 * leaderboard): a session whose user is not cached (a cache from an older version, a token stored
 * by another tab) loads it once.
 */
export function useKnownReader() {
  const { token, user } = useAuth();
  const query = useCurrentUser({ enabled: Boolean(token) && !user });
  useEffect(() => {
    if (query.data) authStore.setUser(query.data);
  }, [query.data]);
}
