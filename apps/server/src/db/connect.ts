import { chmodSync, closeSync, openSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  sql,
  SqliteDialect,
  type DialectAdapter,
  type MigrationLockOptions,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { DatabaseSettings } from '../config.js';
import { BoundedMap } from '../lib/bounded-map.js';
import type { AppDatabase, DatabaseSchema } from './types.js';

export interface ConnectOptions {
  /** Errors of idle pooled PostgreSQL connections, which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
}

/**
 * How long a query waits for a pooled PostgreSQL connection, a new one or a free one: node-postgres
 * bounds both with this. A burst queues for a free connection rather than failing at once (100
 * concurrent writes waited over 5 s on a slow day); past the wait the request is answered 503 with
 * a Retry-After (db/busy.ts). A database that refuses connections still fails at once.
 */
const POSTGRES_CONNECT_TIMEOUT_MS = 15_000;

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
  const statements = new BoundedMap<string, SQLite.Statement>(STATEMENT_CACHE_SIZE);
  return {
    close: () => database.close(),
    prepare: (sql: string) => {
      const statement = statements.get(sql) ?? database.prepare(sql);
      statements.delete(sql);
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
  return new Kysely<DatabaseSchema>({ dialect: new SchemaLockedPostgresDialect({ pool }) });
}

/** The first half of the migration lock's two-part advisory key: "Symp" in ASCII. */
const MIGRATION_LOCK_CLASS = 0x53796d70;

/**
 * Kysely's PostgreSQL migrator takes one advisory lock for the whole database, so every schema
 * of a database waits for every other schema's migrations: side-by-side deployments, and the
 * test suites' schema per app (test/helpers.ts), where a queue of them outlasted the start-up
 * timer. The lock only has to keep two processes from migrating the same schema, so its key is
 * the schema the migrator is pinned to (db/migrate.ts). A session lock, like Kysely's own.
 */
class SchemaLockedPostgresAdapter extends PostgresAdapter {
  override async acquireMigrationLock(
    db: Kysely<unknown>,
    options: MigrationLockOptions,
  ): Promise<void> {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_CLASS}::int4, hashtext(${lockSchema(options)}))`.execute(
      db,
    );
  }

  override async releaseMigrationLock(
    db: Kysely<unknown>,
    options: MigrationLockOptions,
  ): Promise<void> {
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK_CLASS}::int4, hashtext(${lockSchema(options)}))`.execute(
      db,
    );
  }
}

function lockSchema(options: MigrationLockOptions): string {
  return options.lockTableSchema ?? 'public';
}

class SchemaLockedPostgresDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return new SchemaLockedPostgresAdapter();
  }
}
