import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { access, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FsBlockstore } from 'blockstore-fs';
import { NextToLast } from 'blockstore-fs/sharding';
import type { CID } from 'multiformats/cid';
import { ContentNotFoundError } from './errors.js';
import { fsyncDirectory, isErrno, type BlockFile, type BlockHold } from './holds.js';

type BlockBytes = Uint8Array | Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

interface SignalOptions {
  signal?: AbortSignal;
}

interface PutOptions extends SignalOptions {
  /** The import the block belongs to: it holds the block until it is recorded (see holds.ts). */
  hold?: BlockHold;
}

/**
 * blockstore-fs with writes that are safe under concurrency and crashes.
 *
 * The on-disk layout is blockstore-fs's own (`<root>/<next-to-last two chars>/<MULTIHASH>.data`),
 * so the directory stays readable by any blockstore-fs user. Only `put` and `get` differ:
 *
 * - blockstore-fs writes through a temp file whose name is fixed per block, so two uploads of the
 *   same bytes (a common case: the same PDF posted twice) race on one temp file, and a reader can
 *   see a block truncated by the second writer. Here each write gets its own temp file and lands
 *   with an atomic rename; a block already present is not written again.
 * - With `durable` (the default), block data is fsynced before the rename and the touched shard
 *   directories are fsynced by {@link sync}, the same guarantees as Kubo's flatfs with `sync`
 *   on: after a crash a block is either complete or absent, never empty or torn, and a CID the
 *   database was told about (after `sync`) survives.
 * - blockstore-fs's `get` reports every failure as "not found"; here only a missing file is
 *   {@link ContentNotFoundError}, so an I/O fault stays a server error instead of a 404.
 * - A `put` with a hold links the block into the hold's folder, so a failed upload can tell the
 *   blocks it wrote from blocks others use (holds.ts).
 */
export class DurableFsBlockstore extends FsBlockstore {
  readonly #layout: NextToLast;
  readonly #durable: boolean;
  readonly #unsyncedDirs = new Set<string>();
  // Shard directories seen to exist: there are at most 1,024, and they are never removed.
  readonly #knownDirectories = new Set<string>();

  constructor(location: string, options: { durable?: boolean } = {}) {
    const layout = new NextToLast();
    super(location, { shardingStrategy: layout });
    this.#layout = layout;
    this.#durable = options.durable ?? true;
  }

  /** Where a block's file is (whether or not it is there). */
  locate(cid: CID): BlockFile {
    const { dir, file } = this.#layout.encode(cid);
    return { directory: join(this.path, dir), file };
  }

  override async put(cid: CID, bytes: BlockBytes, options?: PutOptions): Promise<CID> {
    options?.signal?.throwIfAborted();
    const hold = options?.hold;
    const block = this.locate(cid);
    const { directory, file } = block;
    const target = join(directory, file);
    if (hold) {
      if (!hold.claim(block)) return cid;
      await hold.ready();
      // Same key, same bytes: a block that is already there is held, never rewritten.
      if (await hold.linkExisting(block)) return cid;
    } else if (await exists(target)) {
      return cid;
    }
    try {
      await this.#write(block, bytes, options);
    } catch (error) {
      hold?.unclaim(block);
      throw error;
    }
    return cid;
  }

  async #write(block: BlockFile, bytes: BlockBytes, options?: PutOptions): Promise<void> {
    const { directory, file } = block;
    const target = join(directory, file);
    const hold = options?.hold;

