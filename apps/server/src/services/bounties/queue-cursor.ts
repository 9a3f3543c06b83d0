import type { QueuePlace } from '../../repositories/index.js';
import { decodeCursor, encodeCursor } from '../comments/thread-cursor.js';
import { InvalidInputError } from '../errors.js';

/**
 * The paging cursor of the review queue (GET /reviews/open): whether the page's last post had an
 * open bounty and matched the reader's tags (two digits), then a thread cursor of its time and
 * sequence number (services/comments/thread-cursor.ts), whose base64url never holds the dot.
 * Opaque to clients; a cursor this server did not make is bad input (422), never a 500.
 */
export function encodeQueueCursor(place: QueuePlace | null): string | null {
  if (!place) return null;
  const keys = `${place.bounty ? 1 : 0}${place.matchesOwnTags ? 1 : 0}`;
  return `${keys}.${encodeCursor({ createdAt: place.createdAt, seq: place.seq })}`;
}

/** The place a cursor names; undefined cursor: the first page. Throws InvalidInputError. */
export function decodeQueueCursor(cursor: string | undefined): QueuePlace | null {
  if (cursor === undefined) return null;
  const match = /^([01])([01])\.(.+)$/.exec(cursor);
  const place = match ? decodeCursor(match[3]) : null;
  if (!match || !place) {
    throw new InvalidInputError([{ field: 'cursor', message: 'is not a cursor this API gave' }]);
  }
  return { bounty: match[1] === '1', matchesOwnTags: match[2] === '1', ...place };
}
