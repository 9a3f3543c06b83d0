import fp from 'fastify-plugin';
import type { DatabaseSettings } from '../config.js';
import type { RedisSettings } from '../redis/client.js';
import type { ContentChangeLink } from '../services/content-version.js';
import {
  createInProcessBus,
  type NotificationBus,
} from '../services/notifications/notification-bus.js';
import { sharedRoundTrips } from '../services/notifications/relayed-bus.js';
import { openRelayedBus } from '../open-bus.js';

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
    const opened = await openRelayedBus({
      database: settings,
      db: app.db,
      redis: redis === null ? null : { settings: redis, client: app.redis ?? missingRedis() },
      log: {
        warn: (message, error) => app.log.warn({ err: error }, message),
        info: (message) => app.log.info(message),
      },
    });
    if (opened === null) {
      app.decorate('notificationBus', createInProcessBus());
      app.decorate('contentChanges', null);
      return;
    }
    const { bus } = opened;
    const caughtUp = sharedRoundTrips(() => opened.roundTrip());
    app.decorate('notificationBus', bus);
    app.decorate('contentChanges', bus.contentChanges);
    app.addHook('onRequest', async () => caughtUp());
    app.addHook('onSend', async (_request, _reply, payload) => {
      await bus.flush();
      return payload;
    });
    // What was published before closing still goes out, then the listening connection ends.
    app.addHook('onClose', async () => opened.close());
    app.log.info(`notification bus: ${opened.description}`);
  },
  { name: 'notification-bus', dependencies: ['db'] },
);

function missingRedis(): never {
  throw new Error('REDIS_URL is set but the redis plugin was not registered before the bus');
}