    if (!this.#knownDirectories.has(directory)) {
      const createdDirectory = await mkdir(directory, { recursive: true });
      if (createdDirectory !== undefined && this.#durable) await fsyncDirectory(this.path);
      this.#knownDirectories.add(directory);
    }

    // Callback-style calls: at hundreds of blocks a second, fs/promises' FileHandle per block
    // (and its promise per call) showed up as a sixth of an upload's time.
    const temp = join(directory, `.${file}.${randomBytes(8).toString('hex')}.tmp`);
    const data = await collect(bytes);
    try {
      const fd = await callback<number>((done) => fs.open(temp, 'wx', done));
      try {
        let offset = 0;
        while (offset < data.byteLength) {
          options?.signal?.throwIfAborted();
          offset += await callback<number>((done) =>
            fs.write(fd, data, offset, data.byteLength - offset, null, done),
          );
        }
        if (this.#durable) await callback<void>((done) => fs.fsync(fd, done));
      } finally {
        await callback<void>((done) => fs.close(fd, done));
      }
      // Held before it is visible, so no removal can take it between its arrival and the hold.
      if (hold) await hold.linkNew(temp, block);
      // A link, not a rename: a block file in place is never replaced, so the file an import
      // holds stays the one in place (rename would swap in another file of the same bytes).
      if (await placeFile(temp, target)) hold?.created(block);
      else if (hold && (await hold.pinCurrent(block, temp)) === 'placed') hold.created(block);
      await callback<void>((done) => fs.unlink(temp, done));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    if (this.#durable) this.#unsyncedDirs.add(directory);
  }

  override async *get(cid: CID, options?: SignalOptions): AsyncGenerator<Uint8Array> {
    yield await this.getBytes(cid, options);
  }

  /** The whole block (blocks are small: at most one chunk plus framing). */
  async getBytes(cid: CID, options?: SignalOptions): Promise<Uint8Array> {
    const { dir, file } = this.#layout.encode(cid);
    try {
      return await readFile(join(this.path, dir, file), { signal: options?.signal });
    } catch (error) {
      if (isErrno(error, 'ENOENT')) throw new ContentNotFoundError(cid.toString());
      throw error;
    }
  }

  /** Makes every rename done so far durable; a no-op without `durable`. */
  async sync(): Promise<void> {
    const directories = [...this.#unsyncedDirs];
    this.#unsyncedDirs.clear();
    try {
      await Promise.all(directories.map(fsyncDirectory));
    } catch (error) {
      for (const directory of directories) this.#unsyncedDirs.add(directory);
      throw error;
    }
  }
}

/** Where a {@link WriteBehind} writes: one block at a time, then everything made durable. */
export interface WriteTarget {
  put(cid: CID, bytes: Uint8Array, signal?: AbortSignal): Promise<unknown>;
  sync(): Promise<void>;
}

/**
 * Block writes of one import that overlap with what the import does next. The UnixFS importer
 * writes blocks in batches and waits for a whole batch before it reads on, so a socket and a
 * disk (or a database) would otherwise take turns idling. Here `put` returns as soon as the write
 * is under way (waiting only while `window` writes are), and {@link flush} waits for all of them
 * and makes them durable: the import is not done, and its CID not handed out, before that.
 */
export class WriteBehind {
  readonly #target: WriteTarget;
  readonly #window: number;
  readonly #signal: AbortSignal | undefined;
  readonly #pending = new Set<Promise<void>>();
  #failure: { error: unknown } | undefined;

  constructor(target: WriteTarget, options: { window: number; signal?: AbortSignal }) {
    this.#target = target;
    this.#window = options.window;
    this.#signal = options.signal;
  }

  async put(cid: CID, bytes: Uint8Array): Promise<CID> {
    while (this.#pending.size >= this.#window) await Promise.race(this.#pending);
    this.#throwIfFailed();
    const write: Promise<void> = this.#target
      .put(cid, bytes, this.#signal)
      .then(
        () => undefined,
        (error: unknown) => {
          this.#failure ??= { error };
        },
      )
      .finally(() => this.#pending.delete(write));
    this.#pending.add(write);
    return cid;
  }

  /** Waits for every write; throws the first that failed; then syncs what they touched. */
  async flush(): Promise<void> {
    await Promise.all(this.#pending);
    this.#throwIfFailed();
    await this.#target.sync();
  }

  /** Lets the writes under way finish, without syncing (the caller removes what they wrote). */
  async settle(): Promise<void> {
    await Promise.all(this.#pending);
  }

  #throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }
}

/** One callback-style fs call as a promise: lighter than fs/promises' FileHandle per call. */
function callback<T>(call: (done: (error: Error | null, result: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    call((error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function collect(bytes: BlockBytes): Promise<Uint8Array> {
  if (bytes instanceof Uint8Array) return bytes;
  const chunks: Uint8Array[] = [];
  for await (const chunk of bytes) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Links `source` in at `target`; false when a file is already there (the same bytes). */
async function placeFile(source: string, target: string): Promise<boolean> {
  try {
    await callback<void>((done) => fs.link(source, target, done));
    return true;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return false;
    throw error;
  }
}
