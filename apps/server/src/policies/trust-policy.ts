import { MESSAGES, type UserRole } from '@symposia/shared';
import type { Actor } from './content-policy.js';
import { ALLOW, deny, type Decision } from './decision.js';
import { decideModeration } from './moderation-policy.js';

/**
 * Community trust (issue 28, docs/TRUST.md): who may mark a member trusted or untrusted, ask for a
 * recompute or read the down-weighted accounts — the moderators — and on whom.
 */

/**
 * Marking `target` (its role; null when no such account) trusted (`seed`) or untrusted. A
 * moderator is a seed by their role: marking one untrusted is refused (422), as suspending one is.
 */
export function decideTrustMark(
  actor: Actor,
  target: { role: UserRole } | null,
  seed: boolean,
): Decision {
  const moderator = decideModeration(actor);
  if (!moderator.allowed) return moderator;
  if (target === null) return deny('not-found', MESSAGES.userNotFound);
  if (!seed && target.role === 'moderator') {
    return deny('invalid', MESSAGES.moderatorAlwaysTrusted, 'seed');
  }
  return ALLOW;
}

/** Whether a member's trust is anchored by their role alone: the moderators are the first seeds. */
export const isTrustSeedByRole = (role: UserRole) => role === 'moderator';

/**
 * The weight of a member as a trust seed by their linked ORCID iD (issue 30, docs/TRUST.md):
 * TRUST_ORCID_SEED_WEIGHT when they linked one, else 0 (no seed by it). Their role or a
 * moderator's mark may make them a seed of weight 1 besides.
 */
export const orcidSeedWeight = (member: { orcidLinked: boolean }, weight: number): number =>
  member.orcidLinked && weight > 0 ? weight : 0;
