import type { Kysely, Migration } from 'kysely';

/**
 * Drops `reward_claims`, the view of `token_transfers` (kind 'reward') that migration 0020 left
 * for the payout history's read: that read now asks the ledger's repository for the claims
 * (repositories/reward-repository.ts), so the ledger's table is the one place a claim is read
 * from, as it is the one place it is written.
 */
export const dropRewardClaimsViewMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropView('reward_claims').execute();
  },
};
