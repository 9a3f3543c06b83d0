import { useMutation } from '@tanstack/react-query';
import type { PasswordResetConfirmBody, PasswordResetConfirmResponse } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api, jsonBody } from '@/lib/api-client';

/**
 * POST /auth/password_reset/confirm (JSON): the reset link's token and the new password. Every
 * session of the account ends; the reset screen then offers to sign in with the new password,
 * which replaces whatever session this browser held.
 */
export function confirmPasswordReset(
  body: PasswordResetConfirmBody,
): Promise<PasswordResetConfirmResponse> {
  return api.post('/auth/password_reset/confirm', jsonBody(body), {
    schema: contract('passwordResetConfirmResponseSchema'),
    loginPrompt: false,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
