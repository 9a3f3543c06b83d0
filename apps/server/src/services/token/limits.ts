import type { FaucetLimits } from '../../chain/index.js';
import type {
  FaucetReservation,
  FaucetScope,
  FaucetUsageByScope,
} from '../../repositories/faucet-repository.js';

/** Every limit is over a rolling 24 hours. */
export const FAUCET_WINDOW_MS = 24 * 60 * 60 * 1000;

/** One limit: at most `max` token units, or `max` requests, per key of `scope` in the window. */
export interface LimitRule {
  scope: FaucetScope;
  measure: 'units' | 'count';
  max: bigint;
}

export function limitRules(limits: FaucetLimits): LimitRule[] {
  return [
    { scope: 'user', measure: 'units', max: limits.perUserDaily },
    { scope: 'user', measure: 'count', max: BigInt(limits.requestsPerUserDaily) },
    { scope: 'address', measure: 'units', max: limits.perAddressDaily },
    { scope: 'ip', measure: 'units', max: limits.perIpDaily },
    { scope: 'ip', measure: 'count', max: BigInt(limits.requestsPerIpDaily) },
    { scope: 'global', measure: 'units', max: limits.globalDaily },
    { scope: 'global', measure: 'count', max: BigInt(limits.requestsGlobalDaily) },
  ];
}

const weight = (rule: LimitRule, units: bigint) => (rule.measure === 'units' ? units : 1n);

/** The rules a request of `units` would break, given what is already reserved or paid. */
export function brokenRules(
  rules: LimitRule[],
  usage: FaucetUsageByScope,
  units: bigint,
): LimitRule[] {
  return rules.filter((rule) => {
    const used =
      rule.measure === 'units' ? usage[rule.scope].units : BigInt(usage[rule.scope].count);
    return used + weight(rule, units) > rule.max;
  });
}

/**
 * When a refused request of `units` would fit this rule again, if nothing else were asked in the
 * meantime: the reservations leave the window oldest first, each at its time + 24 h. Since
 * FAUCET_MAX_PER_REQUEST is at most every daily cap, an empty window always fits.
 */
export function nextFitAt(
  rule: LimitRule,
  reservations: FaucetReservation[],
  units: bigint,
): number {
  let used = reservations.reduce((sum, entry) => sum + weight(rule, entry.units), 0n);
  for (const entry of reservations) {
    used -= weight(rule, entry.units);
    if (used + weight(rule, units) <= rule.max) {
      return Date.parse(entry.createdAt) + FAUCET_WINDOW_MS;
    }
  }
  // Only reachable if the rows changed between the two reads; the newest row's expiry is safe.
  const newest = reservations[reservations.length - 1];
  return newest ? Date.parse(newest.createdAt) + FAUCET_WINDOW_MS : 0;
}

// Policies tell people this time too (policies/reward-policy.ts): domain/claim-time.ts.
export { formatClaimTime } from '../../domain/claim-time.js';
