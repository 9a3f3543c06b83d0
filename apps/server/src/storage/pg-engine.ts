/**
 * Blocks as rows of PostgreSQL (BLOCKSTORE=postgres): every process on the database imports,
 * serves and collects the same blocks, with no shared file system.
 *
 * A block is a row of `blocks` keyed by the CIDv1 `raw` form of its multihash (one row per
 * bytes, whichever codec a CID names them under), so CIDs are exactly those of the file store.
 *
 * The promises of block-engine.ts, kept by the database instead of link counts:
 * - Write: one statement inserts the import's hold row and the block, or, when the block is
 *   there, sets its `touched_at` (now) and `writer` (this import). Writing the same block twice
 *   changes no byte (ON CONFLICT), and the update takes the row's lock.
 * - Removal (an aborted import, the garbage collector) is a DELETE whose conditions are checked
 *   row by row under that lock: a row a concurrent import is writing or reusing is waited for
 *   and then seen as just used (`touched_at` past the cutoff, `writer` someone else's), so it
 *   stays. An aborted import removes only rows it is still the writer of, that no other hold
 *   holds: anyone who reused the block since took the writer over.
 * - Holds (`block_holds`): an import holds every block it meets until its CIDs are recorded, in
 *   whatever process it runs; the garbage collector keeps every held block, however old. A hold
 *   untouched for the whole grace period belongs to a dead process and is dropped.
 * - Release touches the held blocks, so a collector whose view of the roots predates their
 *   recording sees fresh blocks and keeps them.
 *
 * Memory stays bounded as with files: an import writes through the same write-behind window,
 * reads fetch one block per query, and the collector keeps one key per reachable block.
 *
 * With a cache folder, blocks read are also kept on local disk (blocks never change: a copy is
 * never stale), up to a byte budget, least recently used first out; the folder starts empty at
 * every start.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type {
  BlockEngine,
  CollectGarbageOptions,
  EngineHold,
  GarbageCollection,
} from './block-engine.js';
import { ContentNotFoundError } from './errors.js';
import { WriteBehind } from './fs-blockstore.js';
import { markReachable } from './gc.js';
import { isErrno } from './holds.js';

/** The SQL the engine needs (repositories/block-repository.ts). */
export interface BlockTable {
  put(key: string, data: Uint8Array, hold: string, at: Date): Promise<boolean>;
  get(key: string): Promise<Uint8Array | null>;
  has(key: string): Promise<boolean>;
  touch(keys: string[], at: Date): Promise<void>;
  releaseHold(hold: string): Promise<void>;
  removeWritten(keys: string[], hold: string): Promise<{ key: string; size: number }[]>;
  dropStaleHolds(cutoff: Date, except: string[]): Promise<number>;
  page(
    after: string,
    cutoff: Date,
    limit: number,
  ): Promise<{ key: string; recent: boolean; held: boolean }[]>;
  removeUnused(keys: string[], cutoff: Date): Promise<{ key: string; size: number }[]>;
}

export interface PgBlockEngineOptions {
  /** A local folder for copies of blocks read; none: every read asks the database. */
  cacheDirectory?: string;
  /** What the cache may hold, in bytes. */
  cacheBytes?: number;
}

/**
 * Block writes under way at once per import. Each is a statement holding its block on a pooled
 * connection (and the driver's copy of it), and the pool runs only so many at once anyway: a
 * smaller window than on disk keeps an upload's memory at a few MiB.
 */
const WRITE_WINDOW = 8;
/** Keys read per page while the collector sweeps. */
const SWEEP_PAGE = 2_000;
/** Unmarked keys handed to one removal statement. */
const REMOVAL_BATCH = 500;

/** The row key of a block: the CIDv1 `raw` form of its multihash. */
export function blockKey(cid: CID): string {
  return CID.createV1(raw.code, cid.multihash).toString();
}

export class PgBlockEngine implements BlockEngine {
  readonly location = 'PostgreSQL table blocks';
  readonly #table: BlockTable;
  readonly #cache: DiskCache | null;

  private constructor(table: BlockTable, cache: DiskCache | null) {
    this.#table = table;
    this.#cache = cache;
  }

  static async open(table: BlockTable, options: PgBlockEngineOptions = {}) {
    const { cacheDirectory, cacheBytes = 0 } = options;
    const cache =
      cacheDirectory && cacheBytes > 0 ? await DiskCache.open(cacheDirectory, cacheBytes) : null;
    return new PgBlockEngine(table, cache);
  }

