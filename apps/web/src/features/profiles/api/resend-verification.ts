import { useMutation } from '@tanstack/react-query';
import type { EmailQueuedResponse } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** POST /auth/verify_email/resend: the verification link of the member's address, again. */
export function resendVerification(): Promise<EmailQueuedResponse> {
  return api.post('/auth/verify_email/resend', undefined, {
    schema: contract('emailQueuedResponseSchema'),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
