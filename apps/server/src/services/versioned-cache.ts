import type { ContentVersion } from './content-version.js';

/**
 * A small in-memory cache of what everyone reads alike (public posts), valid while the content
 * version stands still and for at most `ttlMs`: a change through this process empties it at once,
 * a change through another process shows within `ttlMs`. Least recently stored entries go first.
 */
export function createVersionedCache<V>(options: {
  version: ContentVersion;
  ttlMs: number;
  maxEntries?: number;
}) {
  const { version, ttlMs, maxEntries = 1000 } = options;
  const entries = new Map<string, { value: V; version: number; storedAt: number }>();

  return {
    /** The cached value, or `load()`'s — stored under the version seen before loading began. */
    async get(key: string, load: () => Promise<V>): Promise<V> {
      if (ttlMs <= 0) return load();
      const current = version.current();
      const entry = entries.get(key);
      if (entry && entry.version === current && performance.now() - entry.storedAt <= ttlMs) {
        return entry.value;
      }
      const value = await load();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, version: current, storedAt: performance.now() });
      return value;
    },
  };
}
