import { sql, type Kysely } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import { insertUnique } from './errors.js';
import type { Dialect } from './post-repository.js';

export type RewardClaimStatus = 'pending' | 'sent' | 'failed';
/** Which kind of failure a failed claim had, so a retry can answer the same way. */
export type RewardClaimErrorKind = 'unavailable' | 'chain' | 'invalid';

export interface RewardClaim {
  id: string;
  userId: string;
  requestId: string;
  address: string;
  /** In the token's smallest unit: exactly the sum of the payouts the claim took. */
  amountUnits: bigint;
  status: RewardClaimStatus;
  signature: string | null;
  errorKind: RewardClaimErrorKind | null;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  completedAt: string | null;
}

export type NewRewardClaim = Pick<
  RewardClaim,
  'id' | 'userId' | 'requestId' | 'address' | 'amountUnits' | 'createdAt'
>;

/** A credited payout no claim has taken yet. */
export interface UnclaimedPayout {
  epochId: number;
  units: bigint;
}

export type RewardClaimOutcome =
  | { status: 'sent'; signature: string; completedAt: string }
  | { status: 'failed'; errorKind: RewardClaimErrorKind; error: string; completedAt: string };

/**
 * The claims ledger inside `exclusive`: one transaction in which the member's unclaimed payouts
 * are locked, so what is summed is what the new claim takes.
 */
export interface LockedRewardLedger {
  findByRequestId(userId: string, requestId: string): Promise<RewardClaim | undefined>;
  /** The member's credited, unclaimed payouts (amount > 0), locked until the transaction ends. */
  unclaimedPayouts(userId: string): Promise<UnclaimedPayout[]>;
  /**
   * Inserts the pending claim and marks `epochIds` as taken by it. Throws DuplicateKeyError on a
   * request_id already used (a concurrent retry), and an Error if a payout was taken meanwhile.
   */
  insert(claim: NewRewardClaim, epochIds: number[]): Promise<void>;
}

export type RewardClaimRepository = ReturnType<typeof createRewardClaimRepository>;

/** Claims that hold their payouts: reserved or paid. */
const HOLDING: RewardClaimStatus[] = ['pending', 'sent'];

type Row = DatabaseSchema['reward_claims'];

const toClaim = (row: Row): RewardClaim => ({
  id: row.id,
  userId: row.user_id,
  requestId: row.request_id,
  address: row.address,
  amountUnits: BigInt(row.amount_units),
  status: row.status as RewardClaimStatus,
  signature: row.signature,
  errorKind: row.error_kind as RewardClaimErrorKind | null,
  error: row.error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  completedAt: row.completed_at,
});

function ledgerOn(db: Kysely<DatabaseSchema>, dialect: Dialect): LockedRewardLedger {
  return {
    async findByRequestId(userId, requestId) {
      const row = await db
        .selectFrom('reward_claims')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      return row && toClaim(row);
    },

    async unclaimedPayouts(userId) {
      // Rows rather than a sum: FOR UPDATE locks rows, and a member has one row per epoch.
      // Amounts are read as text so that no driver rounds them through a float.
      const query = db
        .selectFrom('reward_payouts')
        .select(['epoch_id', sql<string>`cast(amount_units as text)`.as('units')])
        .where('user_id', '=', userId)
        .where('claim_id', 'is', null)
        .orderBy('epoch_id');
      const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
      return rows
        .map((row) => ({ epochId: Number(row.epoch_id), units: BigInt(row.units) }))
        .filter((payout) => payout.units > 0n);
    },

    async insert(claim, epochIds) {
      await insertUnique('reward_claims_request_unique', () =>
        db
          .insertInto('reward_claims')
          .values({
            id: claim.id,
            user_id: claim.userId,
            request_id: claim.requestId,
            address: claim.address,
            amount_units: claim.amountUnits.toString(),
            status: 'pending',
            created_at: claim.createdAt,
          })
          .execute(),
      );
      const result = await db
        .updateTable('reward_payouts')
        .set({ claim_id: claim.id })
        .where('user_id', '=', claim.userId)
        .where('epoch_id', 'in', epochIds)
        .where('claim_id', 'is', null)
        .executeTakeFirst();
      // The rows were locked (or the database was): this only fails on a broken invariant, and
      // throwing rolls the claim back with it.
      if (Number(result.numUpdatedRows) !== epochIds.length) {
        throw new Error('a payout was claimed while it was locked');
      }
    },
  };
}

