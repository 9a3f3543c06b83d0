import {
  FOLLOWS_PER_MEMBER_MAX,
  MESSAGES,
  type FollowBody,
  type FollowResult,
} from '@symposia/shared';
import type { User } from '../../domain/user.js';
import { decideFollow, type FollowedAuthorFacts } from '../../policies/index.js';
import type {
  FollowedAuthorRow,
  FollowedTagRow,
  FollowRepository,
  UserRepository,
} from '../../repositories/index.js';
import { usernameKey } from '../auth/usernames.js';
import { authorize } from '../authorize.js';
import type { Clock } from '../clock.js';
import { TooManyAttemptsError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';

export type FollowService = ReturnType<typeof createFollowService>;

/**
 * Members follow authors and tags (issue 30): POST, DELETE and GET /follows. Who may follow what
 * is policies/follow-policy.ts; this finds the facts, counts the rate limit and writes.
 *
 * No after-write step: no cache keeps what members follow and no stream watches it. The
 * following feed is read per member and uncached (post-service.ts), a profile's counts are read
 * with the profile, and what a follow later causes — a followed author's post notifying — is the
 * post's write, which names whom it told.
 */
export function createFollowService(deps: {
  follows: FollowRepository;
  users: Pick<UserRepository, 'findCredentialsById' | 'findCredentialsByUsernameKey'>;
  /** FOLLOW_RATE_LIMIT_*: follows and unfollows per member per window. */
  limiter: RateLimiter;
  now: Clock;
}) {
  const { follows, users, limiter, now } = deps;

  /** The author a target names: their id, or `@username` as a mention's link carries it. */
  async function authorNamed(target: string): Promise<FollowedAuthorFacts | null> {
    const found = target.startsWith('@')
      ? await users.findCredentialsByUsernameKey(usernameKey(target.slice(1)))
      : await users.findCredentialsById(target);
    return found ? { id: found.id, suspendedUntil: found.suspendedUntil } : null;
  }

  /** Counts one change against the member's limit; throws past it. */
  async function admit(user: User): Promise<void> {
    const allowed = await limiter.consume(user.id);
    if (!allowed.allowed) {
      throw new TooManyAttemptsError(allowed.retryAfterSeconds, MESSAGES.tooManyFollowChanges);
    }
  }

  return {
    /**
     * Follows an author or a tag. Following what is followed already changes nothing and says
     * so (`created: false`, 200 rather than 201); neither that nor a refusal counts against the
     * rate limit.
     */
    async follow(
      user: User,
      body: FollowBody,
    ): Promise<{ result: FollowResult; created: boolean }> {
      const at = now();
      const author = body.type === 'author' ? await authorNamed(body.target) : null;
      const target =
        body.type === 'author' ? { type: 'author' as const, author } : { type: 'tag' as const };
      const decide = (state: { followedAs: string | null; count: number }) =>
        authorize(
          decideFollow(user, {
            target,
            alreadyFollowing: state.followedAs !== null,
            count: state.count,
            max: FOLLOWS_PER_MEMBER_MAX,
            at,
          }),
        );
      // Who and what first (401, 404, 422 for oneself), before anything is counted.
      decide({ followedAs: null, count: 0 });
      await admit(user);
      try {
        const stored = await follows.follow(
          user.id,
          body.type,
          author?.id ?? body.target,
          at.toISOString(),
          decide,
        );
        if (!stored.created) await limiter.release(user.id);
        return {
          result: { type: body.type, target: stored.target, following: true },
          created: stored.created,
        };
      } catch (error) {
        await limiter.release(user.id);
        throw error;
      }
    },

    /** Stops following; what was not followed (or names nobody) is no error. */
    async unfollow(user: User, body: FollowBody): Promise<void> {
      await admit(user);
      const target =
        body.type === 'author' && body.target.startsWith('@')
          ? (await authorNamed(body.target))?.id
          : body.target;
      const removed = target !== undefined && (await follows.unfollow(user.id, body.type, target));
      if (!removed) await limiter.release(user.id);
    },

    /** Everything the member follows, most recently followed first. */
    async list(user: User): Promise<{ authors: FollowedAuthorRow[]; tags: FollowedTagRow[] }> {
      return follows.followsOf(user.id);
    },
  };
}
