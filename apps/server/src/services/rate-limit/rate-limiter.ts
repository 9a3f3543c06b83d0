export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until one more event would be allowed; 0 when allowed now. */
  retryAfterSeconds: number;
}

/**
 * Counts events per key within a time window. Async so a shared store (e.g. Redis, for several
 * server processes) can implement it; the in-memory one serves a single process.
 */
export interface RateLimiter {
  /** Whether one more event is allowed now, without counting one. */
  check(key: string): Promise<RateLimitDecision>;
  /** Counts one event. */
  hit(key: string): Promise<void>;
  /** Checks and, when allowed, counts one event. Refused events are not counted. */
  consume(key: string): Promise<RateLimitDecision>;
}