  newHold(): EngineHold {
    const table = this.#table;
    const id = `${process.pid}-${randomBytes(8).toString('hex')}`;
    const held = new Set<string>();
    const created = new Set<string>();
    return {
      id,
      writer: ({ window, signal }) =>
        new WriteBehind(
          {
            async put(cid, bytes, putSignal) {
              putSignal?.throwIfAborted();
              const key = blockKey(cid);
              // A file that repeats a chunk puts the same block again: once is enough.
              if (held.has(key)) return;
              held.add(key);
              try {
                if (await table.put(key, bytes, id, new Date())) created.add(key);
              } catch (error) {
                held.delete(key);
                throw error;
              }
            },
            // A committed statement is durable: nothing more to wait for.
            sync: async () => undefined,
          },
          { window: Math.min(window, WRITE_WINDOW), signal },
        ),
      settle: async () => undefined,
      async release(touch) {
        if (touch) await table.touch([...held], new Date());
        await table.releaseHold(id);
      },
      removeWritten: async () => {
        const removed = await table.removeWritten([...created], id);
        for (const { key } of removed) await this.#cache?.forget(key);
        return { removed: removed.length, bytes: removed.reduce((sum, row) => sum + row.size, 0) };
      },
    };
  }

  async getBytes(cid: CID, signal?: AbortSignal): Promise<Uint8Array> {
    signal?.throwIfAborted();
    const key = blockKey(cid);
    const cached = await this.#cache?.get(key);
    if (cached) return cached;
    const bytes = await this.#table.get(key);
    if (bytes === null) throw new ContentNotFoundError(cid.toString());
    await this.#cache?.put(key, bytes);
    return bytes;
  }

  has(cid: CID): Promise<boolean> {
    return this.#table.has(blockKey(cid));
  }

  async collectGarbage(
    options: CollectGarbageOptions,
    ownHolds: ReadonlySet<string>,
  ): Promise<GarbageCollection> {
    const { cutoff, signal } = options;
    const marked = new Set<string>();
    const reach = await markReachable(options.roots, {
      locate: (cid) => ({ file: blockKey(cid), directory: '' }),
      load: (key) => this.#table.get(key),
      marked,
      signal,
    });
    const result: GarbageCollection = {
      ...reach,
      markedBlocks: marked.size,
      scannedBlocks: 0,
      removedBlocks: 0,
      removedBytes: 0,
      keptRecent: 0,
      keptHeld: 0,
      staleHolds: await this.#table.dropStaleHolds(cutoff, [...ownHolds]),
      staleTempFiles: 0,
      recoveredFromTrash: 0,
    };
    let batch: string[] = [];
    const flush = async () => {
      const removed = await this.#table.removeUnused(batch, cutoff);
      batch = [];
      for (const { key, size } of removed) {
        result.removedBlocks += 1;
        result.removedBytes += size;
        await this.#cache?.forget(key);
      }
    };
    let after = '';
    for (;;) {
      signal?.throwIfAborted();
      const rows = await this.#table.page(after, cutoff, SWEEP_PAGE);
      for (const row of rows) {
        result.scannedBlocks += 1;
        if (marked.has(row.key)) continue;
        if (row.recent) result.keptRecent += 1;
        else if (row.held) result.keptHeld += 1;
        else batch.push(row.key);
        if (batch.length >= REMOVAL_BATCH) await flush();
      }
      if (rows.length < SWEEP_PAGE) break;
      after = rows[rows.length - 1]?.key ?? after;
    }
    await flush();
    return result;
  }

  async close(): Promise<void> {
    // The connection pool belongs to the database plugin; the cache needs no closing.
  }
}

/**
 * Copies of blocks on local disk, up to `maxBytes`, the least recently read leaving first. The
 * index is in memory (one entry per cached block), so the folder is emptied at every start.
 */
class DiskCache {
  readonly #directory: string;
  readonly #maxBytes: number;
  // Insertion order is recency order: a read moves its entry to the end.
  readonly #entries = new Map<string, number>();
  #bytes = 0;

  private constructor(directory: string, maxBytes: number) {
    this.#directory = directory;
    this.#maxBytes = maxBytes;
  }

  static async open(directory: string, maxBytes: number): Promise<DiskCache> {
    await rm(directory, { recursive: true, force: true });
    await mkdir(directory, { recursive: true });
    return new DiskCache(directory, maxBytes);
  }

  #path(key: string): string {
    return join(this.#directory, key);
  }

  async get(key: string): Promise<Uint8Array | null> {
    const size = this.#entries.get(key);
    if (size === undefined) return null;
    this.#entries.delete(key);
    this.#entries.set(key, size);
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if (!isErrno(error, 'ENOENT')) throw error;
      this.#drop(key);
      return null;
    }
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (this.#entries.has(key) || bytes.byteLength > this.#maxBytes) return;
    // Written under a name of its own and renamed, and listed only then: no reader ever sees
    // half a block.
    const temp = `${this.#path(key)}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, this.#path(key));
    } catch {
      // A cache that cannot write only costs a database read next time.
      await rm(temp, { force: true }).catch(() => undefined);
      return;
    }
    if (this.#entries.has(key)) return;
    this.#entries.set(key, bytes.byteLength);
    this.#bytes += bytes.byteLength;
    while (this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      await this.forget(oldest);
    }
  }

  async forget(key: string): Promise<void> {
    if (!this.#entries.has(key)) return;
    this.#drop(key);
    await rm(this.#path(key), { force: true });
  }

  #drop(key: string): void {
    const size = this.#entries.get(key);
    if (size === undefined) return;
    this.#entries.delete(key);
    this.#bytes -= size;
  }
}
