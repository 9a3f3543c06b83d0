import { useMutation } from '@tanstack/react-query';
import type { VerifyEmailBody, VerifyEmailResponse } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { getCurrentUser } from './get-current-user';

/** POST /auth/verify_email (JSON): the verification link's token. No sign-in needed. */
export function verifyEmail(body: VerifyEmailBody): Promise<VerifyEmailResponse> {
  return api.post('/auth/verify_email', jsonBody(body), {
    schema: contract('verifyEmailResponseSchema'),
    loginPrompt: false,
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in member sees their address verified on My Page (which shows the stored user)
    // without signing in again; a failure here leaves the stored user as it was.
    onSuccess: () => {
      if (!authStore.getState().token) return;
      getCurrentUser().then(authStore.setUser, () => undefined);
    },
  });
}
