import type { ServerOptions } from 'node:http';
import type { HttpServerSettings } from './config.js';

/**
 * Request line plus headers, in bytes (Node's default, set here so it is a decision): a browser's
 * requests with a bearer token and cookies use 1–2 KiB. Larger ones get 431.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * JSON and form bodies, in bytes; multipart uploads are streamed and bounded per file instead
 * (plugins/multipart.ts). The largest legitimate body is a 5,000-character comment: at most
 * 9 bytes a character once form-encoded (a three-byte UTF-8 character percent-encoded), 45 KB.
 */
export const BODY_LIMIT_BYTES = 128 * 1024;

/**
 * Fastify's options for how long and how much a client may send. Node only checks its request
 * and header deadlines every `connectionsCheckingInterval` (30 s by default), so the interval
 * follows the shortest deadline: a slow client is cut off soon after its time is up.
 */
export function serverLimits(settings: HttpServerSettings) {
  const requestTimeout = settings.requestTimeoutSeconds * 1000;
  // Node refuses a header deadline later than the request deadline.
  const headersTimeout = Math.min(settings.headersTimeoutSeconds * 1000, requestTimeout);
  const http: ServerOptions = {
    requestTimeout,
    headersTimeout,
    maxHeaderSize: MAX_HEADER_BYTES,
    connectionsCheckingInterval: Math.min(Math.max(headersTimeout / 4, 250), 5000),
  };
  return {
    http,
    requestTimeout,
    connectionTimeout: settings.connectionTimeoutSeconds * 1000,
    keepAliveTimeout: settings.keepAliveTimeoutSeconds * 1000,
    bodyLimit: BODY_LIMIT_BYTES,
  };
}
