export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until one more event would be allowed; 0 when allowed now. */
  retryAfterSeconds: number;
}

/**
 * Counts events per key within a time window. Async so a shared store (e.g. Redis, for several
 * server processes) can implement it; the in-memory one serves a single process.
 *
 * Keys may be any string, chosen by a client or not: an implementation keeps only a fixed-size
 * digest of each (see limiterKeyDigest), so no key grows what it stores.
 */
export interface RateLimiter {
  /** Whether one more event is allowed now, without counting one. */
  check(key: string): Promise<RateLimitDecision>;
  /** Counts one event. */
  hit(key: string): Promise<void>;
  /**
   * Checks and, when allowed, counts one event, as one atomic step: of many concurrent calls for
   * one key, no more than the limit are allowed. Refused events are not counted.
   */
  consume(key: string): Promise<RateLimitDecision>;
  /**
   * Gives back one event that consume counted, when the attempt turned out not to count (a
   * sign-in with the right password). Does nothing when the key holds no event.
   */
  release(key: string): Promise<void>;
}

/** One rate limit's settings: at most `max` events per key in any `windowSeconds`. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/**
 * Makes the limiter of one named limit ('login-ip', 'comment', …). The composition root chooses
 * the store: this process's memory (sliding-window-rate-limiter.ts) or Redis, shared by every
 * server process (redis/rate-limiter.ts). The name keeps the limits' keys apart in a shared store.
 */
export type RateLimiterFactory = (name: string, limit: RateLimit) => RateLimiter;
