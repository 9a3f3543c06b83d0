import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The ledger of reward claims (POST /rewards/claim), in the faucet's discipline (0005): one row
 * per claim, written before anything is sent.
 *
 * A claim pays the member's whole claimable balance: in the transaction that inserts the
 * `pending` row, every credited and unclaimed `reward_payouts` row of the member (0010) gets its
 * `claim_id`, and `amount_units` is exactly their sum. The claim then ends `sent` (with the
 * transaction signature) or `failed`; a failure that certainly put nothing on chain gives the
 * payouts back (`claim_id` null again). `signature` and `sent_at` are written just before the
 * transaction is sent, so a transfer whose answer was lost can still be looked up on chain.
 * `(user_id, request_id)` is unique: a retried claim finds the first one instead of paying again.
 *
 * `amount_units` is in the token's smallest unit (tokens × 10^9). The rows outlive their members
 * on purpose (no foreign key): they are the record of what was paid.
 */
export const rewardClaimsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reward_claims')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('request_id', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('amount_units', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('signature', 'text')
      .addColumn('error_kind', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('completed_at', 'text')
      .addUniqueConstraint('reward_claims_request_unique', ['user_id', 'request_id'])
      .addCheckConstraint('reward_claims_amount_check', sql`amount_units > 0`)
      .addCheckConstraint(
        'reward_claims_status_check',
        sql`status in ('pending', 'sent', 'failed')`,
      )
      .execute();
    // A member's claims, newest first (history, claimed total, pending claims to settle).
    await db.schema
      .createIndex('reward_claims_user_index')
      .on('reward_claims')
      .columns(['user_id', 'created_at'])
      .execute();
  },
};
