import fp from 'fastify-plugin';
import {
  closeRedis,
  describeRedis,
  openRedis,
  type Redis,
  type RedisSettings,
} from '../redis/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection to REDIS_URL (rate limits, the bus's publishes); null without Redis. */
    redis: Redis | null;
  }
}

/**
 * Connects to REDIS_URL when it is set: the app does not start when Redis cannot be reached
 * (a StartupError naming REDIS_URL). Closed after everything registered later (the bus).
 */
export const redisPlugin = fp<{ settings: RedisSettings | null }>(
  async (app, { settings }) => {
    if (settings === null) {
      app.decorate('redis', null);
      return;
    }
    const client = await openRedis(settings, {
      name: 'symposia',
      log: {
        warn: (message, error) => app.log.warn({ err: error }, message),
        info: (message) => app.log.info(message),
      },
    });
    app.decorate('redis', client);
    app.addHook('onClose', async () => closeRedis(client));
    app.log.info(
      `shared state: ${describeRedis(settings.url)}, keys under "${settings.keyPrefix}"`,
    );
  },
  { name: 'redis' },
);
