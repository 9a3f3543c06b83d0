import type { ThreadPlace } from '../../repositories/index.js';
import { InvalidInputError } from '../errors.js';

/**
 * The paging cursor of a thread (GET /comments/post/{id}/roots, GET /comments/{id}/replies): the
 * place of the last comment of a page, its time and its sequence number, base64url-encoded.
 * Opaque to clients; a cursor this server did not make is bad input (422), never a 500.
 */
export function encodeCursor(place: ThreadPlace | null): string | null {
  if (!place) return null;
  return Buffer.from(`${place.createdAt}|${place.seq}`, 'utf8').toString('base64url');
}

const PLACE = /^(\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)\|(\d{1,15})$/;

/** The place a cursor names; undefined cursor: the first page. Throws InvalidInputError. */
export function decodeCursor(cursor: string | undefined, field = 'cursor'): ThreadPlace | null {
  if (cursor === undefined) return null;
  const match = PLACE.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new InvalidInputError([{ field, message: 'is not a cursor this API gave' }]);
  return { createdAt: match[1]!, seq: Number(match[2]) };
}
