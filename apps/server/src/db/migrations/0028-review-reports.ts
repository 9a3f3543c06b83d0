import type { Kysely, Migration } from 'kysely';
import { rebuildReportsAllowing } from './reports-table.js';

/**
 * Reports on peer reviews (issue 29): `reports.target_type` may also be 'review'. The table is
 * rebuilt with the wider check (reports-table.ts), its rows and indexes kept.
 */
export const reviewReportsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await rebuildReportsAllowing(db, ['post', 'comment', 'review', 'user']);
  },
};
