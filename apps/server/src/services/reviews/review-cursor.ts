import { MESSAGES } from '@symposia/shared';
import type { ReviewPlace } from '../../repositories/index.js';
import { InvalidInputError } from '../errors.js';

/**
 * The paging cursor of a member's reviews (GET /users/{id}/reviews): the time and id of a page's
 * last review, base64url-encoded. Opaque to clients; a cursor this server did not make is bad
 * input (422), never a 500.
 */
export function encodeReviewCursor(place: ReviewPlace | null): string | null {
  if (!place) return null;
  return Buffer.from(`${place.createdAt}|${place.id}`, 'utf8').toString('base64url');
}

const PLACE = /^(\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)\|([A-Za-z0-9-]{1,64})$/;

/** The place a cursor names; undefined cursor: the first page. Throws InvalidInputError. */
export function decodeReviewCursor(cursor: string | undefined): ReviewPlace | null {
  if (cursor === undefined) return null;
  const match = PLACE.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) {
    throw new InvalidInputError([{ field: 'cursor', message: MESSAGES.invalidCursor }]);
  }
  return { createdAt: match[1]!, id: match[2]! };
}
