import type { MemoryCache } from '../memory-cache.js';

/**
 * Loads of a public thread that many readers ask for at once (a long discussion): a shared copy
 * expires every PUBLIC_CACHE_TTL_MS even when nothing changed, so that changes made by other
 * processes show. This keeps that expiry cheap:
 * - one load per key and content version at a time: readers who miss together share it, rather
 *   than each reading 2,000 rows and serializing them again;
 * - a load that finds the same content as the last one answers the very same object, so the
 *   bytes, ETag and compressed copies routes/shared-json.ts keeps for it stay valid.
 * The last values are kept for at most `maxItems` items in all (oldest key dropped first).
 */
export function createSteadyLoads<T>(options: {
  cache: Pick<MemoryCache, 'version'>;
  /** Whether two loads found the same content. */
  same: (a: T, b: T) => boolean;
  /** How many items (e.g. comments) the kept values may hold together. */
  maxItems: number;
  itemsOf: (value: T) => number;
}) {
  const { cache, same, maxItems, itemsOf } = options;
  const running = new Map<string, Promise<T>>();
  const last = new Map<string, T>();
  let kept = 0;

  function remember(key: string, value: T): void {
    const previous = last.get(key);
    if (previous !== undefined) {
      kept -= itemsOf(previous);
      last.delete(key);
    }
    const size = itemsOf(value);
    if (size > maxItems) return;
    for (const [oldKey, oldValue] of last) {
      if (kept + size <= maxItems) break;
      kept -= itemsOf(oldValue);
      last.delete(oldKey);
    }
    last.set(key, value);
    kept += size;
  }

  return {
    /** `read()`'s value, shared with the loads of the same key under the same version. */
    load(key: string, read: () => Promise<T>): Promise<T> {
      // A load begun before a change must not answer a reader who arrives after it.
      const runKey = `${cache.version()}:${key}`;
      const current = running.get(runKey);
      if (current) return current;
      const loading = read()
        .then((fresh) => {
          const previous = last.get(key);
          const value = previous !== undefined && same(previous, fresh) ? previous : fresh;
          remember(key, value);
          return value;
        })
        .finally(() => running.delete(runKey));
      running.set(runKey, loading);
      return loading;
    },
  };
}
