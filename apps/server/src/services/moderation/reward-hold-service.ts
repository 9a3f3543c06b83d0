import {
  MESSAGES,
  type FrozenRewardsQuery,
  type RewardHoldBody,
  type RewardHoldParams,
} from '@symposia/shared';
import type { User } from '../../domain/user.js';
import { decideModeration, decideRewardHold } from '../../policies/index.js';
import type {
  FrozenBalance,
  HoldOutcome,
  RewardHoldRepository,
  UserRepository,
} from '../../repositories/index.js';
import { authorize } from '../authorize.js';
import type { Clock } from '../clock.js';
import { ConflictError } from '../errors.js';

export type RewardHoldService = ReturnType<typeof createRewardHoldService>;

/** What a release or a forfeit did. */
export interface HoldDone {
  action: RewardHoldBody['action'];
  amountUnits: bigint;
  /** With a forfeit: the epoch whose pool took the tokens. */
  poolEpochId: number | null;
}

/** Forfeits asked again when a distribution took the epoch they were adding to (a rare race). */
const FORFEIT_ATTEMPTS = 3;

/**
 * A suspended member's frozen rewards (issue 28; repositories/reward-holds.ts freezes them when
 * the member is suspended, and what is credited while they are): the moderators list them and
 * release or forfeit each member's.
 *
 * Release makes the frozen payouts the member's again: claimable as any balance, whenever the
 * member may sign in — at once when the suspension is over, else when it ends (a suspended
 * member has no session, so none claims meanwhile). What is credited while they remain
 * suspended is frozen again. Forfeit gives the frozen units back to the pool of the next
 * distribution (the earliest epoch not yet distributed), in the transaction that takes them.
 */
export function createRewardHoldService(deps: {
  holds: RewardHoldRepository;
  users: UserRepository;
  /** Opens the running epoch if the clock passed the last (services/rewards: currentEpoch). */
  openEpoch: () => Promise<unknown>;
  now: Clock;
}) {
  const { holds, users, now } = deps;

  return {
    /**
     * POST /moderation/users/{id}/rewards: 404 unknown member, 409 nothing frozen; the log
     * records the decision with the amount.
     */
    async decide(user: User, params: RewardHoldParams, body: RewardHoldBody): Promise<HoldDone> {
      authorize(decideModeration(user));
      const member = await users.findById(params.id);
      authorize(decideRewardHold(user, member));
      const decision = { userId: params.id, moderatorId: user.id, note: body.note, at: now() };
      let outcome: HoldOutcome = { kind: 'no-open-epoch' };
      if (body.action === 'release') {
        outcome = await holds.release(decision);
      } else {
        for (let attempt = 0; attempt < FORFEIT_ATTEMPTS; attempt += 1) {
          await deps.openEpoch();
          outcome = await holds.forfeit(decision);
          if (outcome.kind !== 'no-open-epoch') break;
        }
      }
      switch (outcome.kind) {
        case 'nothing-frozen':
          throw new ConflictError(MESSAGES.nothingFrozen);
        case 'no-open-epoch':
          throw new Error('no undistributed reward epoch could take the forfeited tokens');
        case 'released':
          return { action: 'release', amountUnits: outcome.amountUnits, poolEpochId: null };
        case 'forfeited':
          return {
            action: 'forfeit',
            amountUnits: outcome.amountUnits,
            poolEpochId: outcome.poolEpochId,
          };
      }
    },

    /** GET /moderation/rewards/frozen: the members whose rewards are frozen. */
    async frozen(user: User, query: FrozenRewardsQuery): Promise<FrozenBalance[]> {
      authorize(decideModeration(user));
      return holds.frozenBalances(query, now().toISOString());
    },
  };
}
