import { ApiError } from '@/lib/api-client';
import { createAttemptIds, isUnanswered } from './request-id';

/**
 * After this failure the same claim must be tried again with the same request_id: no answer came
 * (it may have paid), or the server says the first attempt is still being processed (409). A
 * refusal (403, 422) or a failed transfer is final for that id; a new attempt gets a new one.
 */
export function isClaimRetry(error: unknown): boolean {
  return isUnanswered(error) || (error instanceof ApiError && error.status === 409);
}

/** One request_id per claim attempt, an attempt being a claim to one address. */
export function createClaimIds(generate?: () => string) {
  return createAttemptIds({ generate, reuseAfter: isClaimRetry });
}

/** The server's message about one field of a refused body (422), if it named that field. */
export function fieldErrorOf(error: ApiError, field: string): string | undefined {
  return error.status === 422
    ? error.errors.find((item) => item.field === field)?.message
    : undefined;
}
