import type { AppDatabase } from '../db/index.js';
import type { User } from '../domain/user.js';
import { writeTransaction, type Dialect } from './database.js';
import { DuplicateKeyError } from './errors.js';
import { toRow } from './user-repository.js';

/**
 * Sign-in with ORCID (migration 0032, services/oidc/): the flows started and not yet finished,
 * what a finished callback hands the web app, and the members' linked iDs.
 */

/** An authorization request as its callback checks it (secrets by their SHA-256 only). */
export interface StoredFlow {
  stateHash: string;
  browserHash: string;
  nonce: string;
  codeVerifier: string;
  /** The member linking their iD; null for a sign-in. */
  userId: string | null;
  createdAt: string;
  expiresAt: string;
}

/** What the callback found: a member to sign in, or an iD no account holds yet. */
export interface StoredHandoff {
  codeHash: string;
  userId: string | null;
  orcid: string | null;
  nickname: string;
  expiresAt: string;
}

const POSTGRES_UNIQUE_VIOLATION = '23505';

/**
 * Which unique index an insert of a users row hit: the iD's or the username's (SQLite names the
 * column in its message, PostgreSQL the index in `constraint`); null when it was no such error.
 */
function duplicateOf(error: unknown): 'orcid' | 'username' | null {
  const { code, message, constraint } = (error ?? {}) as {
    code?: unknown;
    message?: unknown;
    constraint?: unknown;
  };
  const unique =
    code === POSTGRES_UNIQUE_VIOLATION ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique) return null;
  return `${String(constraint ?? '')} ${String(message ?? '')}`.includes('orcid')
    ? 'orcid'
    : 'username';
}

export type OidcRepository = ReturnType<typeof createOidcRepository>;

export function createOidcRepository(db: AppDatabase, dialect: Dialect) {
  return {
    /** Stores a new flow, and drops every flow and hand-off expired by `at` (nobody can use them). */
    async addFlow(flow: StoredFlow, at: Date): Promise<void> {
      const now = at.toISOString();
      await db.deleteFrom('oidc_flows').where('expires_at', '<=', now).execute();
      await db.deleteFrom('oidc_handoffs').where('expires_at', '<=', now).execute();
      await db
        .insertInto('oidc_flows')
        .values({
          state_hash: flow.stateHash,
          browser_hash: flow.browserHash,
          nonce: flow.nonce,
          code_verifier: flow.codeVerifier,
          user_id: flow.userId,
          created_at: flow.createdAt,
          expires_at: flow.expiresAt,
        })
        .execute();
    },

    /**
     * Removes and returns the flow of this state: whatever comes of the callback, it is never
     * finished twice. Of two concurrent callbacks, one gets it.
     */
    async takeFlow(stateHash: string): Promise<StoredFlow | undefined> {
      const row = await db
        .deleteFrom('oidc_flows')
        .where('state_hash', '=', stateHash)
        .returningAll()
        .executeTakeFirst();
      return (
        row && {
          stateHash: row.state_hash,
          browserHash: row.browser_hash,
          nonce: row.nonce,
          codeVerifier: row.code_verifier,
          userId: row.user_id,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
        }
      );
    },

    async addHandoff(handoff: StoredHandoff, at: Date): Promise<void> {
      await db
        .insertInto('oidc_handoffs')
        .values({
          code_hash: handoff.codeHash,
          user_id: handoff.userId,
          orcid: handoff.orcid,
          nickname: handoff.nickname,
          created_at: at.toISOString(),
          expires_at: handoff.expiresAt,
        })
        .execute();
    },

    /** The hand-off of this code while it lasts, left in place. */
    async findHandoff(codeHash: string, at: Date): Promise<StoredHandoff | undefined> {
      const row = await db
        .selectFrom('oidc_handoffs')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .where('expires_at', '>', at.toISOString())
        .executeTakeFirst();
      return (
        row && {
          codeHash: row.code_hash,
          userId: row.user_id,
          orcid: row.orcid,
          nickname: row.nickname,
          expiresAt: row.expires_at,
        }
      );
    },

    /** Uses up a hand-off: true for the one caller that removed it while it lasted. */
    async takeHandoff(codeHash: string, at: Date): Promise<boolean> {
      const result = await db
        .deleteFrom('oidc_handoffs')
        .where('code_hash', '=', codeHash)
        .where('expires_at', '>', at.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * Makes the account of a hand-off for an iD, password-less (`password_hash` ''), and uses the
     * hand-off up, in one transaction: false (nothing written) when the hand-off is gone. Throws
     * DuplicateKeyError('username') for a taken name (the hand-off stays for another try) and
     * DuplicateKeyError('orcid') when another account took the iD meanwhile.
     */
    async createAccount(
      codeHash: string,
      user: User,
      usernameLower: string,
      at: Date,
    ): Promise<boolean> {
      try {
        return await writeTransaction(db, dialect, async (trx) => {
          const taken = await trx
            .deleteFrom('oidc_handoffs')
            .where('code_hash', '=', codeHash)
            .where('expires_at', '>', at.toISOString())
            .where('orcid', '=', user.orcid)
            .executeTakeFirst();
          if (Number(taken.numDeletedRows) !== 1) return false;
          await trx
            .insertInto('users')
            .values({ ...toRow(user), username_lower: usernameLower, password_hash: '' })
            .execute();
          return true;
        });
      } catch (error) {
        const duplicate = duplicateOf(error);
        if (duplicate) throw new DuplicateKeyError(duplicate);
        throw error;
      }
    },

    /** The member whose linked iD this is. */
    async userIdByOrcid(orcid: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('orcid', '=', orcid)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * Links the iD to the member if they have none: false when they already do. Throws
     * DuplicateKeyError('orcid') when another account holds it (the unique index decides a race).
     */
    async link(userId: string, orcid: string, at: Date): Promise<boolean> {
      try {
        const result = await db
          .updateTable('users')
          .set({ orcid, updated_at: at.toISOString() })
          .where('id', '=', userId)
          .where('orcid', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1;
      } catch (error) {
        if (duplicateOf(error)) throw new DuplicateKeyError('orcid');
        throw error;
      }
    },

    /**
     * Unlinks the member's iD, only while the account has a password to sign in with: false when
     * it has no iD or no password (the service tells which).
     */
    async unlink(userId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ orcid: null, updated_at: at.toISOString() })
        .where('id', '=', userId)
        .where('orcid', 'is not', null)
        .where('password_hash', '!=', '')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
