import { Redis } from 'ioredis';
import { StartupError } from '../startup-error.js';

/** REDIS_URL and REDIS_KEY_PREFIX (config.ts): the Redis several server processes share. */
export interface RedisSettings {
  url: string;
  /** Starts every key and channel name, so deployments (or tests) sharing one Redis stay apart. */
  keyPrefix: string;
}

export interface RedisLog {
  warn: (message: string, error?: unknown) => void;
  info: (message: string) => void;
}

const CONNECT_TIMEOUT_MS = 5000;
/**
 * A command waits at most this long. Rate limits and publishes run inside requests: a Redis that
 * stopped answering must turn into a fallback (rate-limiter.ts) or a logged loss, not a request
 * that hangs.
 */
const COMMAND_TIMEOUT_MS = 2000;
const RECONNECT_BACKOFF = { initialMs: 250, maxMs: 30_000 };

/**
 * Options shared by every connection: no offline queue (a command while the connection is down
 * fails at once instead of waiting for it to return), one attempt per command, reconnection with
 * capped exponential backoff for ever.
 */
function connectionOptions(name: string) {
  return {
    lazyConnect: true,
    connectionName: name,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Subscriptions are renewed by the channel itself (pubsub-channel.ts), which must know when.
    autoResubscribe: false,
    retryStrategy: (attempt: number) =>
      Math.min(RECONNECT_BACKOFF.initialMs * 2 ** Math.min(attempt, 20), RECONNECT_BACKOFF.maxMs),
  };
}

/** The Redis URL for logs and errors: no password, no user name. */
export function describeRedis(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    parsed.username = '';
    return `Redis at ${parsed.toString()}`;
  } catch {
    return 'Redis';
  }
}

/**
 * Opens a connection and checks it answers (PING). Rejects with a StartupError naming REDIS_URL
 * and the cause when it cannot: a server set up to share its state must not start on its own.
 * Once open, a dropped connection is logged and opened again with backoff.
 */
export async function openRedis(
  settings: RedisSettings,
  options: { name: string; log: RedisLog },
): Promise<Redis> {
  const client = new Redis(settings.url, connectionOptions(options.name));
  await connectChecked(client, settings.url);
  watchConnection(client, options.name, options.log);
  return client;
}

/** A second connection to the same server (a subscriber cannot send other commands). */
export async function duplicateRedis(
  client: Redis,
  url: string,
  options: { name: string; log: RedisLog },
): Promise<Redis> {
  const copy = client.duplicate(connectionOptions(options.name));
  await connectChecked(copy, url);
  watchConnection(copy, options.name, options.log);
  return copy;
}

async function connectChecked(client: Redis, url: string): Promise<void> {
  // ioredis reports why in 'error' events and rejects connect() with "Connection is closed".
  let cause: unknown;
  const remember = (error: unknown) => {
    cause ??= error;
  };
  client.on('error', remember);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const reason = cause ?? error;
    throw new StartupError(
      `REDIS_URL: ${describeRedis(url)} could not be reached: ${
        reason instanceof Error ? reason.message : String(reason)
      }`,
    );
  } finally {
    client.off('error', remember);
  }
}

// Connections being closed on purpose: their 'close' is no drop.
const closing = new WeakSet<Redis>();

/** Logs a drop once (not each failed reconnection) and the return. */
function watchConnection(client: Redis, name: string, log: RedisLog): void {
  let down = false;
  client.on('error', (error: unknown) => {
    if (down || closing.has(client)) return;
    down = true;
    log.warn(`redis (${name}): connection lost; reconnecting`, error);
  });
  client.on('close', () => {
    if (down || closing.has(client)) return;
    down = true;
    log.warn(`redis (${name}): connection closed; reconnecting`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`redis (${name}): connected again`);
  });
}

/** Closes a connection without waiting for a server that may be gone. */
export async function closeRedis(client: Redis): Promise<void> {
  closing.add(client);
  if (client.status === 'ready') {
    await client.quit().catch(() => client.disconnect());
  } else {
    client.disconnect();
  }
}

export type { Redis };
