import { useMutation } from '@tanstack/react-query';
import {
  WEB_CLIENT_TOKEN_FIELDS,
  type CurrentUser,
  type LoginForm,
  type TokenResponse,
} from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { getCurrentUser } from './get-current-user';

/** POST /auth/token: the OAuth2 password grant with the web client's fixed fields (spec §7). */
export function requestAccessToken({ username, password }: LoginForm): Promise<TokenResponse> {
  return api.post(
    '/auth/token',
    { ...WEB_CLIENT_TOKEN_FIELDS, username, password },
    // Wrong credentials are answered in the form, never by opening another login.
    { schema: contract('tokenResponseSchema'), loginPrompt: false },
  );
}

/**
 * Signs in (spec §4 Auth): get a token, fetch the user with it, then store token and user together
 * (token, cached user, userId, username, userAvatar).
 */
export async function signIn(credentials: LoginForm): Promise<CurrentUser> {
  const { access_token: token } = await requestAccessToken(credentials);
  const user = await getCurrentUser({ token });
  authStore.signIn(token, user);
  return user;
}

export function useLogin() {
  return useMutation({ mutationFn: signIn });
}
