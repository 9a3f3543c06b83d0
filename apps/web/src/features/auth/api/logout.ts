import { useMutation } from '@tanstack/react-query';

import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/** POST /auth/logout: ends the session on the server too, so the token stops working. */
export function logout() {
  // An already expired session is simply over; no need to ask for a login to log out.
  return api.post('/auth/logout', undefined, {
    schema: contract('logoutResponseSchema'),
    loginPrompt: false,
  });
}

/** Logging out always ends the session on this device, even when the server call fails (spec §4). */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('The server did not confirm the logout', error),
    onSettled: () => authStore.clear(),
  });
}
