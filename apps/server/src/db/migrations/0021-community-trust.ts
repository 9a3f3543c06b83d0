import type { Kysely, Migration } from 'kysely';

/**
 * Community trust (issue 28, docs/TRUST.md).
 *
 * - `trust_marks`: a moderator's mark on a member: `seed` 1 marks them trusted (a seed of the
 *   propagation), 0 untrusted (trust 0, passing none on). One row per member, the latest mark;
 *   every mark is also a row of `moderation_log`.
 * - `user_trust`: the last computed trust of each member with more than 0, in millionths
 *   (`trust_units`, 0 to 1,000,000: integers, so sums in SQL are exact and equal the reference's).
 *   A member without a row has trust 0.
 * - `trust_runs`: one row per computation: when, over how many members, edges and seeds, and
 *   whether there was any seed (without one, trust cannot be anchored and signals are not
 *   weighted; services/trust/trust-service.ts).
 * - `reward_epochs` gains what the public epoch page shows of trust weighting, written by the
 *   distribution: the counted score before and after weighting, and the units it withheld.
 */
export const communityTrustMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('trust_marks')
      .addColumn('user_id', 'text', (col) => col.primaryKey())
      .addColumn('seed', 'integer', (col) => col.notNull())
      .addColumn('note', 'text', (col) => col.notNull())
      .addColumn('marked_by', 'text', (col) => col.notNull())
      .addColumn('marked_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('user_trust')
      .addColumn('user_id', 'text', (col) => col.primaryKey())
      .addColumn('trust_units', 'integer', (col) => col.notNull())
      .addColumn('computed_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('trust_runs')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('computed_at', 'text', (col) => col.notNull())
      .addColumn('members', 'integer', (col) => col.notNull())
      .addColumn('edges', 'integer', (col) => col.notNull())
      .addColumn('seeds', 'integer', (col) => col.notNull())
      .addColumn('iterations', 'integer', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('trust_runs_by_time')
      .on('trust_runs')
      .columns(['computed_at'])
      .execute();
    await db.schema
      .alterTable('reward_epochs')
      .addColumn('unweighted_score', 'double precision')
      .execute();
    await db.schema
      .alterTable('reward_epochs')
      .addColumn('weighted_score', 'double precision')
      .execute();
    await db.schema.alterTable('reward_epochs').addColumn('withheld_units', 'bigint').execute();
  },
};
