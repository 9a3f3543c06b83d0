import type { ExpressionBuilder } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { Session } from '../domain/session.js';
import type { User } from '../domain/user.js';
import { insertUnique } from './errors.js';
import { precompiled } from './precompiled.js';
import { revokeSessionsBut } from './session-writes.js';
import { toUser, USER_COLUMNS } from './user-repository.js';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

/** What a session lookup says of its account, beside the session and the member. */
export interface SessionAccount {
  /**
   * Whether the session was opened under the account's current credentials: false once the
   * password changed or a suspension came after it was opened (users.credential_version).
   */
  credentialsCurrent: boolean;
  /** No use of the account before this time (a moderator's suspension); null when none. */
  suspendedUntil: string | null;
}

export interface SessionWithUser {
  session: Session;
  user: User;
  account: SessionAccount;
}

/** A session as its member sees it in their list (GET /auth/sessions). */
export interface SessionListing {
  id: string;
  userAgent: string;
  ipAddress: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string;
}

/** What the sign-in read and where it came from: written with the session. */
export interface SessionOrigin {
  /** users.credential_version as read with the password hash the password was checked against. */
  credentialVersion: number;
  userAgent: string;
  ipAddress: string;
}

export function createSessionRepository(db: AppDatabase) {
  const sessionWithUser = precompiled((tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as session_id',
        'sessions.created_at as session_created_at',
        'sessions.expires_at as session_expires_at',
        'sessions.revoked_at as session_revoked_at',
        'sessions.last_used_at as session_last_used_at',
        'sessions.credential_version as session_credential_version',
        'users.credential_version as account_credential_version',
        'users.suspended_until as account_suspended_until',
        ...USER_COLUMNS,
      ])
      .where('sessions.token_hash', '=', tokenHash),
  );

  /** A session that can still be used at `now`: not revoked, not expired, not idle. */
  const usableAt =
    (now: string, idleSince: string) => (eb: ExpressionBuilder<DatabaseSchema, 'sessions'>) =>
      eb.and([
        eb('revoked_at', 'is', null),
        eb('expires_at', '>', now),
        eb(eb.fn.coalesce('last_used_at', 'created_at'), '>', idleSince),
      ]);

  return {
    /**
     * Writes the session only if the account's credential version is still the one the sign-in
     * read with the password hash, in one statement: a password change or suspension committed
     * meanwhile leaves nothing written. Returns whether the session was written. Even a session
     * written just before such a change commits is refused at its first use, because every
     * lookup compares its version with the account's.
     */
    async insert(session: Session, tokenHash: string, origin: SessionOrigin): Promise<boolean> {
      const result = await insertUnique('token_hash', () =>
        db
          .insertInto('sessions')
          .columns([
            'id',
            'user_id',
            'token_hash',
            'created_at',
            'expires_at',
            'credential_version',
            'user_agent',
            'ip_address',
          ])
          .expression((eb) =>
            eb
              .selectFrom('users')
              .select((s) => [
                s.val(session.id).as('id'),
                'users.id as user_id',
                s.val(tokenHash).as('token_hash'),
                s.val(session.createdAt).as('created_at'),
                s.val(session.expiresAt).as('expires_at'),
                'users.credential_version',
                s.val(origin.userAgent).as('user_agent'),
                s.val(origin.ipAddress).as('ip_address'),
              ])
              .where('users.id', '=', session.userId)
              .where('users.credential_version', '=', origin.credentialVersion),
          )
          .executeTakeFirst(),
      );
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** One query for what every authenticated request needs: the session and its user. */
    async findWithUserByTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
      // Every signed-in request asks this: compiled once (see precompiled).
      const [row] = (await db.executeQuery(sessionWithUser(tokenHash))).rows;
      if (!row) return undefined;
      return {
        session: {
          id: row.session_id,
          userId: row.id,
          createdAt: row.session_created_at,
          expiresAt: row.session_expires_at,
          revokedAt: row.session_revoked_at,
          lastUsedAt: row.session_last_used_at,
        },
        user: toUser(row),
        account: {
          credentialsCurrent:
            Number(row.session_credential_version) === Number(row.account_credential_version),
          suspendedUntil: row.account_suspended_until,
        },
      };
    },

    /**
     * The member's sessions that can still be used, most recently used first, at most `limit`.
     * Never the token hash.
     */
    async listLive(
      userId: string,
      window: { now: string; idleSince: string; limit: number },
    ): Promise<SessionListing[]> {
      const rows = await db
        .selectFrom('sessions')
        .where('user_id', '=', userId)
        .where(usableAt(window.now, window.idleSince))
        .select(['id', 'user_agent', 'ip_address', 'created_at', 'last_used_at', 'expires_at'])
        .orderBy((eb) => eb.fn.coalesce('last_used_at', 'created_at'), 'desc')
        .orderBy('id')
        .limit(window.limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        userAgent: row.user_agent,
        ipAddress: row.ip_address,
        createdAt: row.created_at,
        lastUsedAt: row.last_used_at,
        expiresAt: row.expires_at,
      }));
    },

    /** Whose session this is, while it can still be used; undefined when unknown or ended. */
    async findLiveOwner(
      id: string,
      window: { now: string; idleSince: string },
    ): Promise<{ userId: string } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('user_id')
        .where('id', '=', id)
        .where(usableAt(window.now, window.idleSince))
        .executeTakeFirst();
      return row && { userId: row.user_id };
    },

    /** Revokes every live session of the member but `keepId`. Returns how many were revoked. */
    async revokeAllBut(userId: string, keepId: string, at: string): Promise<number> {
      return revokeSessionsBut(db, userId, keepId, at);
    },

    async revoke(id: string, at: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async markUsed(id: string, at: string): Promise<void> {
      await db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    /**
     * Forgets a member's sessions that can no longer be used (expired, revoked, or last used at
     * or before `idleSince`), so the table does not only grow.
     */
    async deleteEndedForUser(userId: string, now: string, idleSince: string): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now),
            eb('revoked_at', 'is not', null),
            eb(eb.fn.coalesce('last_used_at', 'created_at'), '<=', idleSince),
          ]),
        )
        .execute();
    },
  };
}
