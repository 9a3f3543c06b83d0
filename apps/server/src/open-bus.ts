import type { DatabaseSettings } from './config.js';
import type { AppDatabase } from './db/index.js';
import { openNotifyChannel, type NotifyChannel } from './db/notify-channel.js';
import type { Redis, RedisSettings } from './redis/client.js';
import { openPubSubChannel, type PubSubChannel } from './redis/pubsub-channel.js';
import { createRelayedBus, type RelayedBus } from './services/notifications/relayed-bus.js';

export interface BusLog {
  warn(message: string, error?: unknown): void;
  info(message: string): void;
}

export interface OpenedBus {
  bus: RelayedBus;
  /** Where it is relayed, for the start-up log line. */
  description: string;
  /** One round trip on the listening connection (see the channels' `roundTrip`). */
  roundTrip(): Promise<void>;
  /** Sends what was published, then stops listening. */
  close(): Promise<void>;
}

/**
 * The bus relayed between processes, the same way in every process that changes content (server,
 * `npm run worker`): through Redis pub/sub with REDIS_URL, otherwise through PostgreSQL's
 * LISTEN/NOTIFY. Null on SQLite without Redis: one process, whose bus stays in memory.
 */
export async function openRelayedBus(options: {
  database: DatabaseSettings;
  db: AppDatabase;
  redis: { settings: RedisSettings; client: Redis } | null;
  log: BusLog;
}): Promise<OpenedBus | null> {
  const { database, db, redis, log } = options;
  // The bus sends through the channel; the channel hands the bus what arrives, and its drops.
  const bus = createRelayedBus({
    relay: { send: (payload) => channel.send(payload) },
    onSendError: (error) => log.warn('notification channel: a message could not be sent', error),
    onBadPayload: (payload) =>
      log.warn(`notification channel: unknown payload ${payload.slice(0, 200)}`),
  });
  const handlers = {
    onPayload: (payload: string) => bus.receive(payload),
    onInterrupted: () => bus.interrupted(),
    onLinkChange: (up: boolean) => bus.linkChanged(up),
    log,
  };
  let channel: NotifyChannel | PubSubChannel;
  if (redis !== null) {
    const name = `${redis.settings.keyPrefix}bus`;
    channel = await openPubSubChannel({
      client: redis.client,
      url: redis.settings.url,
      name,
      ...handlers,
    });
  } else if (database.dialect === 'postgres') {
    channel = await openNotifyChannel({ db, url: database.url, ...handlers });
  } else {
    return null;
  }
  return {
    bus,
    description:
      redis !== null
        ? `Redis pub/sub on ${channel.name}`
        : `PostgreSQL LISTEN/NOTIFY on ${channel.name}`,
    roundTrip: () => channel.roundTrip(),
    close: async () => {
      await bus.flush();
      await channel.close();
    },
  };
}
