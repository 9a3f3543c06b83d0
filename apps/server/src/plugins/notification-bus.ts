import fp from 'fastify-plugin';
import type { DatabaseSettings } from '../config.js';
import { openNotifyChannel } from '../db/notify-channel.js';
import {
  createInProcessBus,
  type NotificationBus,
} from '../services/notifications/notification-bus.js';
import { createRelayedBus } from '../services/notifications/relayed-bus.js';

declare module 'fastify' {
  interface FastifyInstance {
    notificationBus: NotificationBus;
  }
}

/**
 * The notification bus, chosen by the database (docs/ARCHITECTURE.md §5): on SQLite, one server
 * process, the bus of that process; on PostgreSQL, which several processes may share, one relayed
 * through LISTEN/NOTIFY, so a notification written through one process reaches a member's stream
 * on another, and so does the end of a session. Registered after the database plugin, so it
 * closes before the database does.
 */
export const notificationBusPlugin = fp<{ settings: DatabaseSettings }>(
  async (app, { settings }) => {
    if (settings.dialect === 'sqlite') {
      app.decorate('notificationBus', createInProcessBus());
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
    const channel = await openNotifyChannel({
      db: app.db,
      url: settings.url,
      onPayload: (payload) => bus.receive(payload),
      onInterrupted: () => bus.interrupted(),
      log: {
        warn: (message, error) => app.log.warn({ err: error }, message),
        info: (message) => app.log.info(message),
      },
    });
    app.decorate('notificationBus', bus);
    app.addHook('onClose', async () => {
      // What was published before closing still goes out, then the listening connection ends.
      await bus.flush();
      await channel.close();
    });
    app.log.info(`notification bus: PostgreSQL LISTEN/NOTIFY on ${channel.name}`);
  },
  { name: 'notification-bus', dependencies: ['db'] },
);
