import { randomUUID } from 'node:crypto';
import { MESSAGES, SESSION_USER_AGENT_MAX_LENGTH, SESSIONS_LISTED_MAX } from '@symposia/shared';
import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';
import { decideSessionEnd, decideSignIn } from '../../policies/index.js';
import { authorize } from '../authorize.js';
import type {
  SessionListing,
  SessionRepository,
  UserCredentials,
  UserRepository,
} from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import {
  AuthenticationRequiredError,
  InvalidCredentialsError,
  InvalidInputError,
  type AuthFailure,
} from '../errors.js';
import type { CachedSession, SessionCache } from './session-cache.js';
import { assertUncommonPassword } from './common-passwords.js';
import type { LoginThrottle } from './login-throttle.js';
import { hashPassword, NO_PASSWORD, verifyAgainstDummy, verifyPassword } from './passwords.js';
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

/** A session that may not be used, and why: nothing of it is recorded. */
const refused = (reason: Exclude<AuthFailure, 'missing'>) => ({
  result: { ok: false as const, reason },
  markUsedAt: null,
});

/** A live session as its member sees it; `current` marks the one the request came with. */
export type SessionSummary = SessionListing & { current: boolean };

/**
 * Pauses at the two race windows of signing in and looking a session up, so tests can interpose
 * a password change, a suspension or a sign-out there deterministically. Only tests set them
 * (buildApp's options); server.ts, worker.ts and the bench never do, and no setting or request
 * can.
 */
