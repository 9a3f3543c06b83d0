import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, type Kysely, type MigrationResultSet } from 'kysely';
import type { DatabaseSettings } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { migrationsFor } from '../src/db/migrations/index.js';
import type { AppDatabase, RewardPayoutsTable } from '../src/db/types.js';
import { freshPostgresSchema } from './helpers.js';
import { retryingSchemaRace } from '../src/db/migrate.js';

/** An empty database and a migrator that can stop anywhere: what a migration's test starts from. */
export interface EmptyDatabase {
  db: AppDatabase;
  /**
   * The migrator's moves, each tried again past the race with other schemas' migrations that
   * db/migrate.ts describes (the migration tests run side by side on one PostgreSQL database).
   */
  migrator: {
    migrateTo(name: string): Promise<MigrationResultSet>;
    migrateToLatest(): Promise<MigrationResultSet>;
  };
  /** Migrates up to the one just before `name` (whatever the list holds before it). */
  migrateToBefore(name: string): Promise<void>;
  drop(): Promise<void>;
}

export async function emptyDatabase(dialect: 'sqlite' | 'postgres'): Promise<EmptyDatabase> {
  let settings: DatabaseSettings;
  let schema: string | undefined;
  let dropStore: () => Promise<void>;
  if (dialect === 'sqlite') {
    const directory = await mkdtemp(join(tmpdir(), 'migration-'));
    settings = { dialect, file: join(directory, 'test.db') };
    dropStore = () => rm(directory, { recursive: true, force: true });
  } else {
    const fresh = await freshPostgresSchema();
    // The migrator names its own table's schema: unqualified, it could find another schema's.
    schema = /search_path=(\S+)/.exec(new URL(fresh.url).searchParams.get('options') ?? '')?.[1];
    settings = { dialect, url: fresh.url };
    dropStore = fresh.drop;
  }
  const db = connectDatabase(settings);
  const migrations = migrationsFor(dialect);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  return {
    db,
    migrator: {
      migrateTo: (name) => retryingSchemaRace(() => migrator.migrateTo(name)),
      migrateToLatest: () => retryingSchemaRace(() => migrator.migrateToLatest()),
    },
    async migrateToBefore(name) {
      const names = Object.keys(migrations);
      const previous = names[names.indexOf(name) - 1];
      if (!previous) throw new Error(`no migration before ${name}`);
      const { error } = await retryingSchemaRace(() => migrator.migrateTo(previous));
      if (error) throw error;
    },
    async drop() {
      await db.destroy();
      await dropStore();
    },
  };
}

/** `reward_payouts` as it was before migration 0026 gave each row an id and an origin. */
type PayoutsBefore0026 = Omit<RewardPayoutsTable, 'id' | 'origin' | 'source_move'>;

/** The database seen with the payouts table of before migration 0026, to write its old rows. */
export function withPayoutsBefore0026(
  db: AppDatabase,
): Kysely<{ reward_payouts: PayoutsBefore0026 }> {
  return db as unknown as Kysely<{ reward_payouts: PayoutsBefore0026 }>;
}

/**
 * For the tests of the migrations that rebuild `reports` (0028, 0029): writes the member `ada`
 * (the users table as it is since 0009) and returns how to write ada's report on `targetId` of a
 * kind, open or resolved.
 */
export async function reportsByAda(
  db: AppDatabase,
  targetId: string,
  at: string,
): Promise<(id: string, targetType: string, status?: 'open' | 'resolved') => Promise<unknown>> {
  await db
    .insertInto('users')
    .values({
      id: 'ada',
      username: 'ada',
      username_lower: 'ada',
      password_hash: 'x',
      email: 'ada@example.org',
      phone: '',
      self_page: '',
      bio: '',
      nickname: '',
      url: '',
      title: '',
      tags: '',
      avatar: '',
      public_posts: 1,
      public_activities: 1,
      public_profile: 1,
      public_statistics: 1,
      public_contact: 0,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return (id, targetType, status = 'open') =>
    db
      .insertInto('reports')
      .values({
        id,
        reporter_id: 'ada',
        target_type: targetType,
        target_id: targetId,
        target_author_id: 'bob',
        reason: 'spam',
        note: '',
        status,
        outcome: status === 'open' ? null : 'dismiss',
        resolved_by: null,
        created_at: at,
        resolved_at: null,
      })
      .execute();
}
