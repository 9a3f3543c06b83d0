import { MESSAGES, type UserSettings } from '@symposia/shared';
import type { Reader } from './content-policy.js';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * Whether a section of a member's profile is shown to `reader`: the member sees all of their own;
 * anyone else only the sections whose public_* setting is on. The posts, activity and counts a
 * shown section lists are those the reader may see (repositories/visibility.ts), so another
 * member's private posts never appear in them.
 */
export function profileSectionShown(
  reader: Reader,
  owner: { id: string; settings: UserSettings },
  section: keyof UserSettings,
): boolean {
  return reader?.id === owner.id || owner.settings[section];
}

/**
 * May `actor` change the profile named by `userId` (the /modify/* calls)? Only their own: an
 * absent `userId` means their own, one naming anyone else is refused.
 */
export function decideProfileChange(actor: { id: string }, userId: string | undefined): Decision {
  return userId === undefined || userId === actor.id
    ? ALLOW
    : deny('forbidden', MESSAGES.notYourProfile);
}
