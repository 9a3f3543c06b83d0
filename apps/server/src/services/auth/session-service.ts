import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@symposia/shared';
import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';
import { authorize, decideSignIn } from '../../policies/index.js';
import type { SessionRepository, UserRepository } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import {
  AuthenticationRequiredError,
  InvalidCredentialsError,
  InvalidInputError,
  type AuthFailure,
} from '../errors.js';
import type { SessionCache } from './session-cache.js';
import { assertUncommonPassword } from './common-passwords.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { generateAccessToken, hashAccessToken, looksLikeAccessToken } from './tokens.js';
import { usernameKey } from './usernames.js';

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export type Authentication =
  | { ok: true; user: User; session: Session }
  | { ok: false; reason: Exclude<AuthFailure, 'missing'> };

// Recording every use would turn each authenticated read into a write. The recorded time lags the
// real last use by less than this, so it stays a small part of the idle timeout.
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(deps: {
  users: UserRepository;
  sessions: SessionRepository;
  throttle: LoginThrottle;
  now: Clock;
  ttlSeconds: number;
  /** A session unused for this long can no longer be used (SESSION_IDLE_TIMEOUT_SECONDS). */
  idleTimeoutSeconds: number;
  /** Recent lookups by token hash (session-cache.ts); every lookup reads the database without. */
  cache?: SessionCache;
  /**
   * Told when sessions end (sign-out, a password change), after the change is written: the live
   * notification streams opened with them close (services/notifications/).
   */
  sessionsEnded?: (
    userId: string,
    which: { sessionId: string } | { exceptSessionId: string },
  ) => void;
  /** Told when the member's account changed, so other processes drop their cached lookups. */
  accountChanged?: (userId: string) => Promise<void>;
}) {
  const { users, sessions, throttle, now, ttlSeconds } = deps;
  const idleMs = deps.idleTimeoutSeconds * 1000;
  const lastUsedResolutionMs = Math.min(LAST_USED_RESOLUTION_MS, idleMs / 10);
  const idleSince = (at: Date) => new Date(at.getTime() - idleMs).toISOString();

  /** Reads the session from the database and keeps it for the next requests with the token. */
  async function lookUp(tokenHash: string) {
    const lookedUpAt = deps.cache?.generation() ?? 0;
    const found = await sessions.findWithUserByTokenHash(tokenHash);
    if (found) deps.cache?.set(tokenHash, found, lookedUpAt);
    return found;
  }

  return {
    /**
     * Checks a username and password and opens a session. Throws InvalidCredentialsError for an
     * unknown name or a wrong password alike, TooManyAttemptsError when throttled, ForbiddenError
     * while a moderator's suspension of the account lasts.
     */
    async login(input: { username: string; password: string; ip: string }): Promise<IssuedToken> {
      const key = usernameKey(input.username);
      await throttle.admit(input.ip, key);
      const credentials = await users.findCredentialsByUsernameKey(key);
      const valid = credentials
        ? await verifyPassword(credentials.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!credentials || !valid) throw new InvalidCredentialsError();
      await throttle.succeeded(key);
      const issuedAt = now();
      // A suspended member learns so, and until when, only once their password is right.
      authorize(decideSignIn(credentials, issuedAt));
      const accessToken = generateAccessToken();
      await sessions.deleteEndedForUser(
        credentials.id,
        issuedAt.toISOString(),
        idleSince(issuedAt),
      );
      await sessions.insert(
        {
          id: randomUUID(),
          userId: credentials.id,
          createdAt: issuedAt.toISOString(),
          expiresAt: new Date(issuedAt.getTime() + ttlSeconds * 1000).toISOString(),
          revokedAt: null,
          lastUsedAt: null,
        },
        hashAccessToken(accessToken),
      );
      return { accessToken, expiresInSeconds: ttlSeconds };
    },

    async authenticate(accessToken: string): Promise<Authentication> {
      if (!looksLikeAccessToken(accessToken)) return { ok: false, reason: 'invalid' };
      const tokenHash = hashAccessToken(accessToken);
      const found = deps.cache?.get(tokenHash) ?? (await lookUp(tokenHash));
      if (!found) return { ok: false, reason: 'invalid' };
      const { session, user } = found;
      if (session.revokedAt !== null) return { ok: false, reason: 'revoked' };
      const at = now().getTime();
      if (Date.parse(session.expiresAt) <= at) return { ok: false, reason: 'expired' };
      const lastActive = Date.parse(session.lastUsedAt ?? session.createdAt);
      if (lastActive + idleMs <= at) return { ok: false, reason: 'expired' };
      if (session.lastUsedAt === null || at - lastActive >= lastUsedResolutionMs) {
        const lastUsedAt = new Date(at).toISOString();
        await sessions.markUsed(session.id, lastUsedAt);
        deps.cache?.markUsed(tokenHash, lastUsedAt);
      }
      return { ok: true, user, session };
    },

    /**
     * The member changed something (their profile, settings…): the cached lookups of them, which
     * carry their account, are read afresh on their next request — in this process at once, in
     * the others once the bus's message (sent before this resolves) reaches them.
     */
    async forgetCachedAccount(userId: string): Promise<void> {
      deps.cache?.forget(userId, {});
      await deps.accountChanged?.(userId);
    },

    async logout(session: Pick<Session, 'id' | 'userId'>): Promise<void> {
      await sessions.revoke(session.id, now().toISOString());
      deps.cache?.forget(session.userId, { sessionId: session.id });
      deps.sessionsEnded?.(session.userId, { sessionId: session.id });
    },

    /**
     * A signed-in member replaces their password. The current one is checked like a sign-in
     * (a wrong one counts against the account's limit), the new one must not be a common one.
     * Every other session of the account is signed out; the calling one stays valid. Returns
     * how many were signed out.
     */
    async changePassword(input: {
      user: User;
      sessionId: string;
      oldPassword: string;
      newPassword: string;
    }): Promise<{ signedOutSessions: number }> {
      assertUncommonPassword(input.newPassword, 'new_password');
      const key = usernameKey(input.user.username);
      await throttle.admitAccount(key);
      const credentials = await users.findCredentialsById(input.user.id);
      if (!credentials) throw new AuthenticationRequiredError('invalid');
      if (!(await verifyPassword(credentials.passwordHash, input.oldPassword))) {
        throw new InvalidInputError([
          { field: 'old_password', message: MESSAGES.wrongCurrentPassword },
        ]);
      }
      await throttle.succeeded(key);
      const passwordHash = await hashPassword(input.newPassword);
      const signedOutSessions = await users.changePassword(input.user.id, passwordHash, {
        keepSessionId: input.sessionId,
        at: now().toISOString(),
      });
      deps.cache?.forget(input.user.id, { exceptSessionId: input.sessionId });
      deps.sessionsEnded?.(input.user.id, { exceptSessionId: input.sessionId });
      return { signedOutSessions };
    },
  };
}
