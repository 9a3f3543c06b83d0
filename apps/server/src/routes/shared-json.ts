import { createHash } from 'node:crypto';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chargeCachedBytes } from '../services/memory-cache.js';

/**
 * A JSON answer that many callers receive alike (a long public comment thread, say), serialized
 * once and, from its second use, gzipped once in the background: a hot answer then costs a buffer
 * write per request instead of a serialization, and a fraction of the bytes on the wire.
 */
interface SharedJson {
  body: Buffer;
  etag: string;
  gzipped: Buffer | null;
  uses: number;
}

// Answers smaller than this gain too little from compression to be worth a second copy.
const GZIP_MIN_BYTES = 1024;

const prepared = new WeakMap<object, SharedJson>();

/**
 * Sends `value` as JSON through `present`, serializing it only the first time this very object is
 * sent: callers pass the instance a cache hands out, so every hit on the cache reuses the bytes.
 * Honours `If-None-Match` (304) and `Accept-Encoding: gzip`.
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
    entry = { body, etag: `W/"${digest}"`, gzipped: null, uses: 0 };
    prepared.set(value, entry);
    // The bytes live as long as the value: the public cache's budget counts them with it.
    chargeCachedBytes(value, body.length);
  }
  entry.uses += 1;
  // One-off answers never pay for compression; the second use starts it, off the event loop.
  if (entry.uses === 2 && entry.body.length >= GZIP_MIN_BYTES) compressLater(value, entry);

  reply
    .type('application/json; charset=utf-8')
    .header('etag', entry.etag)
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  if (entry.gzipped && acceptsGzip(request.headers['accept-encoding'])) {
    return reply.header('content-encoding', 'gzip').send(entry.gzipped);
  }
  return reply.send(entry.body);
}

/** Sends JSON text a presenter serialized itself (one that reuses the parts it shares). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

function compressLater(value: object, entry: SharedJson): void {
  gzip(entry.body, (error, result) => {
    // Without a compressed copy the plain one is still right; nothing to report.
    if (error) return;
    entry.gzipped = result;
    chargeCachedBytes(value, result.length);
  });
}

/** Whether `Accept-Encoding` admits gzip (q > 0), directly or through `*`. */
function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip') return allowed;
    if (name.trim() === '*') star = allowed;
  }
  return star;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === bare);
}
