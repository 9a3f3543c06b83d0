import { MESSAGES } from '@symposia/shared';
import type { User } from '../domain/user.js';
import type { Clock } from './clock.js';
import { TooManyAttemptsError } from './errors.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';

/** What a like toggle that was let through records with. */
export interface AdmittedLike {
  at: string;
  /** A like recorded since then and taken back now leaves no contribution event (issue 26). */
  undoSince: string | null;
}

/**
 * What every like (of a post or of a comment) passes before it is written: the member's rate
 * limit, one count for both kinds (LIKE_RATE_LIMIT_*; in Redis when REDIS_URL is set), and the
 * time before which a like is too old to be undone without trace (LIKE_UNDO_WINDOW_SECONDS).
 */
export function createLikeGate(deps: {
  limiter: RateLimiter;
  undoWindowSeconds: number;
  now: Clock;
}) {
  return {
    /** Counts one like of `user`; throws TooManyAttemptsError (429) beyond the limit. */
    async admit(user: User): Promise<AdmittedLike> {
      const decision = await deps.limiter.consume(user.id);
      if (!decision.allowed) {
        throw new TooManyAttemptsError(decision.retryAfterSeconds, MESSAGES.tooManyLikes);
      }
      const now = deps.now();
      const undoSince =
        deps.undoWindowSeconds > 0
          ? new Date(now.getTime() - deps.undoWindowSeconds * 1000).toISOString()
          : null;
      return { at: now.toISOString(), undoSince };
    },
  };
}

export type LikeGate = ReturnType<typeof createLikeGate>;
