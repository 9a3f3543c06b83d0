import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppDatabase } from './types.js';

/**
 * A PostgreSQL LISTEN/NOTIFY channel between the server processes of one database: the link of
 * the notification bus (services/notifications/relayed-bus.ts). Payloads go out with NOTIFY on a
 * pooled connection; one dedicated connection per process LISTENs and, when it drops, is opened
 * again with backoff. NOTIFY delivers only to connections listening at that moment, so a drop
 * and each return are reported (`onInterrupted`): what was sent meanwhile is lost.
 */
export interface NotifyChannel {
  /** The channel's name (one per database schema). */
  readonly name: string;
  /** NOTIFY on the channel; rejects when the database refuses or cannot be reached. */
  send(payload: string): Promise<void>;
  /**
   * One round trip on the listening connection: PostgreSQL sends a listener what was notified
   * before it answers its next statement, so once this resolves every payload whose NOTIFY committed before the call
   * has been handed to `onPayload`. Resolves at once while not listening (nothing to wait for).
   */
  roundTrip(): Promise<void>;
  /** Stops listening and reconnecting. */
  close(): Promise<void>;
}

export interface NotifyChannelOptions {
  /** The app's pool, which sends (and tells the schema, hence the channel). */
  db: AppDatabase;
  /** Where the listening connection goes: the app's DATABASE_URL (its search_path too). */
  url: string;
  onPayload: (payload: string) => void;
  /** Listening stopped (the connection dropped) or started again: payloads may have been missed. */
  onInterrupted: () => void;
  /** Listening stopped (false) or started again (true). */
  onLinkChange?: (up: boolean) => void;
  log: {
    warn: (message: string, error?: unknown) => void;
    info: (message: string) => void;
  };
  /** The first wait before connecting again, doubled at each failure up to `maxMs`. */
  backoff?: { initialMs: number; maxMs: number };
}

const CONNECT_TIMEOUT_MS = 5000;
const DEFAULT_BACKOFF = { initialMs: 250, maxMs: 30_000 };

/**
 * The channel of the schema the app works in: processes on one database and schema share it;
 * apps on other schemas of the same database (tests, staging beside production) do not hear it.
 * Within PostgreSQL's 63-byte identifiers whatever the schema is called.
 */
export function channelFor(schema: string): string {
  if (schema === 'public') return 'symposia_notifications';
  const digest = createHash('sha256').update(schema).digest('hex').slice(0, 16);
  return `symposia_notifications_${digest}`;
}

/**
 * Opens the channel: resolves once this process listens (so nothing sent after start-up is
 * missed), rejects when the first connection fails — the database the app just migrated is
 * unreachable, and the app does not start.
 */
export async function openNotifyChannel(options: NotifyChannelOptions): Promise<NotifyChannel> {
  const { db, url, onPayload, onInterrupted, log } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const name = channelFor(rows[0]?.schema ?? 'public');

  let closed = false;
  let listener: pg.Client | null = null;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  async function listen(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // Errors before it is watched (below) reject connect() or query(); none may crash the process.
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      if (message.channel === name && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(name)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /** From now on, a drop of this connection is reported and repaired. */
  function watch(client: pg.Client): void {
    let lost = false;
    const drop = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) listener = null;
      void client.end().catch(() => undefined);
      if (closed) return;
      log.warn('notification channel: the listening connection dropped; reconnecting', error);
      options.onLinkChange?.(false);
      onInterrupted();
      retry();
    };
    client.on('error', drop);
    client.on('end', () => drop());
  }

  function retry(): void {
    const wait = Math.min(backoff.initialMs * 2 ** Math.min(failures, 20), backoff.maxMs);
    failures += 1;
    // Up to half more at random, so the processes of a restarted database do not all return at once.
    retryTimer = setTimeout(reconnect, Math.round(wait + (wait / 2) * Math.random()));
    retryTimer.unref();
  }

  async function reconnect(): Promise<void> {
    retryTimer = undefined;
    if (closed) return;
    let client: pg.Client;
    try {
      client = await listen();
    } catch (error) {
      if (closed) return;
      log.warn('notification channel: reconnecting failed; trying again', error);
      retry();
      return;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    failures = 0;
    listener = client;
    watch(client);
    log.info('notification channel: listening again');
    options.onLinkChange?.(true);
    // Whatever was sent while nobody here listened is lost: the streams start afresh.
    onInterrupted();
  }

  listener = await listen();
  watch(listener);

  return {
    name,
    async send(payload) {
      await sql`select pg_notify(${name}, ${payload})`.execute(db);
    },
    async roundTrip() {
      // LISTEN again: idempotent, and the connection's last statement stays the LISTEN (what an
      // operator sees in pg_stat_activity). A failure means the connection dropped: `watch`
      // reports it and reconnects.
      const client = listener;
      await client?.query(`LISTEN ${client.escapeIdentifier(name)}`).catch(() => undefined);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
