import { sql } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import { sqliteImmediate, writeTransaction, type Dialect, type Executor } from './database.js';
import { insertUnique } from './errors.js';
import { balanceMovesOn, type BalanceMoves } from './ledger-balances.js';

/**
 * The one ledger of outgoing token transfers (`token_transfers`, migration 0020), every kind
 * alike: reserved in a locked transaction, the signature recorded before sending, ended once,
 * and released — with what the kind gives back — in one transaction. services/ledger/ drives it;
 * a kind's own SQL (the faucet's window usage, a claim's payouts) runs inside its transactions
 * through `sqlOf`.
 */

export type TransferStatus = 'pending' | 'sent' | 'failed';
/** Which kind of failure a failed transfer had, so a retry can answer the same way. */
export type TransferErrorKind = 'unavailable' | 'chain' | 'invalid';

export interface TokenTransfer {
  id: string;
  /** faucet | reward | … : which service asked, and what a release gives back. */
  kind: string;
  userId: string;
  requestId: string;
  address: string;
  /** In the token's smallest unit. */
  amountUnits: bigint;
  /** The asking IP where the kind counts it (the faucet). */
  ip: string | null;
  cluster: string | null;
  mint: string | null;
  status: TransferStatus;
  signature: string | null;
  errorKind: TransferErrorKind | null;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  completedAt: string | null;
}

export type NewTokenTransfer = Pick<
  TokenTransfer,
  | 'id'
  | 'kind'
  | 'userId'
  | 'requestId'
  | 'address'
  | 'amountUnits'
  | 'ip'
  | 'cluster'
  | 'mint'
  | 'createdAt'
>;

export type TransferOutcome =
  | { status: 'sent'; signature: string; completedAt: string }
  | { status: 'failed'; errorKind: TransferErrorKind; error: string; completedAt: string };

export type TransferFailure = Extract<TransferOutcome, { status: 'failed' }>;

/** The unique index a second insert of one (kind, user, request_id) hits. */
export const TRANSFER_REQUEST_UNIQUE = 'token_transfers_request_unique';

const HANDLE = Symbol('ledger transaction');

/** One transaction of the ledger: what a kind's reservation and release run in. */
export interface LedgerTransaction {
  readonly [HANDLE]: Executor;
  find(id: string): Promise<TokenTransfer | undefined>;
  findByRequestId(
    kind: string,
    userId: string,
    requestId: string,
  ): Promise<TokenTransfer | undefined>;
  /** Inserts a pending row; DuplicateKeyError(TRANSFER_REQUEST_UNIQUE) for a request_id in use. */
  insert(transfer: NewTokenTransfer): Promise<void>;
}

/**
 * What a kind gives back when one of its transfers is released (failed with nothing sent), run in
 * the transaction that fails the row: a claim's payouts become claimable again.
 */
export type ReleaseHook = (transaction: LedgerTransaction, id: string) => Promise<void>;

/** For the repositories of kinds: their SQL, inside the ledger's transaction. */
export function sqlOf(transaction: LedgerTransaction): Executor {
  return transaction[HANDLE];
}

type Row = DatabaseSchema['token_transfers'];

/** The amount as text: SQLite's driver would hand a large one back through a float. */
const AMOUNT_TEXT = sql<string>`cast(amount_units as text)`.as('amount_text');

/** Transfers with their amounts as text, for `toTransfer`. */
const selectTransfers = (db: Executor) =>
  db.selectFrom('token_transfers').selectAll().select(AMOUNT_TEXT);

const toTransfer = (row: Row & { amount_text: string }): TokenTransfer => ({
  id: row.id,
  kind: row.kind,
  userId: row.user_id,
  requestId: row.request_id,
  address: row.address,
  amountUnits: BigInt(row.amount_text),
  ip: row.ip,
  cluster: row.cluster,
  mint: row.mint,
  status: row.status as TransferStatus,
  signature: row.signature,
  errorKind: row.error_kind as TransferErrorKind | null,
  error: row.error,
  createdAt: row.created_at,
  sentAt: row.sent_at,
  completedAt: row.completed_at,
});

/**
 * The transfers of `kind` among `ids`, for a repository that links its rows to them (a payout to
 * the claim that took it): a plain function, so it reads on that repository's connection.
 */
export async function transfersOfKind(
  db: Executor,
  kind: string,
  ids: readonly string[],
): Promise<Map<string, TokenTransfer>> {
  if (ids.length === 0) return new Map();
  const rows = await selectTransfers(db)
    .where('kind', '=', kind)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toTransfer(row)]));
}

