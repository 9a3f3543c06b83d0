import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@symposia/shared';
import { ApiError } from '@/lib/api-client';
import { createRequestIds, newRequestId } from './request-id';

const networkError = new ApiError({ status: 0, kind: 'network', detail: MESSAGES.networkError });
const timeout = new ApiError({ status: 0, kind: 'timeout', detail: MESSAGES.requestTimedOut });
const limited = new ApiError({ status: 429, kind: 'http', detail: 'limit' });

function counter() {
  let n = 0;
  return () => `id-${++n}`;
}

describe('request ids', () => {
  it('are UUIDs', () => {
    expect(newRequestId()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('a new submission gets a new id, also after a success or an answered error', () => {
    const ids = createRequestIds(counter());
    expect(ids.idFor('A', 1)).toBe('id-1');
    ids.settle();
    expect(ids.idFor('A', 1)).toBe('id-2');
    ids.settle(limited);
    expect(ids.idFor('A', 1)).toBe('id-3');
  });

  it.each([
    ['network error', networkError],
    ['timeout', timeout],
  ])('retrying the same submission after a %s reuses its id', (_name, error) => {
    const ids = createRequestIds(counter());
    expect(ids.idFor('A', 1)).toBe('id-1');
    ids.settle(error);
    expect(ids.idFor('A', 1)).toBe('id-1');
    ids.settle(error);
    expect(ids.idFor('A', 1)).toBe('id-1');
    ids.settle();
    expect(ids.idFor('A', 1)).toBe('id-2');
  });

  it('a changed address or amount after a network error is a new submission', () => {
    const ids = createRequestIds(counter());
    ids.idFor('A', 1);
    ids.settle(networkError);
    expect(ids.idFor('A', 2)).toBe('id-2');
    ids.settle(networkError);
    expect(ids.idFor('B', 2)).toBe('id-3');
  });
});
