import { MESSAGES } from '@symposia/shared';
import { formatClaimTime } from '../domain/claim-time.js';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * Who may claim contribution rewards (docs/ARCHITECTURE.md §4). A gate against fresh accounts,
 * as ResearchHub's withdrawals have: the account must be REWARD_MIN_CLAIM_AGE_SECONDS old.
 */

/** A member claiming: their account's age decides whether they may yet. */
export type Claimant = { createdAt: string } | null;

/** When the account becomes old enough to claim (ms since the epoch). */
export function claimAllowedFrom(createdAt: string, minAccountAgeSeconds: number): number {
  return Date.parse(createdAt) + minAccountAgeSeconds * 1000;
}

/**
 * May the member claim now? Signed out: 401. An account younger than `minAccountAgeSeconds`: 403,
 * telling the time from which it may (rounded up to the minute, so "after" it is true).
 */
export function decideRewardClaim(
  claimant: Claimant,
  rules: { at: Date; minAccountAgeSeconds: number },
): Decision {
  if (claimant === null) return deny('sign-in', MESSAGES.notAuthenticated);
  const from = claimAllowedFrom(claimant.createdAt, rules.minAccountAgeSeconds);
  return rules.at.getTime() < from
    ? deny('forbidden', MESSAGES.rewardClaimTooEarly(formatClaimTime(from)))
    : ALLOW;
}
