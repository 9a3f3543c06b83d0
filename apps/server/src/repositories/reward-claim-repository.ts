import { sql } from 'kysely';
import { sqlOf, type LedgerTransaction } from './ledger-repository.js';
import type { Dialect } from './database.js';

/**
 * What a reward claim links to its ledger row (`token_transfers` of kind `reward`): the payouts
 * it takes (`reward_payouts.claim_id`, migrations 0010 and 0011). Everything runs inside the
 * ledger's transactions (services/ledger/): the payouts are taken in the one that reserves the
 * claim, and given back in the one that releases it.
 */

/** The ledger's kind of the claims' rows (services/rewards/claim-service.ts declares it). */
export const REWARD_KIND = 'reward';

/** A credited payout no claim has taken yet. */
export interface UnclaimedPayout {
  id: string;
  epochId: number;
  units: bigint;
}

export type RewardClaimRepository = ReturnType<typeof createRewardClaimRepository>;

export function createRewardClaimRepository(dialect: Dialect) {
  return {
    /**
     * The member's credited, unclaimed payouts (amount > 0) without a hold (a frozen or forfeited
     * one is not theirs to claim: reward-holds.ts), locked until the transaction ends.
     */
    async unclaimedPayouts(ledger: LedgerTransaction, userId: string): Promise<UnclaimedPayout[]> {
      // Rows rather than a sum: FOR UPDATE locks rows (a few per epoch: migration 0026).
      // Amounts are read as text so that no driver rounds them through a float.
      const query = sqlOf(ledger)
        .selectFrom('reward_payouts')
        .select(['id', 'epoch_id', sql<string>`cast(amount_units as text)`.as('units')])
        .where('user_id', '=', userId)
        .where('claim_id', 'is', null)
        .where('hold', 'is', null)
        .orderBy('epoch_id')
        .orderBy('created_at')
        .orderBy('id');
      const rows = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
      return rows
        .map((row) => ({ id: row.id, epochId: Number(row.epoch_id), units: BigInt(row.units) }))
        .filter((payout) => payout.units > 0n);
    },

    /** The member's frozen balance: what a claim may not take until a moderator releases it. */
    async frozenUnits(ledger: LedgerTransaction, userId: string): Promise<bigint> {
      const row = await sqlOf(ledger)
        .selectFrom('reward_payouts')
        .select(sql<string>`cast(coalesce(sum(amount_units), 0) as text)`.as('units'))
        .where('user_id', '=', userId)
        .where('claim_id', 'is', null)
        .where('hold', '=', 'frozen')
        .executeTakeFirstOrThrow();
      return BigInt(row.units);
    },

    /** Marks the member's payouts `payoutIds` as taken by the claim `claimId`, just inserted. */
    async takePayouts(
      ledger: LedgerTransaction,
      claim: { id: string; userId: string },
      payoutIds: string[],
    ): Promise<void> {
      const result = await sqlOf(ledger)
        .updateTable('reward_payouts')
        .set({ claim_id: claim.id })
        .where('user_id', '=', claim.userId)
        .where('id', 'in', payoutIds)
        .where('claim_id', 'is', null)
        .where('hold', 'is', null)
        .executeTakeFirst();
      // The rows were locked (or the database was): this only fails on a broken invariant, and
      // throwing rolls the claim back with it.
      if (Number(result.numUpdatedRows) !== payoutIds.length) {
        throw new Error('a payout was claimed while it was locked');
      }
    },

    /** Gives a released claim's payouts back: claimable again (the reward kind's release). */
    async givePayoutsBack(ledger: LedgerTransaction, claimId: string): Promise<void> {
      await sqlOf(ledger)
        .updateTable('reward_payouts')
        .set({ claim_id: null })
        .where('claim_id', '=', claimId)
        .execute();
    },
  };
}
