import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseSettings } from '../config.js';
import type { AppDatabase, DatabaseSchema } from './types.js';

export interface ConnectOptions {
  /** Errors of idle pooled PostgreSQL connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
}

const POSTGRES_CONNECT_TIMEOUT_MS = 5000;

export function connectDatabase(
  settings: DatabaseSettings,
  options: ConnectOptions = {},
): AppDatabase {
  if (settings.dialect === 'sqlite') {
    const database = new SQLite(settings.file);
    // WAL lets readers run while one writer commits; NORMAL sync is durable under WAL except for
    // the last transactions on power loss, the usual trade-off for a web app.
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    return new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) });
  }
  const pool = new pg.Pool({
    connectionString: settings.url,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  return new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
}
