import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { lockRows, type Dialect, type Executor } from './database.js';
import { addToPool, unitsOf } from './reward-holds.js';

/**
 * The ledger's balance moves (migration 0026): units moved inside the platform, between members'
 * claimable payouts, the epochs' pools and accounts such as a bounty's escrow, with no chain
 * transaction (a member's payout is paid on chain when they claim it, as the ledger's `reward`
 * kind). Every unit moved is a `balance_moves` row: into an account from a payout (the part
 * taken) or a pool, out of it to a new payout or a pool. These run inside the ledger's locked
 * transactions (ledger-repository.ts `balances`), so what they read is what they write on.
 */

/** Where units go into an account from, or go back to. */
export type BalanceSide = { userId: string } | { pool: true };

/** A payout credited by a move: an award, or a refund to its member. */
export type CreditOrigin = 'award' | 'refund';

/** One move, as audits and tests read them. */
export interface BalanceMove {
  id: string;
  account: string;
  key: string;
  direction: 'in' | 'out';
  userId: string | null;
  payoutId: string | null;
  epochId: number | null;
  units: bigint;
  createdAt: string;
}

export type BalanceMoves = ReturnType<typeof balanceMovesOn>;

async function insertMove(
  trx: Executor,
  move: Omit<BalanceMove, 'units' | 'createdAt'> & { units: bigint; at: string },
) {
  await trx
    .insertInto('balance_moves')
    .values({
      id: move.id,
      account: move.account,
      move_key: move.key,
      direction: move.direction,
      user_id: move.userId,
      payout_id: move.payoutId,
      epoch_id: move.epochId,
      amount_units: move.units.toString(),
      created_at: move.at,
    })
    .execute();
}

