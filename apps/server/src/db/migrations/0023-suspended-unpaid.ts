import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Suspended means unpaid (issue 28).
 *
 * - `reward_payouts.hold`: null while the payout is the member's as usual; `frozen` while it is
 *   held back (its member was suspended with it unclaimed, or it was credited while they were);
 *   `forfeited` once a moderator gave it back to the pool (its units were added to an epoch's
 *   `pool_units` in the same transaction). A frozen payout released by a moderator is null again.
 *   `held_at` is when the hold was last set. Claims take only payouts without a hold.
 * - `moderation_log.amount_units` (the tokens a freeze, release or forfeit concerned, in the
 *   token's smallest unit) and `moderation_log.signal_count` (the signals a suspension voided):
 *   what the log shows beside those actions. Null for every other action.
 *
 * No new table: the reward balance stays the payouts (repositories/reward-claim-repository.ts),
 * and voided signals are reversal rows of `contribution_events` (migration 0010's own form).
 */
export const suspendedUnpaidMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('reward_payouts')
      .addColumn('hold', 'text', (col) =>
        col.check(sql`hold is null or hold in ('frozen', 'forfeited')`),
      )
      .execute();
    await db.schema.alterTable('reward_payouts').addColumn('held_at', 'text').execute();
    // The frozen payouts moderators look through, without reading every payout.
    await db.schema
      .createIndex('reward_payouts_by_hold')
      .on('reward_payouts')
      .columns(['hold', 'user_id'])
      .execute();
    await db.schema.alterTable('moderation_log').addColumn('amount_units', 'bigint').execute();
    await db.schema.alterTable('moderation_log').addColumn('signal_count', 'integer').execute();
  },
};
