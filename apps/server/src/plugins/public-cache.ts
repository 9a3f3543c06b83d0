import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { plainPayload, sendSharedBody } from './compress-json.js';
import { PUBLIC_CACHE_MAX_SKIP, type MemoryCache } from '../services/memory-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GETs of this route may be answered from the public cache. */
    publicCache?: boolean;
  }
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
 * `?x=1`, `?x=2`, ... or a reordered query are one entry rather than one each.
 */
export const publicCachePlugin = fp<PublicCacheOptions>(
  async (app, { cache }) => {
    if (!cache.enabled) return;
    // The key and content version when the handler began: a change landing while it reads makes
    // its answer stale, and set() then refuses it.
    const pending = new WeakMap<FastifyRequest, { key: string; version: number }>();

    // Callback hooks, not async ones: every request passes both, and neither waits for anything.
    app.addHook('preHandler', (request, reply, done) => {
      const key = cacheKey(request);
      if (key === null) return done();
      const hit = cache.get(key);
      if (hit) {
        const entry = hit.value as Entry;
        // Compressed once per encoding for every later reader, not once per request. Answered
        // here: the handler does not run (done is not called).
        sendSharedBody(
          request,
          reply.header('content-type', entry.contentType).header('x-cache', 'hit'),
          entry,
          entry.body,
        );
        return;
      }
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

/** What the answer depends on, in a fixed order; null when it must not be cached. */
function cacheKey(request: FastifyRequest): string | null {
  const route = request.routeOptions;
  if (
    request.method !== 'GET' ||
    route.config.publicCache !== true ||
    request.headers.authorization !== undefined
  ) {
    return null;
  }
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
