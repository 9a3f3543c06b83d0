import type { ContentVersion } from './content-version.js';

/**
 * Lists (and comment threads) are kept in memory only for pages that start before this many
 * items: the first pages are what everyone reads, while every deeper `skip` would be one more
 * entry that hardly anyone asks for twice.
 */
export const PUBLIC_CACHE_MAX_SKIP = 100;

/** What an entry costs beyond its value: its key's map slots, the entry object, timestamps. */
const ENTRY_OVERHEAD_BYTES = 160;

/** Characters above U+00FF make V8 keep a string at two bytes a character instead of one. */
const TWO_BYTE_CHARACTER = /[\u0100-\uffff]/;

/** Guards the size estimate against deep or cyclic values; domain objects are a few levels deep. */
const MAX_ESTIMATE_DEPTH = 8;

interface Entry {
  readonly key: string;
  readonly value: unknown;
  bytes: number;
  readonly storedAt: number;
  /** The cache's count of moves when this entry was last stored or moved to the newest end. */
  usedAt: number;
  removed: boolean;
}

export interface MemoryCacheOptions {
  /** The content version: every entry was read under one, and is dropped once it moves. */
  version: ContentVersion;
  /** How long an entry may be served at most (the bound on staleness across processes); 0: off. */
  ttlMs: number;
  /** Budget of every entry together, values and their serialized copies alike; 0: off. */
  maxBytes: number;
  /** Monotonic milliseconds; tests replace it. */
  now?: () => number;
}

// The entry each cached object belongs to, so bytes made from it later (its JSON, its gzipped
// copy) are counted against the same budget and leave with it.
const owners = new WeakMap<object, { cache: MemoryCache; entry: Entry }>();

/**
 * Counts `bytes` made from `value` (a serialization kept beside it, say) against the budget of
 * the cache holding `value`. A value no cache holds (a private thread, a deep page) is ignored:
 * what is made from it is garbage once its request is answered.
 */
export function chargeCachedBytes(value: object, bytes: number): void {
  const owner = owners.get(value);
  if (owner) owner.cache.charge(owner.entry, bytes);
}

/**
 * Counts bytes later made from `derived` (itself made from `value`: its JSON, say) against the
 * entry of `value` as well, so that copies kept beside `derived` (compressed ones) leave with it.
 */
export function chargeWith(derived: object, value: object): void {
  const owner = owners.get(value);
  if (owner) owners.set(derived, owner);
}

/**
 * One memory budget for every cache of public answers in this process (PUBLIC_CACHE_MAX_BYTES):
 * the serialized responses of plugins/public-cache.ts and the shared posts and threads of
 * versioned-cache.ts draw on it together, so all of them at once never hold more than
 * `maxBytes`. Least recently used entries are evicted first; entries older than `ttlMs` are
 * swept on every use and by a timer, and a change of the content version drops them all.
 */
export class MemoryCache {
  readonly maxBytes: number;
  readonly ttlMs: number;
  readonly #version: ContentVersion;
  readonly #now: () => number;
  /**
   * Least recently used first, approximately: an entry read while it is among the newest quarter
   * (fewer than a quarter of the entries moved since it was) stays in place. Moving costs a delete
   * and an insert in the map, and most reads are of the few entries read most (a popular post, a
   * member's post and likes read in turn); the order differs from the exact one only among the
   * newest quarter, the last to be evicted.
   */
  readonly #lru = new Map<string, Entry>();
  /** Entries stored or moved to the newest end so far. */
  #moves = 0;
  /** Least recently stored first: with one TTL for all, the order in which entries expire. */
  readonly #byAge = new Map<string, Entry>();
  #bytes = 0;
  #seenVersion: number;
  #timer: NodeJS.Timeout | null = null;

  constructor(options: MemoryCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.ttlMs = options.ttlMs;
    this.#version = options.version;
    this.#now = options.now ?? (() => performance.now());
    this.#seenVersion = options.version.current();
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.maxBytes > 0;
  }

  /**
   * Bytes held now (an estimate for objects, exact for buffers), never above `maxBytes`. Reading
   * it sweeps nothing, so it shows what the process really holds.
   */
  get bytes(): number {
    return this.#bytes;
  }

  /** Entries held now (expired ones included until a sweep). */
  get size(): number {
    return this.#lru.size;
  }

  /** The content version to pass to `set` for a value about to be read. */
  version(): number {
    return this.#version.current();
  }

