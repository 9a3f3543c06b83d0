import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';

export type HealthRepository = ReturnType<typeof createHealthRepository>;

export function createHealthRepository(db: AppDatabase) {
  return {
    /** Resolves when the database answers a real query; rejects otherwise. */
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
