import { chmodSync, closeSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseSettings } from '../config.js';
import type { AppDatabase, DatabaseSchema } from './types.js';

export interface ConnectOptions {
  /** Errors of idle pooled PostgreSQL connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
}

const POSTGRES_CONNECT_TIMEOUT_MS = 5000;

/** Only the server's own user may read the database (accounts, sessions, the faucet's ledger). */
export const DATABASE_FILE_MODE = 0o600;

/** Distinct SQL texts kept prepared; the app has a few dozen query shapes. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement anew, which for a join costs about as much as running it.
 * Queries come in a few dozen fixed shapes with parameters, so prepared statements are kept by
 * their SQL text (least recently used dropped first). Safe because Kysely runs one query at a
 * time on the single SQLite connection.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          statements.delete(statements.keys().next().value as string);
        }
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Creates a missing SQLite file as 0600 before SQLite opens it, so its WAL and shared-memory
 * files, which SQLite creates with the database file's mode, are private too. chmod makes the
 * mode exact whatever the umask; a file that exists keeps the mode its operator gave it.
 */
function createPrivately(file: string): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx', DATABASE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  closeSync(fd);
  chmodSync(file, DATABASE_FILE_MODE);
}

export function connectDatabase(
  settings: DatabaseSettings,
  options: ConnectOptions = {},
): AppDatabase {
  if (settings.dialect === 'sqlite') {
    createPrivately(settings.file);
    const database = new SQLite(settings.file);
    // WAL lets readers run while one writer commits. FULL sync makes every commit durable, on
    // power loss too: the faucet's ledger must never forget a payment it acknowledged (NORMAL
    // under WAL could lose the last transactions). Its cost is measured by `npm run bench upload`.
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    return new Kysely<DatabaseSchema>({
      dialect: new SqliteDialect({ database: withStatementCache(database) }),
    });
  }
  const pool = new pg.Pool({
    connectionString: settings.url,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
}
