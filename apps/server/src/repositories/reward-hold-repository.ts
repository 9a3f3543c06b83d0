import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import { writeTransaction, type Dialect, type Executor } from './database.js';
import type { ActorRow } from './moderation-reads.js';
import { appendLog } from './moderation-repository.js';
import { addToPool, NoOpenEpoch, unitsOf } from './reward-holds.js';

export type RewardHoldRepository = ReturnType<typeof createRewardHoldRepository>;

/** A moderator's decision on a member's frozen rewards, as the log records it. */
export interface HoldDecision {
  userId: string;
  moderatorId: string;
  note: string;
  at: Date;
}

export type HoldOutcome =
  | { kind: 'released'; amountUnits: bigint }
  | { kind: 'forfeited'; amountUnits: bigint; poolEpochId: number }
  | { kind: 'nothing-frozen' }
  /** Every epoch opened is distributed: the caller opens the running one and asks again. */
  | { kind: 'no-open-epoch' };

/** A member whose rewards are frozen (GET /moderation/rewards/frozen). */
export interface FrozenBalance {
  user: ActorRow;
  amountUnits: bigint;
  /** When the oldest of the frozen payouts was frozen. */
  frozenAt: string;
  /** Null once the suspension is over. */
  suspendedUntil: string | null;
}

/**
 * What moderators decide on a suspended member's frozen rewards (issue 28; reward-holds.ts
 * freezes them): release them to the member, or forfeit them to the pool. Each is one write
 * transaction with its log row; a forfeit adds exactly the units it takes from the member to the
 * pool of the earliest epoch not yet distributed, so the next distribution splits them and no
 * token is counted twice or lost (the balance and the pools are the only bookkeeping).
 */
export function createRewardHoldRepository(db: AppDatabase, dialect: Dialect) {
  /** Takes the member's frozen payouts: marks them `hold` (null: released). Returns the units. */
  async function takeFrozen(trx: Executor, userId: string, hold: 'forfeited' | null, at: string) {
    const rows = await trx
      .updateTable('reward_payouts')
      .set({ hold, held_at: hold === null ? null : at })
      .where('user_id', '=', userId)
      .where('claim_id', 'is', null)
      .where('hold', '=', 'frozen')
      .returning(sql<string>`cast(amount_units as text)`.as('amount_units'))
      .execute();
    return unitsOf(rows);
  }

  const logEntry = (decision: HoldDecision) => ({
    moderatorId: decision.moderatorId,
    targetType: 'user' as const,
    targetId: decision.userId,
    note: decision.note,
    reportId: null,
    suspendedUntil: null,
    at: decision.at,
  });

  return {
    /** Makes the member's frozen payouts theirs again, logged. */
    async release(decision: HoldDecision): Promise<HoldOutcome> {
      return writeTransaction(db, dialect, async (trx) => {
        const units = await takeFrozen(trx, decision.userId, null, decision.at.toISOString());
        if (units === 0n) return { kind: 'nothing-frozen' as const };
        await appendLog(trx, {
          ...logEntry(decision),
          action: 'release_rewards',
          amountUnits: units,
        });
        return { kind: 'released' as const, amountUnits: units };
      });
    },

    /** Gives the member's frozen payouts back to the pool of the next distribution, logged. */
    async forfeit(decision: HoldDecision): Promise<HoldOutcome> {
      try {
        return await writeTransaction(db, dialect, async (trx) => {
          const at = decision.at.toISOString();
          const units = await takeFrozen(trx, decision.userId, 'forfeited', at);
          if (units === 0n) return { kind: 'nothing-frozen' as const };
          const poolEpochId = await addToPool(trx, dialect, units);
          await appendLog(trx, {
            ...logEntry(decision),
            action: 'forfeit_rewards',
            amountUnits: units,
          });
          return { kind: 'forfeited' as const, amountUnits: units, poolEpochId };
        });
      } catch (error) {
        if (error instanceof NoOpenEpoch) return { kind: 'no-open-epoch' };
        throw error;
      }
    },

    /** The members with frozen rewards, frozen longest first; suspensions as they stand `at`. */
    async frozenBalances(
      page: { skip: number; limit: number },
      at: string,
    ): Promise<FrozenBalance[]> {
      const rows = await db
        .selectFrom('reward_payouts')
        .innerJoin('users', 'users.id', 'reward_payouts.user_id')
        .select([
          'users.id',
          'users.username',
          'users.avatar',
          'users.suspended_until',
          sql<string>`cast(sum(reward_payouts.amount_units) as text)`.as('units'),
          sql<string>`min(reward_payouts.held_at)`.as('frozen_at'),
        ])
        .where('reward_payouts.hold', '=', 'frozen')
        .where('reward_payouts.claim_id', 'is', null)
        .groupBy(['users.id', 'users.username', 'users.avatar', 'users.suspended_until'])
        .orderBy(sql`min(reward_payouts.held_at)`)
        .orderBy('users.id')
        .limit(page.limit)
        .offset(page.skip)
        .execute();
      return rows.map((row) => ({
        user: { id: row.id, username: row.username, avatar: row.avatar },
        amountUnits: BigInt(row.units),
        frozenAt: row.frozen_at,
        suspendedUntil:
          row.suspended_until !== null && row.suspended_until > at ? row.suspended_until : null,
      }));
    },
  };
}