export interface SessionRaceHooks {
  /** A sign-in checked the password against the hash it read; its session is not written yet. */
  afterPasswordCheck?: () => Promise<void>;
  /** A session was read from the database; nothing has used or cached it yet. */
  afterSessionRead?: () => Promise<void>;
}

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
  hooks?: SessionRaceHooks;
}) {
  const { users, sessions, throttle, now, ttlSeconds } = deps;
  const idleMs = deps.idleTimeoutSeconds * 1000;
  const lastUsedResolutionMs = Math.min(LAST_USED_RESOLUTION_MS, idleMs / 10);
  const idleSince = (at: Date) => new Date(at.getTime() - idleMs).toISOString();

  async function read(tokenHash: string): Promise<CachedSession | undefined> {
    const found = await sessions.findWithUserByTokenHash(tokenHash);
    await deps.hooks?.afterSessionRead?.();
    return found;
  }

  /** The session of the token: cached, or read from the database and kept for the next requests. */
  async function lookUp(tokenHash: string): Promise<CachedSession | undefined> {
    const cache = deps.cache;
    if (!cache) return read(tokenHash);
    return cache.get(tokenHash) ?? (await cache.load(tokenHash, () => read(tokenHash)));
  }

  /**
   * Whether a session found for a token may be used at `checkedAt`, and when its use is to be
   * recorded (null: its recorded last use is recent enough).
   */
  function check(
    found: CachedSession | undefined,
    checkedAt: Date,
  ): { result: Authentication; markUsedAt: string | null } {
    if (!found) return refused('invalid');
    const { session, user, account } = found;
    if (session.revokedAt !== null) return refused('revoked');
    // Opened under credentials since changed (a sign-in that raced a password change or a
    // suspension), or the account is suspended now: checked on cached lookups as well.
    if (!account.credentialsCurrent) return refused('revoked');
    if (!decideSignIn(account, checkedAt).allowed) return refused('revoked');
    const at = checkedAt.getTime();
    if (Date.parse(session.expiresAt) <= at) return refused('expired');
    const lastActive = Date.parse(session.lastUsedAt ?? session.createdAt);
    if (lastActive + idleMs <= at) return refused('expired');
    const due = session.lastUsedAt === null || at - lastActive >= lastUsedResolutionMs;
    return {
      result: { ok: true, user, session },
      markUsedAt: due ? checkedAt.toISOString() : null,
    };
  }

  async function lookUpAndCheck(tokenHash: string): Promise<Authentication> {
    const found = await lookUp(tokenHash);
    const { result, markUsedAt } = check(found, now());
    if (result.ok && markUsedAt !== null) {
      await sessions.markUsed(result.session.id, markUsedAt);
      deps.cache?.markUsed(tokenHash, markUsedAt);
    }
    return result;
  }

  /** The bounds of a live session at `at`. */
  const liveAt = (at: Date) => ({ now: at.toISOString(), idleSince: idleSince(at) });

  /** Sessions ended: gone from this process's cache at once, and from the others' and streams'. */
  function ended(userId: string, which: { sessionId: string } | { exceptSessionId: string }) {
    deps.cache?.forget(userId, which);
    deps.sessionsEnded?.(userId, which);
  }

  /**
   * Writes a new session for the account of `credentials`, under the credential version read
   * with them; ForbiddenError while a moderator's suspension lasts.
   */
  async function open(
    credentials: UserCredentials,
    client: { ip: string; userAgent?: string },
  ): Promise<IssuedToken> {
    const issuedAt = now();
    authorize(decideSignIn(credentials, issuedAt));
    const accessToken = generateAccessToken();
    await sessions.deleteEndedForUser(credentials.id, issuedAt.toISOString(), idleSince(issuedAt));
    const written = await sessions.insert(
      {
        id: randomUUID(),
        userId: credentials.id,
        createdAt: issuedAt.toISOString(),
        expiresAt: new Date(issuedAt.getTime() + ttlSeconds * 1000).toISOString(),
        revokedAt: null,
        lastUsedAt: null,
      },
      hashAccessToken(accessToken),
      {
        credentialVersion: credentials.credentialVersion,
        userAgent: (client.userAgent ?? '').slice(0, SESSION_USER_AGENT_MAX_LENGTH),
        ipAddress: client.ip,
      },
    );
    // The password changed or the account was suspended (or removed) since it was read: the
    // password checked is no longer the account's, so the sign-in fails as with a wrong one.
    if (!written) throw new InvalidCredentialsError();
    return { accessToken, expiresInSeconds: ttlSeconds };
  }

  return {
    /**
     * Checks a username and password and opens a session. Throws InvalidCredentialsError for an
     * unknown name or a wrong password alike, TooManyAttemptsError when throttled, ForbiddenError
     * while a moderator's suspension of the account lasts.
     */
    async login(input: {
      username: string;
      password: string;
      ip: string;
      /** The client's User-Agent header, kept (cut) to show in the member's session list. */
      userAgent?: string;
    }): Promise<IssuedToken> {
      const key = usernameKey(input.username);
      await throttle.admit(input.ip, key);
      const credentials = await users.findCredentialsByUsernameKey(key);
      const valid = credentials
        ? await verifyPassword(credentials.passwordHash, input.password)
        : await verifyAgainstDummy(input.password);
      await deps.hooks?.afterPasswordCheck?.();
      if (!credentials || !valid) throw new InvalidCredentialsError();
      await throttle.succeeded(key);
      // A suspended member learns so, and until when, only once their password is right.
      return open(credentials, input);
    },

    /**
     * Opens a session for a member whose identity was proved another way (signing in with
     * ORCID, services/oidc/): ForbiddenError while a suspension lasts, InvalidCredentialsError
     * when the account is gone or its credentials changed meanwhile.
     */
    async signInVerified(input: {
      userId: string;
      ip: string;
      userAgent?: string;
    }): Promise<IssuedToken> {
      const credentials = await users.findCredentialsById(input.userId);
      if (!credentials) throw new InvalidCredentialsError();
      return open(credentials, input);
    },

    /**
     * The session of a bearer token, checked now. A session the cache holds whose last use needs
     * no writing is answered at once, without a promise: every signed-in request passes here.
     */
    authenticate(accessToken: string): Authentication | Promise<Authentication> {
      if (!looksLikeAccessToken(accessToken)) return { ok: false, reason: 'invalid' };
      const tokenHash = hashAccessToken(accessToken);
      const kept = deps.cache?.get(tokenHash);
      if (kept) {
        const checked = check(kept, now());
        if (checked.markUsedAt === null) return checked.result;
      }
      return lookUpAndCheck(tokenHash);
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
      ended(session.userId, { sessionId: session.id });
    },

    /**
     * The member's live sessions (GET /auth/sessions), most recently used first, the one of
     * this request marked `current`.
     */
    async list(user: User, current: Pick<Session, 'id'>): Promise<SessionSummary[]> {
      const listed = await sessions.listLive(user.id, {
        ...liveAt(now()),
        limit: SESSIONS_LISTED_MAX,
      });
      return listed.map((entry) => ({ ...entry, current: entry.id === current.id }));
    },

    /**
     * Ends one of the member's sessions by its id (DELETE /auth/sessions/{id}); the current one
     * too, which signs this client out. NotFoundError for another member's session, an unknown
     * one or one already ended.
     */
    async end(user: User, sessionId: string): Promise<void> {
      const at = now();
      authorize(decideSessionEnd(user, await sessions.findLiveOwner(sessionId, liveAt(at))));
      await sessions.revoke(sessionId, at.toISOString());
      ended(user.id, { sessionId });
    },

    /**
     * Signs out everywhere else (POST /auth/sessions/revoke_others): every live session of the
     * member but the calling one ends. Returns how many ended.
     */
    async endOthers(user: User, current: Pick<Session, 'id'>): Promise<number> {
      const count = await sessions.revokeAllBut(user.id, current.id, now().toISOString());
      ended(user.id, { exceptSessionId: current.id });
      return count;
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
      // An account made by signing in with ORCID has no password to replace.
      if (credentials.passwordHash === NO_PASSWORD) {
        throw new InvalidInputError([{ field: 'old_password', message: MESSAGES.noPasswordSet }]);
      }
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
      ended(input.user.id, { exceptSessionId: input.sessionId });
      return { signedOutSessions };
    },
  };
}
