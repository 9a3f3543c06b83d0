import { ApiError } from '@/lib/api-client';

/** A fresh request id: a UUID, also where `crypto.randomUUID` is missing (non-secure origins). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No answer arrived, so the faucet may or may not have paid: the same id must be sent again. */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
}

/**
 * One request id per attempt, named by `key` (what the attempt sends). Trying the same key again
 * after an attempt that ended the way `reuseAfter` says (by default: no answer arrived) reuses its
 * id, so the server returns the first result instead of paying twice; anything else gets a new id.
 */
export function createAttemptIds({
  generate = newRequestId,
  reuseAfter = isUnanswered,
}: { generate?: () => string; reuseAfter?: (error: unknown) => boolean } = {}) {
  let last: { key: string; id: string; retry: boolean } | null = null;
  return {
    idFor(key: string): string {
      if (last?.retry && last.key === key) {
        last.retry = false;
        return last.id;
      }
      last = { key, id: generate(), retry: false };
      return last.id;
    },
    /** Records how the last attempt ended: without an error, or with `error`. */
    settle(error?: unknown): void {
      if (last) last.retry = error !== undefined && reuseAfter(error);
    },
  };
}

/**
 * One request id per faucet submission. Retrying the same address and amount after a request that
 * got no answer reuses its id, so the server returns the first result instead of paying twice;
 * anything else gets a new id.
 */
export function createRequestIds(generate: () => string = newRequestId) {
  const ids = createAttemptIds({ generate });
  return {
    idFor: (address: string, amount: number): string => ids.idFor(`${address}\n${amount}`),
    /** Records how the last submission ended. */
    settle: ids.settle,
  };
}
