import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Requests this process makes of itself (a server-rendered page's API reads, plugins/server-render.ts)
 * carry this header with a secret made at start-up, so no client can pass for one. They are part
 * of the page request that made them: the access log writes that request's line only.
 */
const HEADER = 'x-symposia-internal';
const SECRET = randomBytes(24).toString('base64url');

/** The headers that mark a request as made by this process of itself. */
export const INTERNAL_REQUEST_HEADERS: Readonly<Record<string, string>> = { [HEADER]: SECRET };

export function isInternalRequest(request: FastifyRequest): boolean {
  return request.headers[HEADER] === SECRET;
}
