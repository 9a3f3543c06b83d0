import fp from 'fastify-plugin';
import pino, { type DestinationStream } from 'pino';
import type { LogLevel } from '../config.js';
import { isInternalRequest } from './internal-request.js';

/**
 * The URL as logged: the ORCID provider's answer to the callback (issue 30) carries a one-time
 * authorization code and the flow's state, which stay out of the log.
 */
const OIDC_CALLBACK = '/api/v1/auth/oidc/callback?';
const loggedUrl = (url: string) =>
  url.startsWith(OIDC_CALLBACK) ? `${OIDC_CALLBACK}[redacted]` : url;

/**
 * Lines are written to stdout in blocks of at least this many bytes (about 16 access lines), not
 * one write each: under load the write per line cost more than the rest of a small answer
 * (docs/BENCHMARKS.md). A block still waiting is written within LOG_FLUSH_INTERVAL_MS.
 */
export const LOG_BLOCK_BYTES = 4096;
export const LOG_FLUSH_INTERVAL_MS = 1000;

const flushTimers = new WeakMap<DestinationStream, NodeJS.Timeout>();

/**
 * Where the log goes: the given stream (tests capture it), nothing when silent, or `fd` (stdout)
 * written asynchronously in blocks, so a request never waits for the terminal or a log collector.
 * A quiet server's lines reach the log within a second; pino writes what is left when the process
 * exits and `flushLog` when the app closes (a SIGKILL loses at most that last second).
 */
export function logDestination(
  level: LogLevel,
  stream: DestinationStream | undefined,
  fd = 1,
): DestinationStream | undefined {
  if (stream) return stream;
  if (level === 'silent') return undefined;
  const destination = pino.destination({ dest: fd, sync: false, minLength: LOG_BLOCK_BYTES });
  const timer = setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Closed meanwhile: flushLog wrote what was left.
    }
  }, LOG_FLUSH_INTERVAL_MS);
  timer.unref();
  flushTimers.set(destination, timer);
  return destination;
}

/** Writes what is still buffered, if the destination buffers (SonicBoom's flushSync). */
export function flushLog(destination: DestinationStream | undefined): void {
  if (!destination) return;
  clearInterval(flushTimers.get(destination));
  const buffered = destination as { flushSync?: () => void };
  try {
    buffered.flushSync?.();
  } catch {
    // Nothing buffered yet (the destination still opening) is nothing lost.
  }
}

/**
 * One access-log line per request, once its answer is sent (Fastify's own two lines per request
 * are turned off in app.ts): method, URL, status, time, request id (`reqId`, from the request's
 * logger) and the signed-in member, if any. Answers of 500 and above are warnings. A route's own
 * `logLevel` applies: /healthz, called by probes every few seconds, logs only its failures.
 * Requests the process makes of itself (internal-request.ts) write no line of their own.
 */
export const accessLogPlugin = fp(
  async (app) => {
    // A callback hook: the line is handed to the asynchronous destination, nothing to await.
    app.addHook('onResponse', (request, reply, done) => {
      // A page's own API reads during its server render: the page's line stands for them.
      if (isInternalRequest(request)) {
        done();
        return;
      }
      const level = reply.statusCode >= 500 ? 'warn' : 'info';
      request.log[level](
        {
          method: request.method,
          url: loggedUrl(request.url),
          statusCode: reply.statusCode,
          responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
          userId: request.user?.id ?? null,
        },
        'request',
      );
      done();
    });
  },
  { name: 'access-log' },
);
