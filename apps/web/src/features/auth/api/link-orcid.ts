import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, OidcLinkStart } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { getCurrentUser } from './get-current-user';

/** POST /auth/oidc/link: where to send the browser to prove the ORCID iD to link. */
export function startOrcidLink(): Promise<OidcLinkStart> {
  return api.post('/auth/oidc/link', undefined, { schema: contract('oidcLinkStartSchema') });
}

/** DELETE /auth/oidc/link. */
export function unlinkOrcid(): Promise<unknown> {
  return api.request('DELETE', '/auth/oidc/link', { schema: contract('oidcUnlinkSchema') });
}

/** The member as the server has them now (their iD changed): stored for every screen. */
export async function refreshCurrentUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  authStore.setUser(user);
  return user;
}

/** Starts a link: the browser leaves for the provider, and comes back to /orcid. */
export function useStartOrcidLink() {
  return useMutation({
    mutationFn: async () => {
      const { authorization_url: url } = await startOrcidLink();
      window.location.assign(url);
    },
  });
}

export function useUnlinkOrcid() {
  return useMutation({
    mutationFn: async () => {
      await unlinkOrcid();
      return refreshCurrentUser();
    },
  });
}
