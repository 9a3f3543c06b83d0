import type { AppDatabase } from '../db/index.js';

/**
 * How sessions are revoked, inside the caller's transaction: by the member themself
 * (session-repository.ts), with a password change (user-repository.ts) or by a moderator's
 * suspension (moderation-repository.ts). Plain functions, no repository.
 */

/** Revokes every live session of the member. Returns how many were revoked. */
export async function revokeSessionsOf(trx: AppDatabase, userId: string, at: string) {
  const result = await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Revokes every live, unexpired session of the member but `keepId`. Returns how many. */
export async function revokeSessionsBut(
  trx: AppDatabase,
  userId: string,
  keepId: string,
  at: string,
): Promise<number> {
  const result = await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('id', '!=', keepId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
