import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS, MESSAGES, USER_DEFAULTS, type RegisterBody } from '@symposia/shared';
import type { User } from '../../domain/user.js';
import { DuplicateKeyError, type UserRepository } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { ConflictError } from '../errors.js';
import { hashPassword } from './passwords.js';
import { usernameKey } from './usernames.js';

export type AccountService = ReturnType<typeof createAccountService>;

export function createAccountService(deps: { users: UserRepository; now: Clock }) {
  const { users, now } = deps;
  return {
    /** Creates a member; throws ConflictError when the name is taken in any letter case. */
    async register(input: RegisterBody): Promise<User> {
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
      };
      try {
        await users.insert(user, key, passwordHash);
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw new ConflictError(MESSAGES.usernameTaken);
        throw error;
      }
      return user;
    },
  };
}
