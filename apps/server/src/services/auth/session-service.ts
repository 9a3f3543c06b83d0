import { randomUUID } from 'node:crypto';
import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';
import type { SessionRepository, UserRepository } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { InvalidCredentialsError, type AuthFailure } from '../errors.js';
import type { LoginThrottle } from './login-throttle.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { generateAccessToken, hashAccessToken, looksLikeAccessToken } from './tokens.js';
import { usernameKey } from './usernames.js';

export interface IssuedToken {
  accessToken: string;
  expiresInSeconds: number;
}

export type Authentication =
  | { ok: true; user: User; session: Session }
  | { ok: false; reason: Exclude<AuthFailure, 'missing'> };

// Recording every use would turn each authenticated read into a write.
const LAST_USED_RESOLUTION_MS = 5 * 60 * 1000;

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService(deps: {
  users: UserRepository;
  sessions: SessionRepository;
  throttle: LoginThrottle;
  now: Clock;
  ttlSeconds: number;
}) {
  const { users, sessions, throttle, now, ttlSeconds } = deps;
  return {
    /**
     * Checks a username and password and opens a session. Throws InvalidCredentialsError for an
     * unknown name or a wrong password alike, TooManyAttemptsError when throttled.
     */
    async login(input: { username: string; password: string; ip: string }): Promise<IssuedToken> {
      const key = usernameKey(input.username);
      await throttle.admit(input.ip, key);
      const credentials = await users.findCredentialsByUsernameKey(key);
      const valid = credentials
        ? await verifyPassword(credentials.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!credentials || !valid) {
        await throttle.recordFailure(key);
        throw new InvalidCredentialsError();
      }
      const issuedAt = now();
      const accessToken = generateAccessToken();
      await sessions.deleteEndedForUser(credentials.id, issuedAt.toISOString());
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
      const found = await sessions.findWithUserByTokenHash(hashAccessToken(accessToken));
      if (!found) return { ok: false, reason: 'invalid' };
      const { session, user } = found;
      if (session.revokedAt !== null) return { ok: false, reason: 'revoked' };
      const at = now();
      if (Date.parse(session.expiresAt) <= at.getTime()) return { ok: false, reason: 'expired' };
      if (
        session.lastUsedAt === null ||
        at.getTime() - Date.parse(session.lastUsedAt) >= LAST_USED_RESOLUTION_MS
      ) {
        await sessions.markUsed(session.id, at.toISOString());
      }
      return { ok: true, user, session };
    },

    async logout(sessionId: string): Promise<void> {
      await sessions.revoke(sessionId, now().toISOString());
    },
  };
}