  /** The live entry under `key`, marked as just used; undefined when absent or stale. */
  get(key: string): { readonly value: unknown } | undefined {
    if (!this.enabled) return undefined;
    this.#sweep();
    const entry = this.#lru.get(key);
    if (!entry) return undefined;
    if ((this.#moves - entry.usedAt) * 4 > this.#lru.size) {
      this.#lru.delete(key);
      this.#lru.set(key, entry);
      entry.usedAt = ++this.#moves;
    }
    return entry;
  }

  /**
   * Keeps `value`, read under content version `version`, unless that version has moved on since
   * (the value may be stale already) or it alone would not fit. `bytes` is its size when known
   * exactly (a buffer); otherwise it is estimated from the value's strings and fields.
   */
  set(key: string, value: unknown, version: number, bytes?: number): boolean {
    if (!this.enabled || version !== this.#version.current()) return false;
    this.#sweep();
    const previous = this.#lru.get(key);
    if (previous) this.#remove(previous);
    const size = (bytes ?? approximateBytes(value)) + approximateBytes(key) + ENTRY_OVERHEAD_BYTES;
    if (size > this.maxBytes) return false;
    const entry: Entry = {
      key,
      value,
      bytes: size,
      storedAt: this.#now(),
      usedAt: ++this.#moves,
      removed: false,
    };
    this.#lru.set(key, entry);
    this.#byAge.set(key, entry);
    this.#bytes += size;
    if (typeof value === 'object' && value !== null) owners.set(value, { cache: this, entry });
    this.#evictOverBudget();
    this.#scheduleSweep();
    return true;
  }

  /** Adds bytes made from an entry's value after it was stored (see chargeCachedBytes). */
  charge(entry: Entry, bytes: number): void {
    if (entry.removed) return;
    entry.bytes += bytes;
    this.#bytes += bytes;
    this.#evictOverBudget();
  }

  /** Forgets everything and stops the sweep timer (the app is closing). */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#clear();
  }

  #sweep(): void {
    const current = this.#version.current();
    if (current !== this.#seenVersion) {
      this.#seenVersion = current;
      this.#clear();
      return;
    }
    const oldestValid = this.#now() - this.ttlMs;
    for (const entry of this.#byAge.values()) {
      if (entry.storedAt >= oldestValid) break;
      this.#remove(entry);
    }
  }

  #evictOverBudget(): void {
    for (const entry of this.#lru.values()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#remove(entry);
    }
  }

  #remove(entry: Entry): void {
    entry.removed = true;
    this.#lru.delete(entry.key);
    this.#byAge.delete(entry.key);
    this.#bytes -= entry.bytes;
    if (typeof entry.value === 'object' && entry.value !== null) owners.delete(entry.value);
  }

  #clear(): void {
    for (const entry of this.#lru.values()) this.#remove(entry);
  }

  /**
   * Expired entries leave even when nobody asks for their key again: a timer, armed while
   * anything is held and unref'd so it never keeps the process alive, sweeps when the oldest one
   * expires (at most four times per TTL, so a steady stream of new entries costs few wake-ups).
   */
  #scheduleSweep(): void {
    if (this.#timer || this.#byAge.size === 0) return;
    const oldest = this.#byAge.values().next().value as Entry;
    const due = oldest.storedAt + this.ttlMs - this.#now();
    const delay = Math.max(Math.ceil(due) + 1, Math.ceil(this.ttlMs / 4), 10);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#sweep();
      this.#scheduleSweep();
    }, delay);
    this.#timer.unref();
  }
}

/**
 * Roughly what a value occupies in the heap: strings at one or two bytes a character, plus a
 * few words per field and element. An estimate for a budget, not an exact measure; buffers count
 * their bytes.
 */
export function approximateBytes(value: unknown, depth = 0): number {
  switch (typeof value) {
    case 'string':
      return 16 + value.length * (TWO_BYTE_CHARACTER.test(value) ? 2 : 1);
    case 'object': {
      if (value === null) return 8;
      if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
      if (depth >= MAX_ESTIMATE_DEPTH) return 64;
      if (Array.isArray(value)) {
        let total = 16 + 8 * value.length;
        for (const item of value) total += approximateBytes(item, depth + 1);
        return total;
      }
      let total = 32;
      for (const field of Object.values(value)) total += 8 + approximateBytes(field, depth + 1);
      return total;
    }
    default:
      return 8;
  }
}
