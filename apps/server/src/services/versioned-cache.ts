import type { MemoryCache } from './memory-cache.js';

/**
 * A view of the shared public cache for one kind of value (public posts, threads, ...): valid
 * while the content version stands still and for at most its TTL, so a change through this process
 * empties it at once, and so does one through another process when the version is linked to theirs
 * (services/content-version.ts). Its entries
 * count against the one byte budget of `cache` (PUBLIC_CACHE_MAX_BYTES).
 */
export function createVersionedCache<V>(options: {
  cache: MemoryCache;
  /** Keeps this cache's keys apart from the others' in the shared store. */
  namespace: string;
  /**
   * The bytes a value occupies, when more than the value itself stays alive with it (for
   * example a serialized copy kept beside each object); estimated from the value otherwise.
   */
  sizeOf?: (value: V) => number;
}) {
  const { cache, namespace, sizeOf } = options;
  return {
    /**
     * The cached value, or `load()`'s — stored under the version seen before loading began.
     * `bypass`: load, neither reading nor storing (a reader who must see a change not yet bumped).
     */
    async get(key: string, load: () => Promise<V>, bypass = false): Promise<V> {
      if (!cache.enabled || bypass) return load();
      const fullKey = `${namespace}:${key}`;
      const hit = cache.get(fullKey);
      if (hit) return hit.value as V;
      const version = cache.version();
      const value = await load();
      cache.set(fullKey, value, version, sizeOf?.(value));
      return value;
    },

    /** What `get` would answer without loading, as it is kept now; undefined when it would load. */
    peek(key: string, bypass = false): { value: V } | undefined {
      if (!cache.enabled || bypass) return undefined;
      const hit = cache.get(`${namespace}:${key}`);
      return hit && { value: hit.value as V };
    },
  };
}
