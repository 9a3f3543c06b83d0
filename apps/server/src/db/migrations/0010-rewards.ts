import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Contribution rewards (issue 16; docs/ARCHITECTURE.md §6).
 *
 * - `contribution_events`: append-only. Each like received on a post or comment, each comment
 *   received on a post and each reply received on a comment is a row (`delta` +1) for the author
 *   of the target (`recipient_id`), written in the transaction of the like or comment; an unlike,
 *   or a comment deleted or hidden, writes the reversing row (`delta` −1). `target_id` is the post
 *   or comment whose author receives (an actor–target pair counts once), `source_id` the comment
 *   written (comment_received, reply_received). No foreign keys: comments may go, the record stays.
 * - `reward_epochs`: numbered from 1; epoch 1 starts at the first start-up and each next one where
 *   the last ended. `pool_units` is what it splits; `remainder_units` what rounding and the share
 *   cap left undistributed, set with `distributed_at` when its payouts are written.
 * - `reward_payouts`: one row per epoch and member (the primary key makes distributing twice pay
 *   once). `amount_units` was credited (0 when below REWARD_MIN_PAYOUT: then `carry_units` moves
 *   to the member's next payout); `claim_id` is set by the claim that took it (migration 0011).
 *
 * Amounts are in the token's smallest unit (tokens × 10^9), bigint written as text.
 */
export const rewardsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contribution_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('recipient_id', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'text', (col) => col.notNull())
      .addColumn('post_id', 'text', (col) => col.notNull())
      .addColumn('target_id', 'text', (col) => col.notNull())
      .addColumn('source_id', 'text')
      .addColumn('delta', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addCheckConstraint(
        'contribution_events_kind_check',
        sql`kind in ('post_like', 'comment_like', 'comment_received', 'reply_received')`,
      )
      .addCheckConstraint('contribution_events_delta_check', sql`delta in (1, -1)`)
      .execute();
    // An epoch's events; one member's events (their score so far); a pair's earlier events.
    await db.schema
      .createIndex('contribution_events_by_time')
      .on('contribution_events')
      .columns(['created_at'])
      .execute();
    await db.schema
      .createIndex('contribution_events_by_recipient')
      .on('contribution_events')
      .columns(['recipient_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('contribution_events_by_pair')
      .on('contribution_events')
      .columns(['target_id', 'actor_id', 'kind', 'created_at'])
      .execute();

    await db.schema
      .createTable('reward_epochs')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('starts_at', 'text', (col) => col.notNull())
      .addColumn('ends_at', 'text', (col) => col.notNull())
      .addColumn('pool_units', 'bigint', (col) => col.notNull())
      .addColumn('remainder_units', 'bigint')
      .addColumn('distributed_at', 'text')
      .addCheckConstraint('reward_epochs_span_check', sql`starts_at < ends_at`)
      .execute();

    await db.schema
      .createTable('reward_payouts')
      .addColumn('epoch_id', 'integer', (col) => col.notNull().references('reward_epochs.id'))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('score', 'double precision', (col) => col.notNull())
      .addColumn('amount_units', 'bigint', (col) => col.notNull())
      .addColumn('carry_units', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('claim_id', 'text')
      .addPrimaryKeyConstraint('reward_payouts_pk', ['epoch_id', 'user_id'])
      .addCheckConstraint('reward_payouts_units_check', sql`amount_units >= 0 and carry_units >= 0`)
      .execute();
    await db.schema
      .createIndex('reward_payouts_by_member')
      .on('reward_payouts')
      .columns(['user_id', 'epoch_id'])
      .execute();
    await db.schema
      .createIndex('reward_payouts_by_claim')
      .on('reward_payouts')
      .columns(['claim_id'])
      .execute();
  },
};