function transactionOn(db: Executor): LedgerTransaction {
  return {
    [HANDLE]: db,
    async find(id) {
      const row = await selectTransfers(db).where('id', '=', id).executeTakeFirst();
      return row && toTransfer(row);
    },

    async findByRequestId(kind, userId, requestId) {
      const row = await selectTransfers(db)
        .where('kind', '=', kind)
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      return row && toTransfer(row);
    },

    async insert(transfer) {
      await insertUnique(TRANSFER_REQUEST_UNIQUE, () =>
        db
          .insertInto('token_transfers')
          .values({
            id: transfer.id,
            kind: transfer.kind,
            user_id: transfer.userId,
            request_id: transfer.requestId,
            address: transfer.address,
            amount_units: transfer.amountUnits.toString(),
            ip: transfer.ip,
            cluster: transfer.cluster,
            mint: transfer.mint,
            status: 'pending',
            created_at: transfer.createdAt,
          })
          .execute(),
      );
    },
  };
}

/** A lock per scope (the faucet's one, a member's claims), taken per transaction. */
const postgresLock = (scope: string) =>
  sql`select pg_advisory_xact_lock(hashtext('symposia.token_transfers'), hashtext(${scope}))`;

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;

export function createLedgerRepository(db: AppDatabase, dialect: Dialect) {
  const unlocked = transactionOn(db);

  /** Fails the pending row `id` (unsent only, when asked) and runs `release` with it, or not at all. */
  function endAsFailed(
    id: string,
    failure: TransferFailure,
    options: { unsentOnly: boolean; release?: ReleaseHook },
  ): Promise<boolean> {
    return writeTransaction(db, dialect, async (trx) => {
      let update = trx
        .updateTable('token_transfers')
        .set({
          status: 'failed',
          error_kind: failure.errorKind,
          error: failure.error,
          completed_at: failure.completedAt,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending');
      if (options.unsentOnly) update = update.where('signature', 'is', null);
      const ended = Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
      if (ended && options.release) await options.release(transactionOn(trx), id);
      return ended;
    });
  }

  return {
    /**
     * Runs `work` in one transaction no other reservation of `scope` interleaves with: on
     * PostgreSQL a transaction-level advisory lock on the scope, on SQLite a BEGIN IMMEDIATE
     * transaction (the database's one writer, across processes sharing the file too). Keep
     * `work` short and free of network calls: every other reservation of the scope waits for it.
     */
    async exclusive<T>(scope: string, work: (ledger: LedgerTransaction) => Promise<T>) {
      if (dialect === 'postgres') {
        return db.transaction().execute(async (trx) => {
          await postgresLock(scope).execute(trx);
          return work(transactionOn(trx));
        });
      }
      return sqliteImmediate(db, (connection) => work(transactionOn(connection)));
    },

    /**
     * Runs `work` with the balance moves (ledger-balances.ts) in one transaction locked as
     * `exclusive` locks `scope`: a member's claims and escrows share `reward:<member>`.
     */
    balances<T>(scope: string, work: (moves: BalanceMoves) => Promise<T>): Promise<T> {
      return this.exclusive(scope, (ledger) => work(balanceMovesOn(sqlOf(ledger), dialect)));
    },

    find: unlocked.find,
    findByRequestId: unlocked.findByRequestId,

    /** A member's transfers of a kind still pending, oldest first (to settle lost answers). */
    async pendingOf(kind: string, userId: string): Promise<TokenTransfer[]> {
      const rows = await selectTransfers(db)
        .where('kind', '=', kind)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .execute();
      return rows.map(toTransfer);
    },

    /**
     * Notes the signature just before the transaction is sent. False when the row is no longer
     * pending (a settlement gave it up): then the transaction must not be sent.
     */
    async recordSignature(id: string, signature: string, sentAt: string): Promise<boolean> {
      const result = await db
        .updateTable('token_transfers')
        .set({ signature, sent_at: sentAt })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Ends a pending transfer; false when it had already ended. A failure runs `release` in the
     * same transaction: the ledger reports one only when nothing can be on chain.
     */
    async complete(id: string, outcome: TransferOutcome, release?: ReleaseHook): Promise<boolean> {
      if (outcome.status === 'failed') {
        return endAsFailed(id, outcome, { unsentOnly: false, release });
      }
      const result = await db
        .updateTable('token_transfers')
        .set({ status: 'sent', signature: outcome.signature, completed_at: outcome.completedAt })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Fails a pending transfer that never got a signature (a stale reservation whose sender
     * vanished) and runs `release`, in one transaction. The signature is checked in the same
     * UPDATE: one recorded since the caller read the row means a transaction may be on its way,
     * and only the chain can say whether it landed; releasing it would let the same tokens be
     * paid twice. False when the transfer had ended or got a signature.
     */
    releaseUnsent(id: string, failure: TransferFailure, release?: ReleaseHook): Promise<boolean> {
      return endAsFailed(id, failure, { unsentOnly: true, release });
    },

    /** Every transfer of a kind in the order it was made (for audits and tests). */
    async list(kind: string): Promise<TokenTransfer[]> {
      const rows = await selectTransfers(db)
        .where('kind', '=', kind)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toTransfer);
    },
  };
}
