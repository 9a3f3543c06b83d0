import type { BalanceMoves, BalanceSide } from '../../repositories/ledger-balances.js';
import type { LedgerRepository } from '../../repositories/ledger-repository.js';
import { REWARD_KIND } from '../../repositories/reward-claim-repository.js';

/**
 * Balance moves: the ledger's discipline for units that move inside the platform (a bounty's
 * escrow, its awards and its refund) rather than leave the faucet's account. A member's claimable
 * balance is their payouts; a move takes from it (or from the pool of the earliest undistributed
 * epoch) into an account such as `bounty:<id>`, and pays out of that account as new payouts (or
 * back to a pool). Each move is a row, made once per (account, key), in one transaction locked
 * per scope: the member's, shared with their claims (a claim and an escrow of one balance take
 * turns), or the account's own. Nothing goes on chain until the payout's member claims it, as
 * the `reward` kind (claim-service.ts).
 */
export type BalanceLedger = ReturnType<typeof createBalanceLedger>;
export type { BalanceMoves, BalanceSide };

export function createBalanceLedger(deps: { transfers: LedgerRepository }) {
  return {
    /** The lock of a member's balance: the same their claims take. */
    memberScope: (userId: string) => `${REWARD_KIND}:${userId}`,
    /** The lock of the operator's pool, taken by moves from it. */
    poolScope: 'pool',
    /** Runs `work` with the moves, in one transaction locked per `scope`. */
    within: <T>(scope: string, work: (moves: BalanceMoves) => Promise<T>): Promise<T> =>
      deps.transfers.balances(scope, work),
  };
}
