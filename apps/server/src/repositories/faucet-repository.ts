import { sql, type Kysely } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { Dialect } from './post-repository.js';

export type FaucetRequestStatus = 'pending' | 'sent' | 'failed';
/** Which kind of failure a failed request had, so a retry can answer the same way. */
export type FaucetErrorKind = 'unavailable' | 'chain' | 'invalid';
/** The keys the limits count by. */
export type FaucetScope = 'user' | 'address' | 'ip' | 'global';

export interface FaucetRequest {
  id: string;
  userId: string;
  requestId: string;
  address: string;
  ip: string;
  /** In the token's smallest unit. */
  amountUnits: bigint;
  cluster: string;
  mint: string;
  status: FaucetRequestStatus;
  signature: string | null;
  errorKind: FaucetErrorKind | null;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  completedAt: string | null;
}

export type NewFaucetRequest = Pick<
  FaucetRequest,
  | 'id'
  | 'userId'
  | 'requestId'
  | 'address'
  | 'ip'
  | 'amountUnits'
  | 'cluster'
  | 'mint'
  | 'createdAt'
>;

/** Reserved (pending) plus paid (sent) requests of one key within the window. */
export interface FaucetUsage {
  units: bigint;
  count: number;
}

export type FaucetUsageByScope = Record<FaucetScope, FaucetUsage>;

export interface FaucetReservation {
  createdAt: string;
  units: bigint;
}

export type FaucetOutcome =
  | { status: 'sent'; signature: string; completedAt: string }
  | { status: 'failed'; errorKind: FaucetErrorKind; error: string; completedAt: string };

/**
 * The ledger as seen inside `exclusive`: reads and the insert run in one transaction that no
 * other reservation can interleave with, so the limits checked are the limits written against.
 */
export interface LockedFaucetLedger {
  findByRequestId(userId: string, requestId: string): Promise<FaucetRequest | undefined>;
  usage(
    keys: { userId: string; address: string; ip: string },
    since: string,
  ): Promise<FaucetUsageByScope>;
  /** The counting rows of one key within the window, oldest first. */
  reservations(scope: FaucetScope, key: string, since: string): Promise<FaucetReservation[]>;
  insert(request: NewFaucetRequest): Promise<void>;
}

export type FaucetRepository = ReturnType<typeof createFaucetRepository>;

/** Rows that count against the limits: reserved or paid. */
const COUNTING: FaucetRequestStatus[] = ['pending', 'sent'];

const SCOPE_COLUMN = { user: 'user_id', address: 'address', ip: 'ip' } as const;

/** One lock for all reservations; taken per transaction, released at commit or rollback. */
const POSTGRES_LOCK = sql`select pg_advisory_xact_lock(hashtext('symposia.faucet_requests'))`;

type Row = DatabaseSchema['faucet_requests'];

const toRequest = (row: Row): FaucetRequest => ({
  id: row.id,
  userId: row.user_id,
  requestId: row.request_id,
  address: row.address,
  ip: row.ip,
  amountUnits: BigInt(row.amount_units),
  cluster: row.cluster,
  mint: row.mint,
  status: row.status as FaucetRequestStatus,
  signature: row.signature,
  errorKind: row.error_kind as FaucetErrorKind | null,
  error: row.error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  completedAt: row.completed_at,
});

