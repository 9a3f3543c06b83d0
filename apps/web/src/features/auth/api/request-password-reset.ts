import { useMutation } from '@tanstack/react-query';
import type { EmailQueuedResponse, PasswordResetRequestBody } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/**
 * POST /auth/password_reset/request (form): the account's username or email address. The answer
 * is the same whether or not an account matches; the link goes to the account's address.
 */
export function requestPasswordReset(body: PasswordResetRequestBody): Promise<EmailQueuedResponse> {
  return api.post(
    '/auth/password_reset/request',
    { username_or_email: body.username_or_email },
    { schema: contract('emailQueuedResponseSchema'), loginPrompt: false },
  );
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
