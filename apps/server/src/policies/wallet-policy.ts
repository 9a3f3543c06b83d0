import { MESSAGES } from '@symposia/shared';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * Who may link, unlink and be paid to a wallet (issue 28; docs/ARCHITECTURE.md §4). A wallet is
 * linked to one member at a time, after that member proved they hold it (services/wallets/), and
 * reward claims pay only to the claimant's own linked wallets.
 */

/** The member asking, or null when signed out. */
export type WalletActor = { id: string } | null;

/**
 * May the member link this wallet? Signed out: 401. Linked to another member: 422 on `address`.
 * Already theirs: allowed (linking again changes nothing). A new one beyond `max`: 422.
 */
export function decideWalletLink(
  actor: WalletActor,
  facts: { linkedTo: string | null; linkedCount: number; max: number },
): Decision {
  if (actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  if (facts.linkedTo === actor.id) return ALLOW;
  if (facts.linkedTo !== null) return deny('invalid', MESSAGES.walletLinkedElsewhere, 'address');
  if (facts.linkedCount >= facts.max) {
    return deny('invalid', MESSAGES.tooManyWallets(facts.max), 'address');
  }
  return ALLOW;
}

/** May the member unlink it? Only their own: anyone else's, or none, is 404 to them. */
export function decideWalletUnlink(actor: WalletActor, linkedTo: string | null): Decision {
  if (actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  return linkedTo === actor.id ? ALLOW : deny('not-found', MESSAGES.walletNotLinked);
}

/** May a claim of the member pay to this address? Only to a wallet linked to them: else 422. */
export function decideClaimReceiver(actor: WalletActor, linkedTo: string | null): Decision {
  if (actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  return linkedTo === actor.id
    ? ALLOW
    : deny('invalid', MESSAGES.rewardClaimWalletNotLinked, 'address');
}
