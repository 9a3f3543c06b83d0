import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { chargeCachedBytes } from '../services/memory-cache.js';
import { type ContentEncoding, negotiateEncoding, varyOnEncoding } from './content-encoding.js';

// Answers smaller than this gain too little to be worth the CPU.
export const COMPRESS_MIN_BYTES = 1024;
// Dynamic answers are compressed per request, so cheaply: brotli 4 is about gzip 6 in time and
// still smaller. Shared copies (sendSharedBody) and built files pay for the best once.
const BROTLI_DYNAMIC_QUALITY = 4;
const GZIP_DYNAMIC_LEVEL = 6;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_DYNAMIC_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipAsync(body, { level: GZIP_DYNAMIC_LEVEL });
}

// Compressed once for many readers, so better than per-request answers get; 11 would cost several
// times the CPU for a percent or two.
export const sharedBrotliOptions = (body: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 9,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});
export const SHARED_GZIP_OPTIONS = { level: 9 };

interface SharedBody {
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  uses: number;
}

const sharedBodies = new WeakMap<object, SharedBody>();

/**
 * The kept compressed copy of `body` for this reader, if there is one yet: bytes that many callers
 * receive alike for as long as `owner` (the cached value they belong to) lives. From its second
 * use `body` is compressed once per encoding (br and gzip) in the background; the copies are
 * charged to `owner` in its cache. Null when the reader accepts no encoding or no copy is ready.
 */
export function keptEncoding(
  request: FastifyRequest,
  owner: object,
  body: Buffer,
): { encoding: ContentEncoding; bytes: Buffer } | null {
  let shared = sharedBodies.get(owner);
  if (!shared) {
    shared = { encoded: {}, uses: 0 };
    sharedBodies.set(owner, shared);
  }
  shared.uses += 1;
  // One-off answers never pay for a kept copy; the second use starts it, off the event loop.
  if (shared.uses === 2 && body.length >= COMPRESS_MIN_BYTES) compressLater(owner, body, shared);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const bytes = encoding ? shared.encoded[encoding] : undefined;
  return encoding && bytes ? { encoding, bytes } : null;
}

/**
 * Sends `body`, JSON that many callers receive alike (see keptEncoding): the kept compressed copy
 * when there is one, else the plain bytes, which the hook below compresses for this request.
 */
export function sendSharedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  owner: object,
  body: Buffer,
): FastifyReply {
  const kept = keptEncoding(request, owner, body);
  if (!kept) return reply.send(body);
  return reply
    .header('vary', varyOnEncoding(reply.getHeader('vary')))
    .header('content-encoding', kept.encoding)
    .send(kept.bytes);
}

function compressLater(owner: object, body: Buffer, shared: SharedBody): void {
  const keep = (encoding: ContentEncoding) => (error: Error | null, result: Buffer) => {
    // Without a compressed copy the plain one is still right; nothing to report.
    if (error) return;
    shared.encoded[encoding] = result;
    chargeCachedBytes(owner, result.length);
  };
  brotliCompress(body, sharedBrotliOptions(body), keep('br'));
  gzip(body, SHARED_GZIP_OPTIONS, keep('gzip'));
}

// The plain body of each answer this plugin compressed. Hooks of inner plugins (the public cache)
// run after this one, so they see the compressed bytes and read the plain ones here.
const plainBodies = new WeakMap<FastifyRequest, Buffer>();

/** The body `payload` was compressed from for this request, or `payload` itself. */
export function plainPayload(request: FastifyRequest, payload: Buffer): Buffer {
  return plainBodies.get(request) ?? payload;
}

const isJson = (type: unknown) =>
  typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

/**
 * Compresses JSON answers of at least 1 KiB when the client accepts br or gzip. Only JSON bodies
 * held whole in memory qualify: streams (the SSE stream, /ipfs files, CAR answers), partial
 * content and answers that already carry a Content-Encoding (a shared copy compressed once) pass
 * untouched, so nothing is compressed twice.
 */
export const compressJsonPlugin = fp(
  async (app) => {
    // A callback hook, not an async one: every answer passes, and most go out as they are.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 206) {
        return done(null, payload);
      }
      if (reply.hasHeader('content-encoding') || !isJson(reply.getHeader('content-type'))) {
        return done(null, payload);
      }
      // Measured without copying: an answer sent plain (most API clients, and every answer to
      // a client that accepts no encoding) goes out as the string it is.
      const size =
        typeof payload === 'string'
          ? Buffer.byteLength(payload)
          : Buffer.isBuffer(payload)
            ? payload.length
            : 0;
      if (size < COMPRESS_MIN_BYTES) return done(null, payload);
      // From here on the answer depends on Accept-Encoding, compressed or not.
      reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      const body = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
      compress(body, encoding).then((compressed) => {
        plainBodies.set(request, body);
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      }, done);
    });
  },
  { name: 'compress-json' },
);
