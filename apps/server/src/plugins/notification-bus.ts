import fp from 'fastify-plugin';
import type { DatabaseSettings } from '../config.js';
import { openNotifyChannel } from '../db/notify-channel.js';
import type { RedisSettings } from '../redis/client.js';
import { openPubSubChannel } from '../redis/pubsub-channel.js';
import type { ContentChangeLink } from '../services/content-version.js';
import {
  createInProcessBus,
  type NotificationBus,
} from '../services/notifications/notification-bus.js';
import { createRelayedBus, sharedRoundTrips } from '../services/notifications/relayed-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    notificationBus: NotificationBus;
    /** The content version's link to the other server processes; null in a single process. */
    contentChanges: ContentChangeLink | null;
  }
}

/**
 * The notification bus, and with it the content version's "this changed", chosen by the engines
 * (docs/ARCHITECTURE.md §5): with REDIS_URL, relayed through Redis pub/sub; without it, on
 * PostgreSQL, which several processes may share, relayed through LISTEN/NOTIFY; on SQLite alone,
 * the bus of this one process. Relayed, a notification written through one process reaches a
 * member's stream on another, and so do the end of a session and a change to what readers see.
 *
 * "At once" holds from one request to the next, whichever processes serve them: a request that
 * published answers only once its payloads were sent (onSend), and a request starts only after a
 * round trip on this process's listening connection (onRequest, shared by the requests arriving
 * meanwhile), by which time everything sent before it arrived has been received here.
 *
 * Registered after the database (and Redis) plugins, so it closes before they do.
 */
export const notificationBusPlugin = fp<{
  settings: DatabaseSettings;
  redis: RedisSettings | null;
}>(
  async (app, { settings, redis }) => {
    if (settings.dialect === 'sqlite' && redis === null) {
      app.decorate('notificationBus', createInProcessBus());
      app.decorate('contentChanges', null);
      return;
    }
    // The bus sends through the channel; the channel hands the bus what arrives, and its drops.
    const bus = createRelayedBus({
      relay: { send: (payload) => channel.send(payload) },
      onSendError: (error) =>
        app.log.warn({ err: error }, 'notification channel: a message could not be sent'),
      onBadPayload: (payload) =>
        app.log.warn({ payload: payload.slice(0, 200) }, 'notification channel: unknown payload'),
    });
    const log = {
      warn: (message: string, error?: unknown) => app.log.warn({ err: error }, message),
      info: (message: string) => app.log.info(message),
    };
    const channel =
      redis !== null
        ? await openPubSubChannel({
            client: app.redis ?? missingRedis(),
            url: redis.url,
            name: `${redis.keyPrefix}bus`,
            onPayload: (payload) => bus.receive(payload),
            onInterrupted: () => bus.interrupted(),
            onLinkChange: (up) => bus.linkChanged(up),
            log,
          })
        : settings.dialect === 'postgres'
          ? await openNotifyChannel({
              db: app.db,
              url: settings.url,
              onPayload: (payload) => bus.receive(payload),
              onInterrupted: () => bus.interrupted(),
              onLinkChange: (up) => bus.linkChanged(up),
              log,
            })
          : missingRedis();
    const caughtUp = sharedRoundTrips(() => channel.roundTrip());
    app.decorate('notificationBus', bus);
    app.decorate('contentChanges', bus.contentChanges);
    app.addHook('onRequest', async () => caughtUp());
    app.addHook('onSend', async (_request, _reply, payload) => {
      await bus.flush();
      return payload;
    });
    app.addHook('onClose', async () => {
      // What was published before closing still goes out, then the listening connection ends.
      await bus.flush();
      await channel.close();
    });
    app.log.info(
      redis !== null
        ? `notification bus: Redis pub/sub on ${channel.name}`
        : `notification bus: PostgreSQL LISTEN/NOTIFY on ${channel.name}`,
    );
  },
  { name: 'notification-bus', dependencies: ['db'] },
);

function missingRedis(): never {
  throw new Error('REDIS_URL is set but the redis plugin was not registered before the bus');
}
