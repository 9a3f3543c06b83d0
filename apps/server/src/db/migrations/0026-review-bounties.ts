import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Review bounties (issue 29) and the ledger's balance moves (docs/ARCHITECTURE.md §6).
 *
 * - `reward_payouts` is rebuilt with its own `id`: a member's claimable balance is still their
 *   payouts no claim took and no hold marks, but a member may now hold several rows in an epoch —
 *   the epoch's own credit (`origin` 'epoch', still one per epoch and member: a partial unique
 *   index), the change left when an escrow took part of a payout ('change'), a bounty's award
 *   ('award') and a bounty's refund ('refund'). `source_move` names the balance move that made a
 *   row (null for the epoch's). A payout an escrow took is marked `hold = 'escrowed'` whole; the
 *   part it did not need came back as a 'change' row. Existing rows keep their epoch and member
 *   as `id` ("epoch:member").
 * - `balance_moves`: every unit moved inside the platform, per account (a bounty's escrow is the
 *   account `bounty:<id>`): `in` from a member's payout (`payout_id`, the part taken) or from an
 *   epoch's pool (`epoch_id`), `out` to a member's new payout (`payout_id`) or back to a pool
 *   (`epoch_id`). `(account, move_key)` is unique, so a move asked twice is made once. An
 *   account's balance is its ins less its outs.
 * - `bounties`: the offer; `offerer_id` is who offered (the moderator, for one `from_pool`),
 *   `settles_at` when what is not awarded goes back (the deadline, plus the moderators' window).
 * - `bounty_awards`: one row per review awarded, its stable id what a receipt names.
 */
export const reviewBountiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reward_payouts_next')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('epoch_id', 'integer', (col) => col.notNull().references('reward_epochs.id'))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('score', 'double precision', (col) => col.notNull())
      .addColumn('amount_units', 'bigint', (col) => col.notNull())
      .addColumn('carry_units', 'bigint', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('claim_id', 'text')
      .addColumn('hold', 'text')
      .addColumn('held_at', 'text')
      .addColumn('origin', 'text', (col) => col.notNull().defaultTo('epoch'))
      .addColumn('source_move', 'text')
      .addCheckConstraint(
        'reward_payouts_amounts_check',
        sql`amount_units >= 0 and carry_units >= 0`,
      )
      .addCheckConstraint(
        'reward_payouts_hold_kinds_check',
        sql`hold is null or hold in ('frozen', 'forfeited', 'escrowed')`,
      )
      .addCheckConstraint(
        'reward_payouts_origin_check',
        sql`origin in ('epoch', 'change', 'award', 'refund')`,
      )
      .execute();
    await sql`insert into reward_payouts_next
        (id, epoch_id, user_id, score, amount_units, carry_units, created_at, claim_id, hold,
         held_at, origin)
      select cast(epoch_id as text) || ':' || user_id, epoch_id, user_id, score, amount_units,
        carry_units, created_at, claim_id, hold, held_at, 'epoch'
      from reward_payouts`.execute(db);
    await db.schema.dropTable('reward_payouts').execute();
    await db.schema.alterTable('reward_payouts_next').renameTo('reward_payouts').execute();
    // Distributing an epoch twice still fails on its second row for a member.
    await sql`create unique index reward_payouts_epoch_member
      on reward_payouts (epoch_id, user_id) where origin = 'epoch'`.execute(db);
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
    await db.schema
      .createIndex('reward_payouts_by_hold')
      .on('reward_payouts')
      .columns(['hold', 'user_id'])
      .execute();

    await db.schema
      .createTable('balance_moves')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('account', 'text', (col) => col.notNull())
      .addColumn('move_key', 'text', (col) => col.notNull())
      .addColumn('direction', 'text', (col) => col.notNull().check(sql`direction in ('in', 'out')`))
      .addColumn('user_id', 'text')
      .addColumn('payout_id', 'text')
      .addColumn('epoch_id', 'integer')
      .addColumn('amount_units', 'bigint', (col) => col.notNull().check(sql`amount_units > 0`))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('balance_moves_account_key', ['account', 'move_key'])
      .execute();

    await db.schema
      .createTable('bounties')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('post_id', 'text', (col) => col.notNull())
      .addColumn('offerer_id', 'text', (col) => col.notNull())
      .addColumn('from_pool', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('amount_units', 'bigint', (col) => col.notNull().check(sql`amount_units > 0`))
      .addColumn('max_awards', 'integer', (col) => col.notNull())
      .addColumn('deadline', 'text', (col) => col.notNull())
      .addColumn('settles_at', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .defaultTo('open')
          .check(sql`status in ('open', 'closed')`),
      )
      .addColumn('refunded_units', 'bigint')
      .addColumn('closed_at', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('bounties_by_post')
      .on('bounties')
      .columns(['post_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('bounties_open')
      .on('bounties')
      .columns(['status', 'deadline'])
      .execute();

    await db.schema
      .createTable('bounty_awards')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('bounty_id', 'text', (col) => col.notNull().references('bounties.id'))
      .addColumn('review_id', 'text', (col) => col.notNull())
      .addColumn('reviewer_id', 'text', (col) => col.notNull())
      .addColumn('amount_units', 'bigint', (col) => col.notNull())
      .addColumn('payout_id', 'text', (col) => col.notNull())
      .addColumn('awarded_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('bounty_awards_review', ['bounty_id', 'review_id'])
      .execute();
  },
};
