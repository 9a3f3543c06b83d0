import { MESSAGES } from '@symposia/shared';
import type { LinkRefusal } from '../../repositories/index.js';
import { InvalidInputError } from '../errors.js';
import { hashAccessToken, looksLikeAccessToken } from './tokens.js';

/**
 * The tokens of links sent by email (issue 30) are made as access tokens are (256 random bits,
 * URL-safe; services/mail/mail-sender.ts) and stored the same way, as their SHA-256. A value that
 * cannot be one is refused without asking the database: null.
 */
export function linkTokenHash(token: string): string | null {
  return looksLikeAccessToken(token) ? hashAccessToken(token) : null;
}

const REFUSALS: Record<LinkRefusal, string> = {
  invalid: MESSAGES.emailLinkInvalid,
  expired: MESSAGES.emailLinkExpired,
  used: MESSAGES.emailLinkUsed,
  outdated: MESSAGES.emailLinkOutdated,
};

/** A link refused, as the 422 that names its token and says why in the reader's terms. */
export function refusedLink(reason: LinkRefusal): InvalidInputError {
  return new InvalidInputError([{ field: 'token', message: REFUSALS[reason] }]);
}
