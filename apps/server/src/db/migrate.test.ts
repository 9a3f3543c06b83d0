import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
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

describe('a start on an up-to-date database', () => {
  it('reads the applied migrations and leaves the migrator alone; anything else is the migrator’s', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'migrate-'));
    const db = connectDatabase({ dialect: 'sqlite', file: join(directory, 'db.sqlite') });
    const tables = async () =>
      (await db.introspection.getTables({ withInternalKyselyTables: true })).map(
        (table) => table.name,
      );
    try {
      const all = Object.keys(migrationsFor('sqlite')).sort();
      expect((await migrateToLatest(db, 'sqlite')).applied).toEqual(all);
      // The migrator makes its lock table whenever it runs: gone, it shows whether it ran.
      await sql`drop table kysely_migration_lock`.execute(db);
      expect((await migrateToLatest(db, 'sqlite')).applied).toEqual([]);
      expect(await tables()).not.toContain('kysely_migration_lock');

      // A migration the code does not know: the migrator runs and refuses, as it always has.
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '')`.execute(
        db,
      );
      await expect(migrateToLatest(db, 'sqlite')).rejects.toThrow(/9999-from-the-future/);
      expect(await tables()).toContain('kysely_migration_lock');
    } finally {
      await db.destroy();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
