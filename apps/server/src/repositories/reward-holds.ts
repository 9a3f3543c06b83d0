import { sql } from 'kysely';
import { lockRows, type Dialect, type Executor } from './database.js';

/**
 * Holds on a member's reward balance (issue 28, migration 0023): the balance is their payouts no
 * claim took (reward-claim-repository.ts), and a hold marks payouts of it: `frozen` while the
 * moderators decide, `forfeited` once given back to the pool. These run inside the transactions
 * of what causes them: a suspension (moderation-repository.ts) and a distribution
 * (reward-repository.ts `distribute`); releasing and forfeiting are reward-hold-repository.ts.
 */

/** Sums amounts read as text, so no driver rounds a bigint through a float. */
export const unitsOf = (rows: { amount_units: number | string }[]): bigint =>
  rows.reduce((sum, row) => sum + BigInt(row.amount_units), 0n);

/**
 * Freezes the member's unclaimed balance: every credited payout no claim took and no hold has.
 * A claim reserving at the same time holds those rows (FOR UPDATE); this waits for it and then
 * freezes only what it left. Returns the units frozen.
 */
export async function freezeRewardsOf(trx: Executor, userId: string, at: string): Promise<bigint> {
  const rows = await trx
    .updateTable('reward_payouts')
    .set({ hold: 'frozen', held_at: at })
    .where('user_id', '=', userId)
    .where('claim_id', 'is', null)
    .where('hold', 'is', null)
    .where('amount_units', '>', 0)
    .returning(sql<string>`cast(amount_units as text)`.as('amount_units'))
    .execute();
  return unitsOf(rows);
}

/**
 * Freezes what the epoch just credited to members suspended at `at`: a suspended member's
 * balance stays frozen, whatever is credited to it meanwhile. Called in the distribution's
 * transaction, so no claim ever sees such a payout without its hold.
 */
export async function freezeSuspendedPayouts(
  trx: Executor,
  epochId: number,
  at: string,
): Promise<void> {
  await trx
    .updateTable('reward_payouts')
    .set({ hold: 'frozen', held_at: at })
    .where('epoch_id', '=', epochId)
    .where('amount_units', '>', 0)
    .where('hold', 'is', null)
    .where('user_id', 'in', (eb) =>
      eb.selectFrom('users').select('users.id').where('users.suspended_until', '>', at),
    )
    .execute();
}

/** Thrown inside a transaction that gives units to the pool to undo it: no epoch can take them. */
export class NoOpenEpoch extends Error {
  override readonly name = 'NoOpenEpoch';
}

/**
 * Adds `units` to the earliest undistributed epoch's pool, whose row is held until commit (a
 * forfeit, a bounty's refund to the pool). Returns that epoch; NoOpenEpoch when every epoch
 * opened is distributed (the clock opens the running one within a minute).
 */
export async function addToPool(trx: Executor, dialect: Dialect, units: bigint): Promise<number> {
  const epoch = await lockRows(
    dialect,
    trx
      .selectFrom('reward_epochs')
      .select('id')
      .where('distributed_at', 'is', null)
      .orderBy('id')
      .limit(1),
  ).executeTakeFirst();
  if (!epoch) throw new NoOpenEpoch();
  const result = await trx
    .updateTable('reward_epochs')
    .set({ pool_units: sql`pool_units + ${units.toString()}` })
    .where('id', '=', epoch.id)
    .where('distributed_at', 'is', null)
    .executeTakeFirst();
  // A distribution that took the row first: this one is undone and asked again.
  if (Number(result.numUpdatedRows) !== 1) throw new NoOpenEpoch();
  return Number(epoch.id);
}
