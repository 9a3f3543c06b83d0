import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContentVersion } from './content-version.js';
import { approximateBytes, chargeCachedBytes, MemoryCache } from './memory-cache.js';

const KiB = 1024;

function setUp(options: { maxBytes?: number; ttlMs?: number } = {}) {
  let clock = 0;
  const version = createContentVersion();
  const cache = new MemoryCache({
    version,
    ttlMs: options.ttlMs ?? 1000,
    maxBytes: options.maxBytes ?? 64 * KiB,
    now: () => clock,
  });
  return {
    cache,
    version,
    advance: (ms: number) => {
      clock += ms;
    },
    put: (key: string, bytes: number) => cache.set(key, Buffer.alloc(bytes), version.current()),
  };
}

describe('MemoryCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never holds more bytes than its budget, however many keys arrive', () => {
    const { cache, put } = setUp({ maxBytes: 64 * KiB });
    let highest = 0;
    for (let index = 0; index < 1000; index += 1) {
      expect(put(`key-${index}`, 1000 + (index % 7) * 500)).toBe(true);
      highest = Math.max(highest, cache.bytes);
    }
    expect(highest).toBeLessThanOrEqual(64 * KiB);
    // Full, and holding the newest entries.
    expect(cache.bytes).toBeGreaterThan(48 * KiB);
    expect(cache.get('key-999')).toBeDefined();
    expect(cache.get('key-0')).toBeUndefined();
    cache.close();
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used entry first', () => {
    const { cache, put } = setUp({ maxBytes: 10 * KiB });
    put('a', 3 * KiB);
    put('b', 3 * KiB);
    put('c', 3 * KiB);
    // Reading `a` makes `b` the least recently used.
    expect(cache.get('a')).toBeDefined();
    put('d', 3 * KiB);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    cache.close();
  });

  it('keeps the order of use when the newest entry is read again and again', () => {
    const { cache, put } = setUp({ maxBytes: 10 * KiB });
    put('a', 3 * KiB);
    put('b', 3 * KiB);
    put('c', 3 * KiB);
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    // Used last: b (stored), then a, then c.
    put('d', 3 * KiB);
    expect(cache.get('b')).toBeUndefined();
    put('e', 3 * KiB);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    cache.close();
  });

  it('leaves an entry among the newest quarter in place when it is read', () => {
    const { cache, put } = setUp({ maxBytes: 64 * KiB });
    const key = (index: number) => `k-${String(index).padStart(3, '0')}`;
    for (let index = 0; index < 100; index += 1) put(key(index), 1000);
    const held = cache.size;
    const oldest = 100 - held;
    expect(held).toBeGreaterThan(20);
    // The oldest entry is moved to the newest end; k-097, stored three moves before the end of
    // the fill, is read after it but stays where it stood (an exact LRU would move it too).
    expect(cache.get(key(oldest))).toBeDefined();
    expect(cache.get(key(97))).toBeDefined();
    // As many new entries as there were others: every entry not moved is evicted, k-097 with them.
    for (let index = 0; index < held - 1; index += 1)
      put(`n-${String(index).padStart(3, '0')}`, 1000);
    expect(cache.get(key(97))).toBeUndefined();
    expect(cache.get(key(oldest))).toBeDefined();
    cache.close();
  });

  it('refuses a value larger than the whole budget and keeps the others', () => {
    const { cache, put } = setUp({ maxBytes: 10 * KiB });
    put('small', KiB);
    expect(put('huge', 11 * KiB)).toBe(false);
    expect(cache.get('small')).toBeDefined();
    cache.close();
  });

  it('sweeps expired entries on a timer, without their keys being asked for again', () => {
    vi.useFakeTimers();
    const { cache, put, advance } = setUp({ ttlMs: 1000 });
    put('first', KiB);
    put('second', KiB);
    expect(cache.size).toBe(2);
    advance(1001);
    vi.advanceTimersByTime(1001);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.close();
  });

  it('sweeps expired entries when anything else is stored', () => {
    const { cache, put, advance } = setUp({ ttlMs: 1000 });
    put('old', KiB);
    advance(600);
    put('younger', KiB);
    advance(500);
    put('new', KiB);
    expect(cache.size).toBe(2);
    expect(cache.get('old')).toBeUndefined();
    expect(cache.get('younger')).toBeDefined();
    cache.close();
  });

  it('drops everything once the content version moves, and refuses values read before', () => {
    const { cache, version, put } = setUp();
    put('a', KiB);
    const readUnder = version.current();
    version.bump();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
    expect(cache.set('stale', Buffer.alloc(KiB), readUnder)).toBe(false);
    expect(cache.get('stale')).toBeUndefined();
    cache.close();
  });

  it('counts bytes made later from a cached value, and evicts to stay in budget', () => {
    const { cache, version, put } = setUp({ maxBytes: 20 * KiB });
    const thread = [{ content: 'x'.repeat(100) }];
    cache.set('thread', thread, version.current());
    const before = cache.bytes;
    put('other', 8 * KiB);
    chargeCachedBytes(thread, 9 * KiB);
    expect(cache.bytes).toBeLessThanOrEqual(20 * KiB);
    expect(cache.get('thread')).toBeDefined();
    chargeCachedBytes(thread, 9 * KiB);
    // The thread and its copies no longer fit beside `other`: the older entry went.
    expect(cache.get('other')).toBeUndefined();
    expect(cache.bytes).toBe(before + 18 * KiB);
    // A value no cache holds is not counted anywhere.
    chargeCachedBytes([], 100 * KiB);
    expect(cache.bytes).toBe(before + 18 * KiB);
    cache.close();
  });

  it('is off with a TTL or a budget of 0', () => {
    for (const options of [{ ttlMs: 0 }, { maxBytes: 0 }]) {
      const { cache, put } = setUp(options);
      expect(put('a', 10)).toBe(false);
      expect(cache.get('a')).toBeUndefined();
    }
  });
});

describe('approximateBytes', () => {
  it('counts one byte a Latin-1 character and two beyond', () => {
    expect(approximateBytes('a'.repeat(1000))).toBeGreaterThanOrEqual(1000);
    expect(approximateBytes('a'.repeat(1000))).toBeLessThan(1100);
    expect(approximateBytes('\u202e'.repeat(1000))).toBeGreaterThanOrEqual(2000);
  });

  it('adds up nested objects and arrays', () => {
    const post = { title: 't'.repeat(100), files: [{ cid: 'c'.repeat(60) }], tags: ['a', 'b'] };
    expect(approximateBytes([post, post])).toBeGreaterThan(2 * 160);
  });
});
