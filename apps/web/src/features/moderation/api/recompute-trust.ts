import { useMutation } from '@tanstack/react-query';
import type { TrustRecomputeResult } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { api } from '@/lib/api-client';

/** POST /moderation/trust/recompute: queues the trust job (202). */
export function recomputeTrust(): Promise<TrustRecomputeResult> {
  return api.post('/moderation/trust/recompute', undefined, {
    schema: contract('trustRecomputeResultSchema'),
  });
}

export function useRecomputeTrust() {
  return useMutation({ mutationFn: recomputeTrust });
}
