import type { AppDatabase } from '../db/index.js';
import type { Session } from '../domain/session.js';
import type { User } from '../domain/user.js';
import { insertUnique } from './errors.js';
import { precompiled } from './precompiled.js';
import { toUser, USER_COLUMNS } from './user-repository.js';

export type SessionRepository = ReturnType<typeof createSessionRepository>;

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
        ...USER_COLUMNS,
      ])
      .where('sessions.token_hash', '=', tokenHash),
  );

  return {
    async insert(session: Session, tokenHash: string): Promise<void> {
      await insertUnique('token_hash', () =>
        db
          .insertInto('sessions')
          .values({
            id: session.id,
            user_id: session.userId,
            token_hash: tokenHash,
            created_at: session.createdAt,
            expires_at: session.expiresAt,
            revoked_at: session.revokedAt,
            last_used_at: session.lastUsedAt,
          })
          .execute(),
      );
    },

    /** One query for what every authenticated request needs: the session and its user. */
    async findWithUserByTokenHash(
      tokenHash: string,
    ): Promise<{ session: Session; user: User } | undefined> {
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
      };
    },

    /**
     * Revokes every live session of the member (a moderator's suspension), inside the caller's
     * transaction when given one. Returns how many were revoked.
     */
    async revokeAllOf(userId: string, at: string, trx: AppDatabase = db): Promise<number> {
      const result = await trx
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
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
