/**
 * Whether `error` says the database was too busy to take the query in time, rather than that the
 * query was wrong: node-postgres gave up waiting for a pooled connection (db/connect.ts's wait),
 * PostgreSQL refused a connection for want of slots or while starting, or SQLite's write lock
 * stayed taken past its busy timeout. Such a request changed nothing and may be sent again.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.message === POOL_WAIT_TIMEOUT) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return POSTGRES_BUSY_CODES.has(code) || code.startsWith('SQLITE_BUSY');
}

// pg-pool's error when no pooled connection came free within connectionTimeoutMillis.
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

// too_many_connections, and cannot_connect_now (the server is starting or shutting down).
const POSTGRES_BUSY_CODES = new Set(['53300', '57P03']);
