import { sql } from 'kysely';
import { describeDatabase, type DatabaseSettings } from '../config.js';
import { StartupError } from '../startup-error.js';
import { connectDatabase, type ConnectOptions } from './connect.js';
import { migrateToLatest, type MigrationOutcome } from './migrate.js';
import type { AppDatabase } from './types.js';

/** Connects, checks the database answers, and brings its schema up to date. */
export async function openDatabase(
  settings: DatabaseSettings,
  options: ConnectOptions = {},
): Promise<{ db: AppDatabase; migrations: MigrationOutcome }> {
  const where = describeDatabase(settings);
  let db: AppDatabase;
  try {
    db = connectDatabase(settings, options);
  } catch (error) {
    throw new StartupError(`Cannot open the database (${where}): ${reasonOf(error)}`);
  }
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new StartupError(`Cannot reach the database (${where}): ${reasonOf(error)}`);
  }
  try {
    return { db, migrations: await migrateToLatest(db, settings.dialect) };
  } catch (error) {
    await db.destroy();
    throw new StartupError(`Cannot prepare the database (${where}): ${reasonOf(error)}`);
  }
}

// Node reports a refused connection to a name with several addresses as an AggregateError
// without a message; its parts say what happened.
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return error.message || code || error.name;
  }
  return String(error);
}
