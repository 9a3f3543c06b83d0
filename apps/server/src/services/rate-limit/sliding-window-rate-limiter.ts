import { BoundedMap } from '../../lib/bounded-map.js';
import { systemClock, type Clock } from '../clock.js';
import { limiterKeyDigest } from './limiter-key.js';
import type { RateLimitDecision, RateLimiter, RateLimiterFactory } from './rate-limiter.js';

export interface SlidingWindowOptions {
  max: number;
  windowSeconds: number;
  now?: Clock;
  /** Keys kept at most; beyond it the least recently used key is forgotten. */
  maxKeys?: number;
}

const DEFAULT_MAX_KEYS = 100_000;

/**
 * An in-memory sliding-window log: it keeps, per key, the times of at most `max` recent events.
 * An event is allowed while fewer than `max` happened in the last window. Memory stays bounded
 * by maxKeys × (max timestamps + one 43-character digest) however many keys, of whatever length,
 * an attacker invents. Each call runs to its end without awaiting, so consume is atomic within
 * the process.
 */
export class SlidingWindowRateLimiter implements RateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #now: Clock;
  // Re-inserted on each hit, so the key a new one pushes out is the least recently used.
  readonly #events: BoundedMap<string, number[]>;

  constructor(options: SlidingWindowOptions) {
    this.#max = options.max;
    this.#windowMs = options.windowSeconds * 1000;
    this.#now = options.now ?? systemClock;
    this.#events = new BoundedMap(options.maxKeys ?? DEFAULT_MAX_KEYS);
  }

  async check(key: string): Promise<RateLimitDecision> {
    return this.#decide(limiterKeyDigest(key), this.#now().getTime());
  }

  async hit(key: string): Promise<void> {
    this.#record(limiterKeyDigest(key), this.#now().getTime());
  }

  async consume(key: string): Promise<RateLimitDecision> {
    const digest = limiterKeyDigest(key);
    const now = this.#now().getTime();
    const decision = this.#decide(digest, now);
    if (decision.allowed) this.#record(digest, now);
    return decision;
  }

  async release(key: string): Promise<void> {
    const digest = limiterKeyDigest(key);
    const events = this.#recent(digest, this.#now().getTime());
    // The newest event is the one the caller just counted (or one counted at about that time).
    events.pop();
    if (events.length === 0) this.#events.delete(digest);
  }

  /** Number of keys held, for tests of the memory bound. */
  get size(): number {
    return this.#events.size;
  }

  /** The keys as stored (digests), for tests of the memory bound. */
  storedKeys(): string[] {
    return [...this.#events.keys()];
  }

  #decide(key: string, now: number): RateLimitDecision {
    const events = this.#recent(key, now);
    if (events.length < this.#max) return { allowed: true, retryAfterSeconds: 0 };
    const oldest = events[events.length - this.#max] ?? now;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000)),
    };
  }

  #record(key: string, now: number): void {
    const events = this.#recent(key, now);
    events.push(now);
    if (events.length > this.#max) events.splice(0, events.length - this.#max);
    this.#events.delete(key);
    this.#events.set(key, events);
  }

  #recent(key: string, now: number): number[] {
    const events = this.#events.get(key);
    if (!events) return [];
    const start = now - this.#windowMs;
    let expired = 0;
    while (expired < events.length && (events[expired] ?? 0) <= start) expired += 1;
    if (expired > 0) events.splice(0, expired);
    if (events.length === 0) this.#events.delete(key);
    return events;
  }
}

/** The limiters of one process: in memory, each limit on its own (the name is not needed). */
export function inMemoryRateLimiters(now?: Clock): RateLimiterFactory {
  return (_name, limit) => new SlidingWindowRateLimiter({ ...limit, now });
}
