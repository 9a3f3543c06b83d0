import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { systemClock, type Clock } from '../services/clock.js';
import { limiterKeyDigest } from '../services/rate-limit/limiter-key.js';
import type {
  RateLimitDecision,
  RateLimiter,
  RateLimiterFactory,
} from '../services/rate-limit/rate-limiter.js';
import { SlidingWindowRateLimiter } from '../services/rate-limit/sliding-window-rate-limiter.js';

/**
 * The sliding-window log of services/rate-limit/sliding-window-rate-limiter.ts, kept in Redis so
 * every server process counts against one limit. Per key, a sorted set holds the ids of at most
 * `max` recent events scored by their time in milliseconds; one Lua script expires the old ones,
 * decides and records in a single step, so of many concurrent consumes (from any number of
 * processes) no more than `max` are allowed. The set expires one window after its newest event.
 *
 * Returns the milliseconds until one more event would be allowed: 0 when allowed now.
 */
const SLIDING_WINDOW_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local mode = ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if mode == 'release' then
  if count > 0 then redis.call('ZPOPMAX', key) end
  return 0
end
if mode == 'hit' or (mode == 'consume' and count < max) then
  redis.call('ZADD', key, now, ARGV[5])
  count = count + 1
  if count > max then redis.call('ZREMRANGEBYRANK', key, 0, count - max - 1) end
  redis.call('PEXPIRE', key, window)
  return 0
end
if count < max then return 0 end
local oldest = redis.call('ZRANGE', key, count - max, count - max, 'WITHSCORES')
return tonumber(oldest[2]) + window - now
`;

type Mode = 'check' | 'hit' | 'consume' | 'release';

interface WithScript {
  symposiaSlidingWindow(
    key: string,
    now: number,
    windowMs: number,
    max: number,
    mode: Mode,
    eventId: string,
  ): Promise<number>;
}

// Event ids only need to be unique within a key: this process's id and a counter.
const processId = randomUUID();
let eventCounter = 0;

export interface RedisRateLimiterOptions {
  client: Redis;
  /** The full prefix of this limiter's keys (REDIS_KEY_PREFIX, "rate:", its name, ":"). */
  keyPrefix: string;
  max: number;
  windowSeconds: number;
  now?: Clock;
  /**
   * Counts while Redis cannot be reached: the limits then hold per process, as without Redis,
   * rather than refusing everyone (no sign-in at all) or no one (unlimited guessing).
   */
  fallback: RateLimiter;
  /** Redis failed a call; the fallback answered it. */
  onUnavailable: (error: unknown) => void;
}

export class RedisRateLimiter implements RateLimiter {
  readonly #client: Redis & WithScript;
  readonly #options: RedisRateLimiterOptions;
  readonly #now: Clock;

  constructor(options: RedisRateLimiterOptions) {
    this.#options = options;
    this.#now = options.now ?? systemClock;
    const client = options.client as Redis & Partial<WithScript>;
    // defineCommand sends EVALSHA, and the script itself once when Redis does not know it yet.
    if (client.symposiaSlidingWindow === undefined) {
      client.defineCommand('symposiaSlidingWindow', {
        numberOfKeys: 1,
        lua: SLIDING_WINDOW_SCRIPT,
      });
    }
    this.#client = client as Redis & WithScript;
  }

  /** The Redis key of a limiter key: a fixed-size digest, whatever the key (limiter-key.ts). */
  storedKey(key: string): string {
    return `${this.#options.keyPrefix}${limiterKeyDigest(key)}`;
  }

  check(key: string): Promise<RateLimitDecision> {
    return this.#run(key, 'check', (fallback) => fallback.check(key));
  }

  async hit(key: string): Promise<void> {
    await this.#run(key, 'hit', async (fallback) => {
      await fallback.hit(key);
      return { allowed: true, retryAfterSeconds: 0 };
    });
  }

  consume(key: string): Promise<RateLimitDecision> {
    return this.#run(key, 'consume', (fallback) => fallback.consume(key));
  }

  async release(key: string): Promise<void> {
    await this.#run(key, 'release', async (fallback) => {
      await fallback.release(key);
      return { allowed: true, retryAfterSeconds: 0 };
    });
  }

  async #run(
    key: string,
    mode: Mode,
    fallback: (limiter: RateLimiter) => Promise<RateLimitDecision>,
  ): Promise<RateLimitDecision> {
    const { max, windowSeconds } = this.#options;
    eventCounter += 1;
    let waitMs: number;
    try {
      waitMs = await this.#client.symposiaSlidingWindow(
        this.storedKey(key),
        this.#now().getTime(),
        windowSeconds * 1000,
        max,
        mode,
        `${processId}:${eventCounter}`,
      );
    } catch (error) {
      this.#options.onUnavailable(error);
      return fallback(this.#options.fallback);
    }
    if (waitMs <= 0) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}

/**
 * The rate limiters of the composition root (app.ts) when REDIS_URL is set: each named limit is
 * kept in Redis under `<prefix>rate:<name>:`, with an in-memory twin answering while Redis is
 * unreachable. A Redis failure is logged at most once a minute per process.
 */
export function redisRateLimiters(
  client: Redis,
  options: { keyPrefix: string; now?: Clock; warn: (message: string, error: unknown) => void },
): RateLimiterFactory {
  let lastWarning = -Infinity;
  const onUnavailable = (error: unknown) => {
    const at = performance.now();
    if (at - lastWarning < 60_000) return;
    lastWarning = at;
    options.warn('rate limits: Redis unreachable; counting in this process meanwhile', error);
  };
  return (name, limit) =>
    new RedisRateLimiter({
      client,
      keyPrefix: `${options.keyPrefix}rate:${name}:`,
      ...limit,
      now: options.now,
      fallback: new SlidingWindowRateLimiter({ ...limit, now: options.now }),
      onUnavailable,
    });
}
