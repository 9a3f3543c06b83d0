import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GETs of this route may be answered from the public cache. */
    publicCache?: boolean;
  }
}

export interface PublicCacheOptions {
  /** The content version; an entry stored under another version is stale. */
  version: () => number;
  /** How long an entry may be served at most (the bound on staleness across processes); 0: off. */
  ttlMs: number;
  maxEntries?: number;
}

interface Entry {
  version: number;
  storedAt: number;
  contentType: string;
  body: string;
}

const DEFAULT_MAX_ENTRIES = 1000;

/**
 * A micro-cache of the serialized answers anonymous visitors get from the forum list and post
 * detail: the most read and least personal answers. Any change made through this process drops
 * every entry at once (the content version moves); changes made by other processes show after at
 * most `ttlMs`. Signed-in requests never use it: their answers carry the caller's likes.
 */
export const publicCachePlugin = fp<PublicCacheOptions>(
  async (app, { version, ttlMs, maxEntries = DEFAULT_MAX_ENTRIES }) => {
    if (ttlMs <= 0) return;
    const entries = new Map<string, Entry>();
    // The version when the request began: a change landing while it reads makes its answer stale.
    const versionAtStart = new WeakMap<FastifyRequest, number>();

    app.addHook('onRequest', async (request, reply) => {
      if (!cacheable(request)) return;
      versionAtStart.set(request, version());
      const entry = entries.get(request.url);
      if (!entry) return;
      if (entry.version !== version() || performance.now() - entry.storedAt > ttlMs) {
        entries.delete(request.url);
        return;
      }
      return reply
        .header('content-type', entry.contentType)
        .header('x-cache', 'hit')
        .send(entry.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const started = versionAtStart.get(request);
      if (started === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
        return payload;
      }
      if (reply.getHeader('x-cache') === 'hit') return payload;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(request.url, {
        version: started,
        storedAt: performance.now(),
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body: payload,
      });
      reply.header('x-cache', 'miss');
      return payload;
    });
  },
  { name: 'public-cache' },
);

function cacheable(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    request.routeOptions.config.publicCache === true &&
    request.headers.authorization === undefined
  );
}
