import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { plainPayload, sendSharedBody } from './compress-json.js';
import { BoundedMap } from '../lib/bounded-map.js';
import { PUBLIC_CACHE_MAX_SKIP, type MemoryCache } from '../services/memory-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GETs of this route may be answered from the public cache. */
    publicCache?: boolean;
    /**
     * A signed-in member's answer made of kept parts alone (the shared bytes, their likes written
     * in), or undefined when anything must be read: sent for a URL validated before as soon as
     * the member is known, as an anonymous reader's kept answer is. `input` is what validation
     * made of that URL's parameters and query (coerced, defaults filled in).
     */
    keptForMember?: (request: FastifyRequest, input: ValidatedInput) => Buffer | undefined;
  }
}

/** A URL's parameters and query as validation made them, kept (frozen) with the URL. */
export interface ValidatedInput {
  params: unknown;
  query: unknown;
}

export interface PublicCacheOptions {
  /** The process's budget of public answers (PUBLIC_CACHE_TTL_MS, PUBLIC_CACHE_MAX_BYTES). */
  cache: MemoryCache;
}

/**
 * A micro-cache of the serialized answers anonymous visitors get from the forum list and post
 * detail: the most read and least personal answers. Any change made through this process drops
 * every entry at once (the content version moves), and so does one made through another process
 * whose version is linked to this one's (plugins/notification-bus.ts); otherwise it shows after at
 * most the TTL. Signed-in requests never hit it (their answers carry the caller's likes), but a
 * member's forum page and post detail are made from the same kept bytes, their likes written in
 * (presenters/post.ts `LikedSlots`, docs/ARCHITECTURE.md §5).
 *
 * An answer is looked up after its query and parameters were validated, under what the handler
 * actually reads (the route, its parameters and its parsed query, unknown parameters dropped), so
 * `?x=1`, `?x=2`, ... or a reordered query are one entry rather than one each. A URL seen before
 * is answered as soon as its route is found (onRequest): the key its validated request was given
 * is remembered by the URL exactly as sent, and the same bytes parse and validate the same way,
 * so the hooks, validation and key-building of a kept answer run once per URL, not per request.
 */
export const publicCachePlugin = fp<PublicCacheOptions>(
  async (app, { cache }) => {
    if (!cache.enabled) return;
    // The key and content version when the handler began: a change landing while it reads makes
    // its answer stale, and set() then refuses it.
    const pending = new WeakMap<FastifyRequest, { key: string; version: number }>();

    const knownUrls = new BoundedMap<string, KnownUrl>(KNOWN_URLS_MAX);

    // Answered here, the handler and the hooks after this one do not run (done is not called).
    const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      // Compressed once per encoding for every later reader, not once per request.
      sendSharedBody(
        request,
        reply.header('content-type', entry.contentType).header('x-cache', 'hit'),
        entry,
        entry.body,
      );
    };

    // Callback hooks, not async ones: every request passes them, and none waits for anything.
    app.addHook('onRequest', (request, reply, done) => {
      if (!isCachedRoute(request)) return done();
      // Only a URL validated before: the same bytes parse and validate the same way.
      const known = knownUrls.get(request.url);
      if (known === undefined) return done();
      if (request.headers.authorization === undefined) {
        const hit = cache.get(known.key);
        if (hit) return answer(request, reply, hit.value as Entry);
      } else if (request.user) {
        // After plugins/auth.ts and plugins/presence.ts: the member is known and marked seen.
        const body = request.routeOptions.config.keptForMember?.(request, known.input);
        // The same kept bytes for each of their reads: compressed once, not per request.
        if (body) return sendSharedBody(request, reply.type(JSON_TYPE), body, body);
      }
      done();
    });

    app.addHook('preHandler', (request, reply, done) => {
      const signedIn = request.headers.authorization !== undefined;
      // A signed-in request's URL is worth remembering only where members get kept answers too.
      if (signedIn && request.routeOptions.config.keptForMember === undefined) return done();
      const key = cacheKey(request);
      if (key === null) return done();
      // Copies: the handler of this request may do what it likes with its own.
      const input = { params: frozenCopy(request.params), query: frozenCopy(request.query) };
      knownUrls.set(request.url, { key, input });
      if (signedIn) return done();
      const hit = cache.get(key);
      if (hit) return answer(request, reply, hit.value as Entry);
      pending.set(request, { key, version: cache.version() });
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const started = pending.get(request);
      if (started === undefined || reply.statusCode !== 200) return done(null, payload);
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      // Kept plain: plugins/compress-json.ts compresses each answer, hits too, as its reader accepts.
      const body =
        typeof payload === 'string' ? Buffer.from(payload) : plainPayload(request, payload);
      const entry: Entry = {
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body,
      };
      cache.set(started.key, entry, started.version, body.length);
      reply.header('x-cache', 'miss');
      done(null, payload);
    });
  },
  { name: 'public-cache' },
);

interface Entry {
  contentType: string;
  body: Buffer;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A URL validated before: its cache key, and what validation made of its input. */
interface KnownUrl {
  key: string;
  input: ValidatedInput;
}

/** URLs remembered: a flood of distinct URLs pushes out the oldest, not memory. */
const KNOWN_URLS_MAX = 10_000;

function frozenCopy(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? Object.freeze({ ...value }) : value;
}

/** A GET of a route whose anonymous answers are kept. */
function isCachedRoute(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.routeOptions.config.publicCache === true;
}

/**
 * What the anonymous answer depends on, in a fixed order; null when it must not be cached. Asked
 * of a member's request too where the route has `keptForMember`: its URL is then known validated.
 */
function cacheKey(request: FastifyRequest): string | null {
  if (!isCachedRoute(request)) return null;
  const route = request.routeOptions;
  // Without a schema the handler reads none of them, so they cannot change the answer.
  const params = route.schema?.params ? sortedEntries(request.params) : [];
  const query = route.schema?.querystring ? sortedEntries(request.query) : [];
  const skip = query.find(([name]) => name === 'skip')?.[1];
  if (typeof skip === 'number' && skip >= PUBLIC_CACHE_MAX_SKIP) return null;
  return `response:${route.url}:${JSON.stringify(params)}:${JSON.stringify(query)}`;
}

function sortedEntries(value: unknown): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
