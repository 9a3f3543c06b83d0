import type { Redis } from 'ioredis';
import { duplicateRedis, closeRedis, type RedisLog } from './client.js';

/**
 * A Redis pub/sub channel between the server processes sharing REDIS_URL and REDIS_KEY_PREFIX:
 * the link of the notification bus (services/notifications/relayed-bus.ts) and of the content
 * version, as db/notify-channel.ts is on PostgreSQL without Redis, with the same shape. Payloads
 * go out with PUBLISH on the shared connection; one dedicated connection per process SUBSCRIBEs.
 * Redis delivers only to connections subscribed at that moment, so a drop and each return are
 * reported (`onInterrupted`): what was sent meanwhile is lost.
 */
export interface PubSubChannel {
  readonly name: string;
  /** PUBLISH on the channel; rejects when Redis cannot be reached. */
  send(payload: string): Promise<void>;
  /**
   * One round trip on the subscribed connection (PING): Redis answers a connection in order, so
   * once this resolves every payload published before the call has been handed to `onPayload`.
   * Resolves at once while not subscribed (nothing to wait for).
   */
  roundTrip(): Promise<void>;
  /** Unsubscribes and closes the subscribed connection. */
  close(): Promise<void>;
}

export interface PubSubChannelOptions {
  /** The process's Redis connection, which publishes (redis/client.ts). */
  client: Redis;
  /** REDIS_URL, for the subscribed connection's start-up error. */
  url: string;
  name: string;
  onPayload: (payload: string) => void;
  /** Listening stopped (the connection dropped) or started again: payloads may have been missed. */
  onInterrupted: () => void;
  /** Listening stopped (false) or started again (true). */
  onLinkChange: (up: boolean) => void;
  log: RedisLog;
}

/**
 * Opens the channel: resolves once this process is subscribed (so nothing sent after start-up is
 * missed), rejects with a StartupError when Redis cannot be reached.
 */
export async function openPubSubChannel(options: PubSubChannelOptions): Promise<PubSubChannel> {
  const { client, name, onPayload, onInterrupted, onLinkChange, log } = options;
  const subscriber = await duplicateRedis(client, options.url, { name: 'symposia-bus', log });
  let closed = false;
  let subscribed = false;

  subscriber.on('message', (channel: string, message: string) => {
    if (channel === name) onPayload(message);
  });
  subscriber.on('close', () => {
    if (closed || !subscribed) return;
    subscribed = false;
    onLinkChange(false);
    onInterrupted();
  });
  // ioredis connects again by itself; the subscription is renewed here, and only once Redis has
  // confirmed it are the streams told to start afresh.
  subscriber.on('ready', () => {
    if (closed || subscribed) return;
    subscriber.subscribe(name).then(
      () => {
        if (closed || subscribed) return;
        subscribed = true;
        log.info('notification channel: subscribed again');
        onLinkChange(true);
        onInterrupted();
      },
      // The connection dropped again before it was confirmed: its next 'ready' tries again.
      (error: unknown) => log.warn('notification channel: subscribing again failed', error),
    );
  });

  try {
    await subscriber.subscribe(name);
  } catch (error) {
    await closeRedis(subscriber);
    throw error;
  }
  subscribed = true;

  return {
    name,
    async send(payload) {
      await client.publish(name, payload);
    },
    async roundTrip() {
      if (!subscribed) return;
      // A failure means the connection dropped: 'close' reports it and ioredis reconnects.
      await subscriber.ping().catch(() => undefined);
    },
    async close() {
      closed = true;
      await closeRedis(subscriber);
    },
  };
}
