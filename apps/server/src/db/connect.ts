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
