import { sql, type Kysely } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';

/** Which database the repositories build SQL for; every dialect difference lives in repositories/. */
export type Dialect = 'sqlite' | 'postgres';

/** A connection or a transaction: what a write-transaction's work runs its queries on. */
export type Executor = Kysely<DatabaseSchema>;

/**
 * Runs `work` in one SQLite transaction that holds the write lock from its start (BEGIN
 * IMMEDIATE), so what it reads is the state it writes on, across processes sharing the file too.
 * Kysely's own transactions begin DEFERRED: two of them may both read, then one fails to write.
 */
export function sqliteImmediate<T>(db: AppDatabase, work: (trx: Executor) => Promise<T>) {
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

/**
 * One write transaction on either dialect: PostgreSQL's own, SQLite's BEGIN IMMEDIATE
 * (`sqliteImmediate`). Keep `work` short and free of network calls: on SQLite every other
 * writer waits for it.
 */
export function writeTransaction<T>(
  db: AppDatabase,
  dialect: Dialect,
  work: (trx: Executor) => Promise<T>,
): Promise<T> {
  return dialect === 'postgres' ? db.transaction().execute(work) : sqliteImmediate(db, work);
}

/** Locks the rows `query` reads for the rest of the transaction on PostgreSQL (SQLite has one writer). */
export const lockRows = <Q extends { forUpdate(): Q }>(dialect: Dialect, query: Q): Q =>
  dialect === 'postgres' ? query.forUpdate() : query;
