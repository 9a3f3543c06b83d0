import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, OidcRegisterBody, OidcSession, TokenResponse } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { getCurrentUser } from './get-current-user';

/**
 * POST /auth/oidc/session: trades the one-time code the ORCID callback put in the /orcid page's
 * URL fragment for a session, or learns that the iD is new and a username is to be chosen.
 */
export function tradeOrcidCode(code: string): Promise<OidcSession> {
  return api.post(
    '/auth/oidc/session',
    { code },
    { schema: contract('oidcSessionSchema'), loginPrompt: false },
  );
}

/** POST /auth/oidc/register: the account of a new iD under the username chosen. */
export function registerWithOrcid(body: OidcRegisterBody): Promise<TokenResponse> {
  return api.post('/auth/oidc/register', body, {
    schema: contract('tokenResponseSchema'),
    loginPrompt: false,
  });
}

/** Stores a session as signing in does: the token together with its member. */
async function startSession(token: string): Promise<CurrentUser> {
  const user = await getCurrentUser({ token });
  authStore.signIn(token, user);
  return user;
}

/** Signs in with the code when its iD has an account; otherwise says which iD is new. */
export async function signInWithOrcidCode(
  code: string,
): Promise<
  { status: 'signed-in'; user: CurrentUser } | Extract<OidcSession, { status: 'choose-username' }>
> {
  const answer = await tradeOrcidCode(code);
  if (answer.status === 'choose-username') return answer;
  return { status: 'signed-in', user: await startSession(answer.access_token) };
}

export function useSignInWithOrcidCode() {
  return useMutation({ mutationFn: signInWithOrcidCode });
}

export function useRegisterWithOrcid() {
  return useMutation({
    mutationFn: async (body: OidcRegisterBody) =>
      startSession((await registerWithOrcid(body)).access_token),
  });
}
