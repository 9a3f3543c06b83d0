import { expect, it } from 'vitest';
import { describePostgres, freshPostgresSchema } from '../../test/helpers.js';
import { migrationsFor } from './migrations/index.js';
import { connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';

describePostgres('the migration lock', () => {
  it('is per schema: one schema migrates while another schema migrating waits its turn', async () => {
    const schemas = [await freshPostgresSchema(), await freshPostgresSchema()];
    const [first, second] = schemas.map((schema) =>
      connectDatabase({ dialect: 'postgres', url: schema.url }),
    );
    const firstSchema = new URL(schemas[0]!.url).searchParams.get('options')!.split('=')[1]!;
    let release!: () => void;
    let locked!: () => void;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    // Another process in the middle of migrating the first schema: it holds that schema's lock.
    const holder = first!.connection().execute(async (connection) => {
      const lock = { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock' };
      const adapter = first!.getExecutor().adapter;
      await adapter.acquireMigrationLock(connection, { ...lock, lockTableSchema: firstSchema });
      locked();
      await new Promise<void>((resolve) => (release = resolve));
      await adapter.releaseMigrationLock(connection, { ...lock, lockTableSchema: firstSchema });
    });
    try {
      await lockHeld;
      let firstSettled = false;
      const firstMigration = migrateToLatest(first!, 'postgres').finally(() => {
        firstSettled = true;
      });
      const all = Object.keys(migrationsFor('postgres')).sort();
      // Kysely's own lock is one for the whole database: this would wait for the holder.
      expect((await migrateToLatest(second!, 'postgres')).applied).toEqual(all);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(firstSettled).toBe(false);
      release();
      expect((await firstMigration).applied).toEqual(all);
    } finally {
      release?.();
      await holder;
      await Promise.all([first!.destroy(), second!.destroy()]);
      await Promise.all(schemas.map((schema) => schema.drop()));
    }
  });
});
