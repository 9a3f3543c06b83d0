import { shareCapUnits, type RewardPayout } from '../../domain/reward.js';

/**
 * How an ended epoch's pool is split (issue 16), as a pure function of the scores: integers of the
 * token's smallest unit throughout, so the sum paid never exceeds the pool and what rounding
 * leaves is counted, not lost.
 *
 * 1. Each member's carry — an earlier amount below REWARD_MIN_PAYOUT — is set aside from the pool
 *    first: it was earned before and is paid with this epoch's share.
 * 2. The rest is split in proportion to the scores, no member's share plus carry above
 *    REWARD_MAX_SHARE of the pool: a member over the cap gets the cap, and what that frees is
 *    split again among the others (until nobody is over), each share rounded down.
 * 3. A member's share plus carry below REWARD_MIN_PAYOUT is credited 0 and carried on whole.
 * 4. The remainder — rounding, and what the cap left when everybody reached it — is recorded.
 *
 * So for every epoch: pool = remainder + Σ credited + Σ carried on, and Σ credited ≤ pool.
 */

export interface DistributionInput {
  poolUnits: bigint;
  /** REWARD_MAX_SHARE: the largest part of the pool one member is credited, in (0, 1]. */
  maxShare: number;
  minPayoutUnits: bigint;
  /** Member → score; members scoring 0 or less get nothing and are left out. */
  scores: ReadonlyMap<string, number>;
  /** Member → units carried from their last payout (scoring members only are paid theirs). */
  carries: ReadonlyMap<string, bigint>;
}

export interface Distribution {
  /** One per member with a positive score, by user id. */
  payouts: RewardPayout[];
  /** The pool's units neither credited nor carried on. */
  remainderUnits: bigint;
}

/** Scores are compared as integers: millionths of a point are exact enough for any weight. */
const SCORE_SCALE = 1_000_000;
// The share cap is a plain rule config.ts checks REWARD_MIN_PAYOUT against: domain/reward.ts.
export { shareCapUnits };

/**
 * Splits `pool` in proportion to `weights`, nobody above their `capacity`, by water-filling:
 * whoever the proportional split would put over their capacity gets exactly that, and the rest is
 * split again among the others. Exact integer arithmetic; each share rounds down.
 */
function cappedSplit(
  pool: bigint,
  weights: ReadonlyMap<string, bigint>,
  capacity: ReadonlyMap<string, bigint>,
): Map<string, bigint> {
  const shares = new Map<string, bigint>();
  const open = new Set([...weights.keys()]);
  let rest = pool;
  for (;;) {
    let total = 0n;
    for (const id of open) total += weights.get(id) ?? 0n;
    if (total === 0n) break;
    const capped = [...open].filter(
      (id) => rest * (weights.get(id) ?? 0n) > (capacity.get(id) ?? 0n) * total,
    );
    if (capped.length === 0) {
      for (const id of open) shares.set(id, (rest * (weights.get(id) ?? 0n)) / total);
      break;
    }
    for (const id of capped) {
      const cap = capacity.get(id) ?? 0n;
      shares.set(id, cap);
      rest -= cap;
      open.delete(id);
    }
  }
  return shares;
}

export function distribute(input: DistributionInput): Distribution {
  const scored = [...input.scores.entries()]
    .filter(([, score]) => Number.isFinite(score) && score > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const carryOf = (id: string) => {
    const carry = input.carries.get(id) ?? 0n;
    return carry > 0n ? carry : 0n;
  };
  const carried = scored.reduce((sum, [id]) => sum + carryOf(id), 0n);

  // Carries beyond the whole pool (a smaller pool configured since): nothing new is split, and
  // every carry moves on unchanged, so the pool still covers what is credited.
  if (carried > input.poolUnits) {
    return {
      payouts: scored.map(([userId, score]) => ({
        userId,
        score,
        amountUnits: 0n,
        carryUnits: carryOf(userId),
      })),
      remainderUnits: input.poolUnits,
    };
  }

  const cap = shareCapUnits(input.poolUnits, input.maxShare);
  const weights = new Map<string, bigint>();
  const capacity = new Map<string, bigint>();
  for (const [id, score] of scored) {
    weights.set(id, BigInt(Math.max(1, Math.round(score * SCORE_SCALE))));
    const room = cap - carryOf(id);
    capacity.set(id, room > 0n ? room : 0n);
  }
  const shares = cappedSplit(input.poolUnits - carried, weights, capacity);

  let handedOut = 0n;
  const payouts = scored.map(([userId, score]): RewardPayout => {
    const due = (shares.get(userId) ?? 0n) + carryOf(userId);
    handedOut += due;
    return due >= input.minPayoutUnits && due > 0n
      ? { userId, score, amountUnits: due, carryUnits: 0n }
      : { userId, score, amountUnits: 0n, carryUnits: due };
  });
  return { payouts, remainderUnits: input.poolUnits - handedOut };
}
