import { address as toAddress, isAddress, type Address } from '@solana/kit';
import { MESSAGES, type ClaimRewardsBody } from '@symposia/shared';
import { formatTokenAmount } from '../../chain/index.js';
import type { User } from '../../domain/user.js';
import { decideClaimReceiver, decideRewardClaim } from '../../policies/index.js';
import { authorize } from '../authorize.js';
import type { TokenTransfer } from '../../repositories/ledger-repository.js';
import {
  REWARD_KIND,
  type RewardClaimRepository,
} from '../../repositories/reward-claim-repository.js';
import type { Clock } from '../clock.js';
import { ForbiddenError, InvalidInputError } from '../errors.js';
import type { Ledger, TransferKind, TransferResult } from '../ledger/index.js';

/** A paid claim: where the tokens went, how many, by which transaction and when. */
export type RewardClaimResult = TransferResult;

export interface RewardClaimSettings {
  /** REWARD_MIN_CLAIM_AGE_SECONDS: how old an account must be to claim. */
  minClaimAgeSeconds: number;
  /** REWARD_MIN_CLAIM in the token's smallest unit: the smallest balance a claim pays. */
  minClaimUnits: bigint;
}

export type RewardClaimService = ReturnType<typeof createRewardClaimService>;

/**
 * Reward claims' kind of ledger transfer (services/ledger/): a claim takes the member's payouts
 * (`reward_payouts.claim_id`) when it is reserved, and a release gives them back.
 */
export function rewardTransfers(claims: RewardClaimRepository): TransferKind {
  return {
    name: REWARD_KIND,
    memo: 'symposia-reward',
    messages: { disabled: MESSAGES.rewardClaimsDisabled, pending: MESSAGES.rewardClaimPending },
    release: claims.givePayoutsBack,
  };
}

/**
 * What a claim's reservation answers: a balance below the minimum, a balance frozen while the
 * moderators decide (issue 28), or the new row.
 */
type Reservation = { belowMinimum: bigint } | { frozen: bigint } | { created: TokenTransfer };

/**
 * Claiming contribution rewards: the member's whole claimable balance (every credited payout no
 * claim has taken) is paid to one address with the faucet's transfer, through the one ledger
 * (services/ledger/: reserved before anything is sent, a retried request_id answered with the
 * first result, a failure that certainly sent nothing released with its payouts).
 */
export function createRewardClaimService(deps: {
  /** The one ledger of outgoing transfers; the claims' kind is declared on it here. */
  ledger: Ledger;
  claims: RewardClaimRepository;
  /** Linked wallets (services/wallets/): a claim pays only to one of the member's. */
  wallets: { ownerOf(address: string): Promise<string | null> };
  settings: RewardClaimSettings;
  now: Clock;
}) {
  const { claims, settings, now } = deps;
  const transfers = deps.ledger.kind(rewardTransfers(claims));

  /**
   * The receiving address, as the faucet checks it; it must then be a wallet the member linked
   * (issue 28), which the web app offers to choose from.
   */
  function receiverOf(body: ClaimRewardsBody): Address {
    const text = body.address?.trim() ?? '';
    if (!text) {
      throw new InvalidInputError([{ field: 'address', message: MESSAGES.enterReceivingAddress }]);
    }
    if (!isAddress(text)) {
      throw new InvalidInputError([{ field: 'address', message: MESSAGES.invalidSolanaAddress }]);
    }
    return toAddress(text);
  }

  return {
    /**
     * The member claims everything claimable. 403 while the account is younger than
     * REWARD_MIN_CLAIM_AGE_SECONDS (with the time it may), 422 for a bad address, one that is not
     * a wallet linked to the member, or a balance below REWARD_MIN_CLAIM (with both amounts). The same request_id again returns the first
     * answer and never pays twice; concurrent claims of one member pay once.
     */
    async claim(user: User, body: ClaimRewardsBody): Promise<RewardClaimResult> {
      transfers.chain();
      const receiver = receiverOf(body);
      authorize(
        decideRewardClaim(user, { at: now(), minAccountAgeSeconds: settings.minClaimAgeSeconds }),
      );
      // Paid only to a wallet the member proved they hold: anything else is 422.
      authorize(decideClaimReceiver(user, await deps.wallets.ownerOf(receiver)));
      const requestId = body.request_id.trim();

      // Claims whose answer was lost long ago: settled first, so that what they reserved and
      // never paid is claimable again.
      for (const stale of await transfers.pendingOf(user.id)) {
        if (stale.requestId !== requestId) await transfers.settle(stale);
      }

      // A member's claims take turns (their payouts are locked too): two of them pay once.
      const ask = { userId: user.id, requestId, lock: `${REWARD_KIND}:${user.id}` };
      const reserved = await transfers.reserve(ask, async (reserving): Promise<Reservation> => {
        const payouts = await claims.unclaimedPayouts(reserving.ledger, user.id);
        const units = payouts.reduce((sum, payout) => sum + payout.units, 0n);
        if (units === 0n || units < settings.minClaimUnits) {
          const frozen = await claims.frozenUnits(reserving.ledger, user.id);
          return frozen > 0n ? { frozen } : { belowMinimum: units };
        }
        const claim = await reserving.insert({ address: receiver, amountUnits: units });
        await claims.takePayouts(
          reserving.ledger,
          claim,
          payouts.map((payout) => payout.id),
        );
        return { created: claim };
      });

      if ('first' in reserved) {
        // The same id for another address is a client bug or a probe: it gets neither the
        // first claim's answer nor a second payment.
        if (reserved.first.address !== receiver) {
          throw new InvalidInputError([
            { field: 'request_id', message: MESSAGES.rewardClaimRequestIdReused },
          ]);
        }
        return transfers.replay(reserved.first);
      }
      if ('frozen' in reserved.answer) {
        throw new ForbiddenError(MESSAGES.rewardsFrozen(formatTokenAmount(reserved.answer.frozen)));
      }
      if ('belowMinimum' in reserved.answer) {
        throw new InvalidInputError([
          {
            field: 'claimable',
            message: MESSAGES.rewardClaimBelowMinimum(
              formatTokenAmount(settings.minClaimUnits),
              formatTokenAmount(reserved.answer.belowMinimum),
            ),
          },
        ]);
      }
      return transfers.pay(reserved.answer.created);
    },
  };
}
