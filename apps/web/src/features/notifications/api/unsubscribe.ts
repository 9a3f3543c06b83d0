import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResult } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/**
 * POST /notifications/unsubscribe?token=… with `List-Unsubscribe=One-Click` (RFC 8058), as a
 * mail client's one click sends it: the token of the link is the proof, no sign-in needed.
 */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return api.post(
    '/notifications/unsubscribe',
    { 'List-Unsubscribe': 'One-Click' },
    { params: { token }, schema: contract('unsubscribeResultSchema') },
  );
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
