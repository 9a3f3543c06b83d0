import { Migrator, sql, type MigrationResultSet } from 'kysely';
import type { DatabaseSettings } from '../config.js';
import { migrationsFor } from './migrations/index.js';
import type { AppDatabase } from './types.js';

export interface MigrationOutcome {
  applied: string[];
}

export async function migrateToLatest(
  db: AppDatabase,
  dialect: DatabaseSettings['dialect'],
): Promise<MigrationOutcome> {
  const migrations = migrationsFor(dialect);
  if (await upToDate(db, Object.keys(migrations))) return { applied: [] };
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Without a schema Kysely looks for its bookkeeping tables in every schema of the database;
    // pinning it to the current one keeps side-by-side schemas (e.g. per test run) independent.
    migrationTableSchema: dialect === 'postgres' ? await currentSchema(db) : undefined,
  });
  const { error, results = [] } = await migrateWithRetry(migrator);
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed ?? '(setup)'} failed: ${reason}`);
  }
  return { applied: results.map((result) => result.migrationName) };
}

/**
 * Whether the database holds exactly these migrations already: the usual start, answered by one
 * read of the migrator's table. Kysely's migrator would first introspect every table of every
 * schema in the database to find that table, which on a PostgreSQL database shared by many
 * schemas (side-by-side deployments, test runs) costs more than a start should. Anything else —
 * no table yet, a migration missing, one the code does not know — is the migrator's to handle
 * (and report).
 */
async function upToDate(db: AppDatabase, names: readonly string[]): Promise<boolean> {
  let applied: string[];
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    applied = rows.map((row) => row.name);
  } catch {
    return false;
  }
  const known = new Set(names);
  return applied.length === names.length && applied.every((name) => known.has(name));
}

async function currentSchema(db: AppDatabase): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('no schema of the search_path exists in this database');
  return schema;
}

/**
 * Kysely's migrator looks up its bookkeeping table by introspecting every schema of the database.
 * When another schema changes at that moment (side-by-side deployments or test runs sharing one
 * database: a schema dropped, a table or column of another schema's migration dropped or added),
 * PostgreSQL can fail the lookup with "schema … does not exist", "relation … does not exist" or
 * "column … of relation … does not exist" about the other schema. That is a race with a stranger,
 * seen before any migration of ours was applied: try again (a real fault fails every attempt).
 */
async function migrateWithRetry(migrator: Migrator) {
  return retryingSchemaRace(() => migrator.migrateToLatest());
}

/** Runs a migrator call again while it fails with the race described above (tests use it too). */
export async function retryingSchemaRace(
  run: () => Promise<MigrationResultSet>,
  attempts = 4,
): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await run();
    const raced =
      outcome.error instanceof Error &&
      /(schema|relation|column) "[^"]+"( of relation "[^"]+")? does not exist/.test(
        outcome.error.message,
      ) &&
      (outcome.results ?? []).every((result) => result.status !== 'Success');
    if (!raced || attempt === attempts) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}
