import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ContentEncoding, negotiateEncoding, varyOnEncoding } from './content-encoding.js';

// Answers smaller than this gain too little to be worth the CPU.
export const COMPRESS_MIN_BYTES = 1024;
// Dynamic answers are compressed per request, so cheaply: brotli 4 is about gzip 6 in time and
// still smaller. Shared copies (routes/shared-json.ts) and built files pay for the best once.
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
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 206) {
        return payload;
      }
      if (reply.hasHeader('content-encoding') || !isJson(reply.getHeader('content-type'))) {
        return payload;
      }
      // Measured without copying: an answer sent plain (most API clients, and every answer to
      // a client that accepts no encoding) goes out as the string it is.
      const size =
        typeof payload === 'string'
          ? Buffer.byteLength(payload)
          : Buffer.isBuffer(payload)
            ? payload.length
            : 0;
      if (size < COMPRESS_MIN_BYTES) return payload;
      // From here on the answer depends on Accept-Encoding, compressed or not.
      reply.header('vary', varyOnEncoding(reply.getHeader('vary')));
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer);
      const compressed = await compress(body, encoding);
      plainBodies.set(request, body);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compress-json' },
);
