import fp from 'fastify-plugin';
import { describeDatabase, type DatabaseSettings } from '../config.js';
import { openDatabase, type AppDatabase } from '../db/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
  }
}

/** Opens the database at start-up (migrating it) and closes it when the server closes. */
export const dbPlugin = fp<{ settings: DatabaseSettings }>(
  async (app, { settings }) => {
    const { db, migrations } = await openDatabase(settings, {
      onPoolError: (error) => app.log.warn({ err: error }, 'idle database connection failed'),
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
    app.log.info(
      { migrationsApplied: migrations.applied },
      `database ready: ${describeDatabase(settings)}`,
    );
  },
  { name: 'db' },
);
