import type { RewardClaim } from '@symposia/shared';
import { formatTokenAmount } from '../chain/index.js';
import type { RewardClaimResult } from '../services/rewards/claim-service.js';

/** A paid claim: receiving address, amount in tokens (decimal text), transaction and time. */
export function presentRewardClaim(claim: RewardClaimResult): RewardClaim {
  return {
    address: claim.address,
    amount: formatTokenAmount(claim.units),
    signature: claim.signature,
    time: claim.time,
    explorer_url: claim.explorerUrl,
  };
}
