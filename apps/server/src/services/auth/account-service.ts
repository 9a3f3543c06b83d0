import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS, MESSAGES, USER_DEFAULTS, type RegisterBody } from '@symposia/shared';
import type { User } from '../../domain/user.js';
import { DuplicateKeyError, type UserRepository } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { ConflictError, TooManyAttemptsError } from '../errors.js';
import { addressKey } from '../rate-limit/client-address.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { assertUncommonPassword } from './common-passwords.js';
import { hashPassword } from './passwords.js';
import { usernameKey } from './usernames.js';

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService(deps: {
  users: UserRepository;
  now: Clock;
  /** Registrations per client address (REGISTER_RATE_LIMIT_*). */
  registrations: RateLimiter;
}) {
  const { users, now, registrations } = deps;
  return {
    /**
     * Creates a member. Throws InvalidInputError for one of the most common passwords,
     * TooManyAttemptsError when the address registered too often, ConflictError when the name is
     * taken in any letter case.
     */
    async register(input: RegisterBody, client: { ip: string }): Promise<User> {
      assertUncommonPassword(input.password, 'password');
      // Every attempt that passes validation counts, taken names included, so one address can
      // neither create accounts in bulk nor probe which names exist faster than the limit.
      const decision = await registrations.consume(addressKey(client.ip));
      if (!decision.allowed) {
        throw new TooManyAttemptsError(decision.retryAfterSeconds, MESSAGES.tooManyRegistrations);
      }
      const key = usernameKey(input.username);
      // Checked first to spare a password hash for a taken name; the unique index still decides
      // when two registrations of one name race.
      if (await users.existsByUsernameKey(key)) throw new ConflictError(MESSAGES.usernameTaken);
      const passwordHash = await hashPassword(input.password);
      const createdAt = now().toISOString();
      const user: User = {
        id: randomUUID(),
        username: input.username,
        nickname: input.nickname ?? input.username,
        avatar: input.avatar ?? USER_DEFAULTS.avatar,
        title: input.title ?? USER_DEFAULTS.title,
        bio: input.bio ?? USER_DEFAULTS.bio,
        email: input.email ?? USER_DEFAULTS.email,
        phone: input.phone ?? USER_DEFAULTS.phone,
        url: input.url ?? USER_DEFAULTS.url,
        tags: input.tags ?? USER_DEFAULTS.tags,
        selfPage: input.self_page ?? USER_DEFAULTS.self_page,
        settings: { ...DEFAULT_SETTINGS },
        createdAt,
        updatedAt: createdAt,
        role: 'member',
      };
      try {
        await users.insert(user, key, passwordHash);
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw new ConflictError(MESSAGES.usernameTaken);
        throw error;
      }
      return user;
    },

    /**
     * Makes exactly these accounts moderators (ADMIN_USERNAMES, at start-up) and every other
     * account a member, so taking a name off the list takes the role away at the next start.
     * Names are matched as logins match them (usernames.ts). Returns the names no account has: an
     * account registered later under such a name becomes a moderator only at the next start.
     */
    async applyModerators(usernames: string[]): Promise<{ missing: string[] }> {
      const keys = new Map(usernames.map((name) => [usernameKey(name), name]));
      const found = await users.setModerators([...keys.keys()], now().toISOString());
      return { missing: [...keys].filter(([key]) => !found.has(key)).map(([, name]) => name) };
    },
  };
}
