import type { Kysely, Migration } from 'kysely';

/**
 * `jobs.lease_expiries`: how often a job was taken over because its lease ran out (its worker
 * died or stalled). Counted apart from `attempts`, which from now on counts only runs claimed
 * from the queue (a takeover continues the run it took over): uploads are parsed in a sandboxed
 * child (processing/sandbox), so a worker's death says nothing about the job, and a server
 * killed again and again must not use up a job's attempts. A separate, higher cap
 * (JOB_MAX_LEASE_EXPIRIES) still stops a job that kills its worker itself.
 */
export const jobLeaseExpiriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('jobs')
      .addColumn('lease_expiries', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  },
};
