import { MESSAGES } from '@symposia/shared';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * Ending one session (DELETE /auth/sessions/{id}): a member ends only their own. Another
 * member's session, or one unknown or already ended, is 404 alike, so a session id tells nobody
 * whether it exists.
 */
export function decideSessionEnd(
  member: { id: string },
  session: { userId: string } | undefined,
): Decision {
  if (session === undefined || session.userId !== member.id) {
    return deny('not-found', MESSAGES.sessionNotFound);
  }
  return ALLOW;
}