/** The balance moves of one locked transaction (`trx`) on `dialect`. */
export function balanceMovesOn(trx: Executor, dialect: Dialect) {
  /** Takes `units` of the member's claimable payouts, oldest first, splitting the last one. */
  async function takeFromMember(account: string, userId: string, units: bigint, at: string) {
    // The same rows a claim takes (reward-claim-repository.ts), locked: a claim or a freeze of
    // this member waits for this transaction, and this one for theirs.
    const rows = await lockRows(
      dialect,
      trx
        .selectFrom('reward_payouts')
        .select(['id', 'epoch_id', sql<string>`cast(amount_units as text)`.as('amount_units')])
        .where('user_id', '=', userId)
        .where('claim_id', 'is', null)
        .where('hold', 'is', null)
        .where('amount_units', '>', 0)
        .orderBy('epoch_id')
        .orderBy('created_at')
        .orderBy('id'),
    ).execute();
    if (unitsOf(rows) < units) return false;
    let left = units;
    for (const row of rows) {
      if (left === 0n) break;
      const whole = BigInt(row.amount_units);
      const taken = whole < left ? whole : left;
      left -= taken;
      const escrowed = await trx
        .updateTable('reward_payouts')
        .set({ hold: 'escrowed', held_at: at })
        .where('id', '=', row.id)
        .where('claim_id', 'is', null)
        .where('hold', 'is', null)
        .executeTakeFirst();
      if (Number(escrowed.numUpdatedRows) !== 1) throw new Error('a payout moved while locked');
      const moveId = randomUUID();
      await insertMove(trx, {
        id: moveId,
        account,
        key: `from-payout:${row.id}`,
        direction: 'in',
        userId,
        payoutId: row.id,
        epochId: null,
        units: taken,
        at,
      });
      // The part not needed stays the member's: a new payout, traced to the move that split it.
      if (taken < whole) {
        await trx
          .insertInto('reward_payouts')
          .values({
            id: randomUUID(),
            epoch_id: row.epoch_id,
            user_id: userId,
            score: 0,
            amount_units: (whole - taken).toString(),
            carry_units: '0',
            created_at: at,
            claim_id: null,
            origin: 'change',
            source_move: moveId,
          })
          .execute();
      }
    }
    return true;
  }

  /** Takes `units` from the pool of the earliest undistributed epoch, when it holds them. */
  async function takeFromPool(account: string, units: bigint, at: string) {
    const epoch = await lockRows(
      dialect,
      trx
        .selectFrom('reward_epochs')
        .select(['id', sql<string>`cast(pool_units as text)`.as('pool')])
        .where('distributed_at', 'is', null)
        .orderBy('id')
        .limit(1),
    ).executeTakeFirst();
    if (!epoch || BigInt(epoch.pool) < units) return false;
    await trx
      .updateTable('reward_epochs')
      .set({ pool_units: sql`pool_units - ${units.toString()}` })
      .where('id', '=', epoch.id)
      .execute();
    await insertMove(trx, {
      id: randomUUID(),
      account,
      key: 'from-pool',
      direction: 'in',
      userId: null,
      payoutId: null,
      epochId: Number(epoch.id),
      units,
      at,
    });
    return true;
  }

  /** What `account` holds: everything moved in less everything moved out. */
  async function balanceOf(account: string): Promise<bigint> {
    const row = await trx
      .selectFrom('balance_moves')
      .select([
        sql<string>`cast(coalesce(sum(case when direction = 'in' then amount_units
          else -amount_units end), 0) as text)`.as('units'),
      ])
      .where('account', '=', account)
      .executeTakeFirstOrThrow();
    return BigInt(row.units);
  }

  return {
    /** The transaction itself, for the SQL of what the move is for (a bounty's own rows). */
    trx,

    /**
     * Moves `units` into `account` from the member's claimable balance or the pool; false (and
     * nothing moved) when it holds less.
     */
    async fund(account: string, from: BalanceSide, units: bigint, at: string): Promise<boolean> {
      return 'pool' in from
        ? takeFromPool(account, units, at)
        : takeFromMember(account, from.userId, units, at);
    },

    balanceOf,

    /** Whether `account` already made the move `key` (a move is made once). */
    async made(account: string, key: string): Promise<boolean> {
      const row = await trx
        .selectFrom('balance_moves')
        .select('id')
        .where('account', '=', account)
        .where('move_key', '=', key)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Moves `units` out of `account` to a new claimable payout of the member (frozen at once
     * while they are suspended, as a distribution's credit is: reward-holds.ts), or back to the
     * earliest undistributed pool. Returns the payout's id, or null for the pool.
     */
    async payOut(
      account: string,
      key: string,
      to: BalanceSide,
      units: bigint,
      origin: CreditOrigin,
      at: string,
    ): Promise<string | null> {
      // An account never pays out more than it holds: a broken rule above throws, and rolls
      // back whatever its transaction did.
      if ((await balanceOf(account)) < units) throw new Error(`${account} would be overdrawn`);
      const moveId = randomUUID();
      if ('pool' in to) {
        const epochId = await addToPool(trx, dialect, units);
        await insertMove(trx, {
          ...{ id: moveId, account, key, direction: 'out', userId: null, payoutId: null },
          epochId,
          units,
          at,
        });
        return null;
      }
      const latest = await trx
        .selectFrom('reward_epochs')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest) throw new Error('no reward epoch to credit a payout in');
      const suspended = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', to.userId)
        .where('suspended_until', '>', at)
        .executeTakeFirst();
      const payoutId = randomUUID();
      await trx
        .insertInto('reward_payouts')
        .values({
          id: payoutId,
          epoch_id: latest.id,
          user_id: to.userId,
          score: 0,
          amount_units: units.toString(),
          carry_units: '0',
          created_at: at,
          claim_id: null,
          hold: suspended ? 'frozen' : null,
          held_at: suspended ? at : null,
          origin,
          source_move: moveId,
        })
        .execute();
      await insertMove(trx, {
        ...{ id: moveId, account, key, direction: 'out', userId: to.userId, payoutId },
        epochId: null,
        units,
        at,
      });
      return payoutId;
    },
  };
}

/** Every move of `account`, in the order made (audits and tests). */
export async function movesOf(db: Executor, account: string): Promise<BalanceMove[]> {
  const rows = await db
    .selectFrom('balance_moves')
    .selectAll()
    .select(sql<string>`cast(amount_units as text)`.as('units'))
    .where('account', '=', account)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    account: row.account,
    key: row.move_key,
    direction: row.direction as 'in' | 'out',
    userId: row.user_id,
    payoutId: row.payout_id,
    epochId: row.epoch_id === null ? null : Number(row.epoch_id),
    units: BigInt(row.units),
    createdAt: row.created_at,
  }));
}