function ledgerOn(db: Kysely<DatabaseSchema>): LockedFaucetLedger {
  return {
    async findByRequestId(userId, requestId) {
      const row = await db
        .selectFrom('faucet_requests')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      return row && toRequest(row);
    },

    async usage({ userId, address, ip }, since) {
      // One pass over the window's counting rows. Sums are cast to text so that neither
      // dialect's driver rounds them through a float.
      const row = await db
        .selectFrom('faucet_requests')
        .select([
          sql<string>`cast(coalesce(sum(case when user_id = ${userId} then amount_units end), 0) as text)`.as(
            'user_units',
          ),
          sql<number | string>`count(case when user_id = ${userId} then 1 end)`.as('user_count'),
          sql<string>`cast(coalesce(sum(case when address = ${address} then amount_units end), 0) as text)`.as(
            'address_units',
          ),
          sql<number | string>`count(case when address = ${address} then 1 end)`.as(
            'address_count',
          ),
          sql<string>`cast(coalesce(sum(case when ip = ${ip} then amount_units end), 0) as text)`.as(
            'ip_units',
          ),
          sql<number | string>`count(case when ip = ${ip} then 1 end)`.as('ip_count'),
          sql<string>`cast(coalesce(sum(amount_units), 0) as text)`.as('global_units'),
          sql<number | string>`count(*)`.as('global_count'),
        ])
        .where('created_at', '>', since)
        .where('status', 'in', COUNTING)
        .executeTakeFirstOrThrow();
      return {
        user: { units: BigInt(row.user_units), count: Number(row.user_count) },
        address: { units: BigInt(row.address_units), count: Number(row.address_count) },
        ip: { units: BigInt(row.ip_units), count: Number(row.ip_count) },
        global: { units: BigInt(row.global_units), count: Number(row.global_count) },
      };
    },

    async reservations(scope, key, since) {
      let query = db
        .selectFrom('faucet_requests')
        .select(['created_at', sql<string>`cast(amount_units as text)`.as('units')])
        .where('created_at', '>', since)
        .where('status', 'in', COUNTING);
      if (scope !== 'global') query = query.where(SCOPE_COLUMN[scope], '=', key);
      const rows = await query.orderBy('created_at').execute();
      return rows.map((row) => ({ createdAt: row.created_at, units: BigInt(row.units) }));
    },

    async insert(request) {
      await db
        .insertInto('faucet_requests')
        .values({
          id: request.id,
          user_id: request.userId,
          request_id: request.requestId,
          address: request.address,
          ip: request.ip,
          amount_units: request.amountUnits.toString(),
          cluster: request.cluster,
          mint: request.mint,
          status: 'pending',
          created_at: request.createdAt,
        })
        .execute();
    },
  };
}

export function createFaucetRepository(db: AppDatabase, dialect: Dialect) {
  const unlocked = ledgerOn(db);

  return {
    /**
     * Runs `work` with the ledger locked against every other reservation: on PostgreSQL a
     * transaction-level advisory lock, on SQLite a BEGIN IMMEDIATE transaction (the database's
     * write lock, which also holds across processes sharing the file). Keep `work` short and
     * free of network calls: every other request waits for it.
     */
    async exclusive<T>(work: (ledger: LockedFaucetLedger) => Promise<T>): Promise<T> {
      if (dialect === 'postgres') {
        return db.transaction().execute(async (trx) => {
          await POSTGRES_LOCK.execute(trx);
          return work(ledgerOn(trx));
        });
      }
      return db.connection().execute(async (connection) => {
        await sql`begin immediate`.execute(connection);
        try {
          const result = await work(ledgerOn(connection));
          await sql`commit`.execute(connection);
          return result;
        } catch (error) {
          await sql`rollback`.execute(connection);
          throw error;
        }
      });
    },

    async find(id: string): Promise<FaucetRequest | undefined> {
      const row = await db
        .selectFrom('faucet_requests')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toRequest(row);
    },

    findByRequestId: unlocked.findByRequestId,

    /**
     * Notes the signature just before the transaction is sent. False when the row is no longer
     * pending (a reconciliation gave it up): then the transaction must not be sent.
     */
    async recordSignature(id: string, signature: string, sentAt: string): Promise<boolean> {
      const result = await db
        .updateTable('faucet_requests')
        .set({ signature, sent_at: sentAt })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a pending request; false when it had already ended. */
    async complete(id: string, outcome: FaucetOutcome): Promise<boolean> {
      const result = await db
        .updateTable('faucet_requests')
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
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every request in the order it was made (for audits and tests). */
    async list(): Promise<FaucetRequest[]> {
      const rows = await db
        .selectFrom('faucet_requests')
        .selectAll()
        .orderBy('created_at')
        .execute();
      return rows.map(toRequest);
    },
  };
}