/** A member's claims lock per member on PostgreSQL: two claims of one member take turns. */
const memberLock = (userId: string) =>
  sql`select pg_advisory_xact_lock(hashtext('symposia.reward_claims'), hashtext(${userId}))`;

export function createRewardClaimRepository(db: AppDatabase, dialect: Dialect) {
  const unlocked = ledgerOn(db, dialect);

  /** Runs `work` in one transaction that holds SQLite's write lock from its start. */
  async function sqliteImmediate<T>(work: (db: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> {
    return db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  }

  /** One write transaction on either dialect (SQLite: BEGIN IMMEDIATE, like `exclusive`). */
  function writeTransaction<T>(work: (db: Kysely<DatabaseSchema>) => Promise<T>): Promise<T> {
    return dialect === 'postgres' ? db.transaction().execute(work) : sqliteImmediate(work);
  }

  return {
    /**
     * Runs `work` in one transaction against every other claim of the member: on PostgreSQL a
     * per-member advisory lock plus `select … for update` of the payouts, on SQLite a BEGIN
     * IMMEDIATE transaction (the database's one writer, across processes too). Keep `work` short
     * and free of network calls.
     */
    async exclusive<T>(userId: string, work: (ledger: LockedRewardLedger) => Promise<T>) {
      if (dialect === 'postgres') {
        return db.transaction().execute(async (trx) => {
          await memberLock(userId).execute(trx);
          return work(ledgerOn(trx, dialect));
        });
      }
      return sqliteImmediate((connection) => work(ledgerOn(connection, dialect)));
    },

    async find(id: string): Promise<RewardClaim | undefined> {
      const row = await db
        .selectFrom('reward_claims')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toClaim(row);
    },

    findByRequestId: unlocked.findByRequestId,

    /** The member's claims still pending, oldest first (to settle those whose answer was lost). */
    async pendingOf(userId: string): Promise<RewardClaim[]> {
      const rows = await db
        .selectFrom('reward_claims')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .execute();
      return rows.map(toClaim);
    },

    /**
     * Notes the signature just before the transaction is sent. False when the claim is no longer
     * pending (a settlement gave it up): then the transaction must not be sent.
     */
    async recordSignature(id: string, signature: string, sentAt: string): Promise<boolean> {
      const result = await db
        .updateTable('reward_claims')
        .set({ signature, sent_at: sentAt })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Ends a pending claim; false when it had already ended. A failure gives the payouts back in
     * the same transaction: the service only reports one when nothing can be on chain.
     */
    async complete(id: string, outcome: RewardClaimOutcome): Promise<boolean> {
      return writeTransaction(async (trx) => {
        const result = await trx
          .updateTable('reward_claims')
          .set(
            outcome.status === 'sent'
              ? { status: 'sent', signature: outcome.signature, completed_at: outcome.completedAt }
              : {
                  status: 'failed',
                  error_kind: outcome.errorKind,
                  error: outcome.error,
                  completed_at: outcome.completedAt,
                },
          )
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        const ended = Number(result.numUpdatedRows) === 1;
        if (ended && outcome.status === 'failed') {
          await trx
            .updateTable('reward_payouts')
            .set({ claim_id: null })
            .where('claim_id', '=', id)
            .execute();
        }
        return ended;
      });
    },

    /** Units the member's claims hold: reserved (pending) or paid (sent). */
    async claimedUnits(userId: string): Promise<bigint> {
      const row = await db
        .selectFrom('reward_claims')
        .select(sql<string>`cast(coalesce(sum(amount_units), 0) as text)`.as('units'))
        .where('user_id', '=', userId)
        .where('status', 'in', HOLDING)
        .executeTakeFirstOrThrow();
      return BigInt(row.units);
    },

    /** The member's claims, newest first, failed ones included (with what they were told). */
    async claimHistory(userId: string, limit = 100): Promise<RewardClaim[]> {
      const rows = await db
        .selectFrom('reward_claims')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toClaim);
    },

    /** Claims by id (for the payouts' `claim_id`: when and by which transaction each was paid). */
    async claimsByIds(ids: string[]): Promise<RewardClaim[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('reward_claims')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      return rows.map(toClaim);
    },

    /** Every claim in the order it was made (for audits and tests). */
    async list(): Promise<RewardClaim[]> {
      const rows = await db
        .selectFrom('reward_claims')
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toClaim);
    },
  };
}
