import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendSharedBody } from '../plugins/compress-json.js';
import { chargeCachedBytes } from '../services/memory-cache.js';

/**
 * A JSON answer that many callers receive alike (a long public comment thread, say), serialized
 * once and, from its second use, compressed once per encoding (br and gzip) in the background: a
 * hot answer then costs a buffer write per request instead of a serialization, and a fraction of
 * the bytes on the wire.
 */
interface SharedJson {
  body: Buffer;
  etag: string;
}

const prepared = new WeakMap<object, SharedJson>();

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Sends `value` as JSON through `present`, serializing it only the first time this very object is
 * sent: callers pass the instance a cache hands out, so every hit on the cache reuses the bytes.
 * Honours `If-None-Match` (304) and `Accept-Encoding` (br or gzip, by q-value).
 */
export function sendSharedJson<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  value: T,
  present: (value: T) => unknown,
): FastifyReply {
  let entry = prepared.get(value);
  if (!entry) {
    const body = Buffer.from(JSON.stringify(present(value)));
    const digest = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    entry = { body, etag: `W/"${digest}"` };
    prepared.set(value, entry);
    // The bytes live as long as the value: the public cache's budget counts them with it.
    chargeCachedBytes(value, body.length);
  }

  reply.type(JSON_TYPE).header('etag', entry.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return sendSharedBody(request, reply, value, entry.body);
}

/**
 * Sends kept JSON bytes (a shared page, a member's page with their likes written in): the same
 * Buffer for every read while it is kept, so from its second use it goes out compressed once per
 * encoding rather than on every request (plugins/compress-json.ts).
 */
export function sendKeptJson(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
): FastifyReply {
  return sendSharedBody(request, reply.type(JSON_TYPE), body, body);
}

/**
 * Sends JSON a presenter serialized itself (one that reuses the parts it shares, or kept bytes),
 * with the headers the route's serializer would have given it.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(json);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === bare);
}
