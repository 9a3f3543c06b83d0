import type { TrustLevel } from '@symposia/shared';

/**
 * Community trust (issue 28, docs/TRUST.md) as the services, policies and repositories share it:
 * a score in [0, 1] kept as whole millionths, and the level shown for it.
 */

/** Trust is stored and summed as whole millionths: exact in SQL and in JavaScript alike. */
export const TRUST_SCALE = 1_000_000;

/** The scores from which a member is at level 1, 2 and 3 (TRUST_LEVEL_BASIC/MEMBER/TRUSTED). */
export interface TrustThresholds {
  basic: number;
  member: number;
  trusted: number;
}

/** 0 new, 1 basic, 2 member, 3 trusted: what anyone is shown of a member's trust. */
export function trustLevelOf(units: number, thresholds: TrustThresholds): TrustLevel {
  const score = units / TRUST_SCALE;
  if (score >= thresholds.trusted) return 3;
  if (score >= thresholds.member) return 2;
  if (score >= thresholds.basic) return 1;
  return 0;
}
