import fp from 'fastify-plugin';
import { describeDatabase, type DatabaseSettings } from '../config.js';
import type { AppDatabase } from '../db/index.js';
import type { MigrationOutcome } from '../db/migrate.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
  }
}

export interface OpenedDatabase {
  db: AppDatabase;
  migrations: MigrationOutcome;
}

/**
 * Serves the database that app.ts opened (and migrated) before registering any plugin: a
 * migration takes as long as the data needs, which must not meet the plugin start-up timer.
 * Closes it when the server closes.
 */
export const dbPlugin = fp<{ settings: DatabaseSettings; opened: OpenedDatabase }>(
  async (app, { settings, opened: { db, migrations } }) => {
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
