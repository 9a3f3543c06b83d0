import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptProof } from '@symposia/shared';
import { contract } from '@/lib/answer-schema';
import { ApiError, api } from '@/lib/api-client';

/**
 * GET /reviews/{id}/proof: the review's anchored receipt (its CID, the epoch's Merkle root and
 * the memo transaction's signature). Null while it is not anchored yet (the server's 404).
 */
export async function getReviewProof(
  reviewId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReceiptProof | null> {
  try {
    return await api.get(`/reviews/${encodeURIComponent(reviewId)}/proof`, {
      schema: contract('receiptProofSchema'),
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const getReviewProofQueryOptions = (reviewId: string) =>
  queryOptions({
    queryKey: ['reviews', 'proof', reviewId] as const,
    queryFn: ({ signal }) => getReviewProof(reviewId, { signal }),
  });

/** Read only once the reader opens the proof. */
export function useReviewProof(reviewId: string, enabled: boolean) {
  return useQuery({ ...getReviewProofQueryOptions(reviewId), enabled });
}
