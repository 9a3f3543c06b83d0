import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { ApiError } from '@/lib/api-client';
import { createClaimIds, fieldErrorOf, isClaimRetry } from './claim-attempts';

const networkError = new ApiError({ status: 0, kind: 'network', detail: MESSAGES.networkError });
const timeout = new ApiError({ status: 0, kind: 'timeout', detail: MESSAGES.requestTimedOut });
const pending = new ApiError({ status: 409, kind: 'http', detail: MESSAGES.rewardClaimPending });
const tooEarly = new ApiError({
  status: 403,
  kind: 'http',
  detail: MESSAGES.rewardClaimTooEarly('2026-03-08 12:00'),
});
const belowMinimum = new ApiError({
  status: 422,
  kind: 'http',
  detail: MESSAGES.rewardClaimBelowMinimum('10', '3.5'),
});
const failedTransfer = new ApiError({
  status: 502,
  kind: 'http',
  detail: MESSAGES.tokenTransferFailed,
});

function counter() {
  let n = 0;
  return () => `id-${++n}`;
}

describe('claim attempts', () => {
  it('retry with the same id after no answer or while the first is still processed', () => {
    expect(isClaimRetry(networkError)).toBe(true);
    expect(isClaimRetry(timeout)).toBe(true);
    expect(isClaimRetry(pending)).toBe(true);
    for (const final of [tooEarly, belowMinimum, failedTransfer, new Error('x')]) {
      expect(isClaimRetry(final)).toBe(false);
    }
  });

  it('a fresh id per attempt; the same one for a retry of the same attempt', () => {
    const ids = createClaimIds(counter());
    expect(ids.idFor('A')).toBe('id-1');
    ids.settle(networkError);
    expect(ids.idFor('A')).toBe('id-1');
    ids.settle(pending);
    expect(ids.idFor('A')).toBe('id-1');
    ids.settle();
    expect(ids.idFor('A')).toBe('id-2');
    ids.settle(belowMinimum);
    expect(ids.idFor('A')).toBe('id-3');
  });

  it('another address is another attempt, even after no answer', () => {
    const ids = createClaimIds(counter());
    ids.idFor('A');
    ids.settle(timeout);
    expect(ids.idFor('B')).toBe('id-2');
  });
});

describe('fieldErrorOf', () => {
  it("reads a 422's message about the field", () => {
    const refused = new ApiError({
      status: 422,
      kind: 'http',
      detail: 'address: Invalid Solana address',
      errors: [{ field: 'address', message: MESSAGES.invalidSolanaAddress }],
    });
    expect(fieldErrorOf(refused, 'address')).toBe(MESSAGES.invalidSolanaAddress);
    expect(fieldErrorOf(refused, 'request_id')).toBeUndefined();
    expect(fieldErrorOf(belowMinimum, 'address')).toBeUndefined();
  });
});
