import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_MIN_BYTES } from '../plugins/compress-json.js';
import { type ContentEncoding, negotiateEncoding } from '../plugins/content-encoding.js';
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
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  uses: number;
}

// Compressed once for many readers, so better than per-request answers get; 11 would cost several
// times the CPU for a percent or two.
const BROTLI_SHARED_QUALITY = 9;
const GZIP_SHARED_LEVEL = 9;

const prepared = new WeakMap<object, SharedJson>();

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
    entry = { body, etag: `W/"${digest}"`, encoded: {}, uses: 0 };
    prepared.set(value, entry);
    // The bytes live as long as the value: the public cache's budget counts them with it.
    chargeCachedBytes(value, body.length);
  }
  entry.uses += 1;
  // One-off answers never pay for a kept copy (plugins/compress-json.ts compresses them cheaply);
  // the second use starts it, off the event loop.
  if (entry.uses === 2 && entry.body.length >= COMPRESS_MIN_BYTES) compressLater(value, entry);

  reply
    .type('application/json; charset=utf-8')
    .header('etag', entry.etag)
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const encoded = encoding ? entry.encoded[encoding] : undefined;
  if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
  return reply.send(entry.body);
}

/** Sends JSON text a presenter serialized itself (one that reuses the parts it shares). */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

function compressLater(value: object, entry: SharedJson): void {
  const keep = (encoding: ContentEncoding) => (error: Error | null, result: Buffer) => {
    // Without a compressed copy the plain one is still right; nothing to report.
    if (error) return;
    entry.encoded[encoding] = result;
    chargeCachedBytes(value, result.length);
  };
  brotliCompress(
    entry.body,
    {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_SHARED_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
      },
    },
    keep('br'),
  );
  gzip(entry.body, { level: GZIP_SHARED_LEVEL }, keep('gzip'));
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === bare);
}
