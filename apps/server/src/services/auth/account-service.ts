import { randomUUID } from 'node:crypto';
import {
  DEFAULT_SETTINGS,
  MESSAGES,
  USER_DEFAULTS,
  type RegisterBody,
  type UserRole,
} from '@symposia/shared';
import type { MailLanguage, NewMail } from '../../domain/mail.js';
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

/**
 * A new account of `role` created at `createdAt`, its optional fields as registration fills them;
 * it has a password (an account made by signing in with ORCID says otherwise).
 */
export function accountOf(
  input: Omit<RegisterBody, 'password'>,
  role: UserRole,
  createdAt: string,
): User {
  return {
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
    role,
    orcid: null,
    hasPassword: true,
    emailVerified: false,
  };
}

export function createAccountService(deps: {
  users: UserRepository;
  now: Clock;
  /** Registrations per client address (REGISTER_RATE_LIMIT_*). */
  registrations: RateLimiter;
  /** ADMIN_USERNAMES as keys (usernames.ts `reservedUsernameKeys`): the operator's to create. */
  reservedUsernames: ReadonlySet<string>;
  /**
   * The verification message of the address an account registers with (issue 30), queued with
   * the account; without it, none is sent.
   */
  verificationMail?: (user: User, email: string, language: MailLanguage) => NewMail;
  /**
   * Told of each account whose role changed, after the change is written: its cached lookups (and
   * so its next GET /auth/me and forum reads) are read afresh, here and in the other processes.
   */
  accountChanged?: (userId: string) => Promise<void>;
}) {
  const { users, now, registrations, reservedUsernames } = deps;

  /** A new account of `role`, as registration fills it. */
  const newAccount = (input: RegisterBody, role: UserRole) =>
    accountOf(input, role, now().toISOString());

  /** Writes the account; the unique index decides when two creations of one name race. */
  async function insertAccount(
    user: User,
    key: string,
    password: string,
    mail?: NewMail,
  ): Promise<User> {
    const passwordHash = await hashPassword(password);
    try {
      await users.insert(user, key, passwordHash, mail);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new ConflictError(MESSAGES.usernameTaken);
      throw error;
    }
    return user;
  }

  /**
   * The checks every new member's account passes (registration, signing up with ORCID): the
   * client address's limit, then the name — neither taken in any letter case nor reserved.
   * Returns the name's key; throws TooManyAttemptsError or ConflictError.
   */
  async function admitNewAccount(username: string, client: { ip: string }): Promise<string> {
    // Every attempt that passes validation counts, taken names included, so one address can
    // neither create accounts in bulk nor probe which names exist faster than the limit.
    const decision = await registrations.consume(addressKey(client.ip));
    if (!decision.allowed) {
      throw new TooManyAttemptsError(decision.retryAfterSeconds, MESSAGES.tooManyRegistrations);
    }
    const key = usernameKey(username);
    // Checked first to spare a password hash for a taken name; the unique index still decides
    // when two registrations of one name race.
    if (await users.existsByUsernameKey(key)) throw new ConflictError(MESSAGES.usernameTaken);
    // A moderator's name nobody holds yet is not first come, first served: the operator
    // creates it (createByOperator, from `npm run user -- create`).
    if (reservedUsernames.has(key)) throw new ConflictError(MESSAGES.usernameReserved);
    return key;
  }

  return {
    /**
     * Creates a member. Throws InvalidInputError for one of the most common passwords,
     * TooManyAttemptsError when the address registered too often, ConflictError when the name is
     * taken in any letter case or reserved (ADMIN_USERNAMES names it and no account holds it yet).
     */
    async register(
      input: RegisterBody,
      client: { ip: string; language?: MailLanguage },
    ): Promise<User> {
      assertUncommonPassword(input.password, 'password');
      const key = await admitNewAccount(input.username, client);
      const user = newAccount(input, 'member');
      // An address given at registration is verified by a link sent to it (issue 30).
      const mail =
        user.email === ''
          ? undefined
          : deps.verificationMail?.(user, user.email, client.language ?? 'en');
      return insertAccount(user, key, input.password, mail);
    },

    admitNewAccount,

    /**
     * Creates an account from the server's own command line (user-cli.ts), a reserved name
     * included: a name ADMIN_USERNAMES lists is a moderator at once, as the next start would make
     * it; any other name a member. The same password rules as registration; no rate limit (the
     * operator is at the server). ConflictError when the name is taken.
     */
    async createByOperator(input: Pick<RegisterBody, 'username' | 'password'>): Promise<User> {
      assertUncommonPassword(input.password, 'password');
      const key = usernameKey(input.username);
      if (await users.existsByUsernameKey(key)) throw new ConflictError(MESSAGES.usernameTaken);
      const role: UserRole = reservedUsernames.has(key) ? 'moderator' : 'member';
      return insertAccount(newAccount(input, role), key, input.password);
    },

    /**
     * Makes exactly these accounts moderators (ADMIN_USERNAMES, at start-up) and every other
     * account a member, so taking a name off the list takes the role away at the next start. The
     * members whose role moved are told to every process (`accountChanged`).
     * Names are matched as logins match them (usernames.ts). Returns the names no account has: an
     * account registered later under such a name becomes a moderator only at the next start.
     */
    async applyModerators(usernames: string[]): Promise<{ missing: string[] }> {
      const keys = new Map(usernames.map((name) => [usernameKey(name), name]));
      const { found, changed } = await users.setModerators([...keys.keys()], now().toISOString());
      for (const userId of changed) await deps.accountChanged?.(userId);
      return { missing: [...keys].filter(([key]) => !found.has(key)).map(([, name]) => name) };
    },
  };
}
