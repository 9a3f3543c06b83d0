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

/** pino's SonicBoom stream: the one that writes to the file descriptor. */
type SonicBoom = ReturnType<typeof pino.destination>;

/**
 * Lines gathered into blocks of LOG_BLOCK_BYTES, each handed to SonicBoom whole. SonicBoom could
 * buffer them itself (its minLength), but it measures the string it appends a line to on every
 * write, and measuring a string built by appending flattens it: each line cost a copy of the whole
 * block waiting (7 KB of garbage per request under load, a sixth of a small answer's CPU). Here a
 * line is only pushed; the block is joined once.
 */
class BlockedLog implements DestinationStream {
  /** What pino looks for to take an object as its stream rather than as its options. */
  readonly writable = true;
  #lines: string[] = [];
  #length = 0;
  #closed = false;
  readonly #sink: SonicBoom;
  readonly #timer: NodeJS.Timeout;
  readonly #onExit = () => this.close();

  constructor(sink: SonicBoom) {
    this.#sink = sink;
    this.#timer = setInterval(() => this.#hand(), LOG_FLUSH_INTERVAL_MS);
    this.#timer.unref();
    process.once('exit', this.#onExit);
  }

  write(line: string): void {
    // Closed (the app's last lines, "server closed"): straight to SonicBoom, which pino flushes
    // when the process exits.
    if (this.#closed) {
      this.#sink.write(line);
      return;
    }
    this.#lines.push(line);
    this.#length += line.length;
    if (this.#length >= LOG_BLOCK_BYTES) this.#hand();
  }

  /**
   * Writes what waits, synchronously, and stops gathering: the app is closing, or the process.
   * Lines logged after this go to SonicBoom one by one.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#timer);
    process.off('exit', this.#onExit);
    this.#hand();
    try {
      this.#sink.flushSync();
    } catch {
      // Not open yet, or already writing: SonicBoom writes it on its own.
    }
  }

  #hand(): void {
    if (this.#lines.length === 0) return;
    const block = this.#lines.join('');
    this.#lines = [];
    this.#length = 0;
    this.#sink.write(block);
  }
}

/**
 * Where the log goes: the given stream (tests capture it), nothing when silent, or `fd` (stdout)
 * written asynchronously in blocks, so a request never waits for the terminal or a log collector.
 * A quiet server's lines reach the log within a second; what waits is written when the app closes
 * (`flushLog`) or the process exits (a SIGKILL loses at most that last second).
 */
export function logDestination(
  level: LogLevel,
  stream: DestinationStream | undefined,
  fd = 1,
): DestinationStream | undefined {
  if (stream) return stream;
  if (level === 'silent') return undefined;
  return new BlockedLog(pino.destination({ dest: fd, sync: false }));
}

/** Writes what is still buffered, if the destination buffers (ours, or SonicBoom's flushSync). */
export function flushLog(destination: DestinationStream | undefined): void {
  if (!destination) return;
  if (destination instanceof BlockedLog) {
    destination.close();
    return;
  }
  const buffered = destination as { flushSync?: () => void };
  try {
    buffered.flushSync?.();
  } catch {
    // Not open yet, or already writing: SonicBoom writes it on its own.
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
