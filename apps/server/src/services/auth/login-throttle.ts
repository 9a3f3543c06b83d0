import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { TooManyAttemptsError } from '../errors.js';

/**
 * Two limits on password guessing. Per client address, every attempt counts, which slows one
 * source trying many names. Per account, only failures count and refused attempts do not, so
 * guessing one member's password is slowed while that member, who knows it, is held back at most
 * one window after the last failure.
 */
export function createLoginThrottle(limiters: { perIp: RateLimiter; perAccount: RateLimiter }) {
  return {
    /** Throws TooManyAttemptsError when this attempt must not be tried. */
    async admit(ip: string, accountKey: string): Promise<void> {
      const byIp = await limiters.perIp.consume(ip);
      if (!byIp.allowed) throw new TooManyAttemptsError(byIp.retryAfterSeconds);
      const byAccount = await limiters.perAccount.check(accountKey);
      if (!byAccount.allowed) throw new TooManyAttemptsError(byAccount.retryAfterSeconds);
    },

    async recordFailure(accountKey: string): Promise<void> {
      await limiters.perAccount.hit(accountKey);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
