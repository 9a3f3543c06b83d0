import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { APP_LOADER_SCRIPT, EARLY_INPUT_SCRIPT } from '@symposia/shared';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const scriptHash = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/**
 * The inline scripts a page may run, by their hashes: the one that keeps clicks made before the
 * web app hydrates a server-rendered page (packages/shared/src/early-input.ts) and the one that
 * loads the app once the page has painted (packages/shared/src/app-loader-script.ts).
 */
export const INLINE_SCRIPT_SOURCES = [
  scriptHash(EARLY_INPUT_SCRIPT),
  scriptHash(APP_LOADER_SCRIPT),
];

/**
 * Security headers for the API and the SPA alike. The CSP fits a Vite build: scripts only from
 * our origin (and the inline scripts above), inline styles allowed (React style props), images
 * also from data: and blob: URLs. Written out in full instead of on top of helmet's defaults,
 * whose upgrade-insecure-requests would break a plain-HTTP deployment on a LAN address.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  frameguard: { action: 'deny' },
};

/**
 * The headers helmet would set, worked out once: they are the same for every request, while
 * running helmet per request rebuilt the CSP text each time (a few percent of a small answer).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      finished = true;
    },
  );
  // helmet sets its headers synchronously; anything else would leave requests without them.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

export const securityHeadersPlugin = fp(
  async (app) => {
    const headers = helmetHeaders(HELMET_OPTIONS);
    // Computed once above; a callback hook, so no promise per request either.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
