import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { addressKey } from '../rate-limit/client-address.js';
import { TooManyAttemptsError } from '../errors.js';

/**
 * Two limits on password guessing. Per client address (IPv6 by /64), every attempt counts, which
 * slows one source trying many names. Per account, only failures count and refused attempts do
 * not, so guessing one member's password is slowed while that member, who knows it, is held back
 * at most one window after the last failure.
 *
 * The account's slot is taken before the password is checked and given back when it was right:
 * taking it only after a failure would let any number of concurrent guesses pass a check that
 * none of them had counted in yet.
 */
export function createLoginThrottle(limiters: { perIp: RateLimiter; perAccount: RateLimiter }) {
  const admitAccount = async (accountKey: string): Promise<void> => {
    const byAccount = await limiters.perAccount.consume(accountKey);
    if (!byAccount.allowed) throw new TooManyAttemptsError(byAccount.retryAfterSeconds);
  };

  return {
    /**
     * Takes a sign-in attempt's slots, per address and per account; throws TooManyAttemptsError
     * when either is used up. The account's slot counts as a failure until `succeeded`.
     */
    async admit(ip: string, accountKey: string): Promise<void> {
      const byIp = await limiters.perIp.consume(addressKey(ip));
      if (!byIp.allowed) throw new TooManyAttemptsError(byIp.retryAfterSeconds);
      await admitAccount(accountKey);
    },

    /** Takes the account's slot only, for a password check by a signed-in member. */
    admitAccount,

    /** The password was right: the account's slot is given back. */
    async succeeded(accountKey: string): Promise<void> {
      await limiters.perAccount.release(accountKey);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
