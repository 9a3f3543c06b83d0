/**
 * The IPFS content store: files become UnixFS DAGs in a blockstore (files on disk, or rows of
 * PostgreSQL with BLOCKSTORE=postgres: block-engine.ts), addressed by the
 * same CIDs `ipfs add --cid-version=1` gives, and are read back as bytes (whole or by range),
 * as single blocks or as CARs — everything a path/trustless gateway and an upload service need.
 *
 * Uploads stream through: an import holds at most about 12 MiB of 256 KiB chunks at a time (a
 * hashing batch plus the writes behind it), never a whole file, and reads pull block by block the
 * same way (see dag.ts).
 *
 * Uploads leave nothing behind when they fail: every import runs in an {@link UploadSession}
 * that holds the blocks it writes and reuses (holds.ts). An upload that is refused or cut off is
 * aborted, and the blocks it wrote are removed at once, except those another import holds or a
 * root recorded meanwhile reaches; one that succeeds is committed once its files are recorded.
 * What a crash leaves is found by the garbage collector (gc.ts), which keeps everything a
 * recorded root reaches, everything held, and everything younger than its grace period.
 *
 * Pinning to a Kubo node (for reach beyond this server) is not done here. It plugs in after
 * `importFile` resolves: stream `exportCar(cid)` into Kubo's `dag/import` RPC
 * (kubo-rpc-client `dag.import`). Kubo then holds the identical DAG and announces the same CID.
 */
import type { Readable } from 'node:stream';
import type { CID } from 'multiformats/cid';
import { importFile as importUnixfsFile } from 'ipfs-unixfs-importer';
import type { ImporterOptions } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import { toCid } from './cid.js';
import { carHeader, carSectionPrefix } from './car.js';
import { decodeFileNode, isIdentity, readFileRange, walkDag } from './dag.js';
import type { BlockLoader } from './dag.js';
import type {
  BlockEngine,
  CollectGarbageOptions,
  EngineHold,
  GarbageCollection,
  RecordedRoots,
  RemovalResult,
} from './block-engine.js';
import { ContentNotFoundError, FileTooLargeError, InvalidRangeError } from './errors.js';
import { FsBlockEngine } from './fs-engine.js';

export type {
  CollectGarbageOptions,
  GarbageCollection,
  RecordedRoots,
  RemovalResult,
} from './block-engine.js';

/** Kubo's `ipfs add` chunker: `size-262144`. */
export const CHUNK_SIZE = 262_144;
/** Kubo's balanced layout: at most 174 links per node (what fits a 256 KiB block, historically). */
export const MAX_CHILDREN_PER_NODE = 174;

// The importer hashes chunks in batches of this many; each is 256 KiB of memory per upload.
const BLOCK_WRITE_CONCURRENCY = 16;
// Block writes (with their fsyncs) under way at once per import, while the importer reads on:
// at most 8 MiB per upload on top of the batch above (see WriteBehind).
const WRITE_BEHIND_WINDOW = 32;
// An import made outside an upload session (a thumbnail, an avatar) is recorded by its caller
// right after it resolves; its blocks stay held this long, so no aborting upload that wrote one
// of them removes it in between.
const UNSESSIONED_HOLD_MS = 5 * 60_000;

/**
 * Importer settings equal to Kubo's `ipfs add` defaults: `--cid-version=1` (raw leaves, the
 * default here) or the legacy CIDv0 form (dag-pb leaves). Both use 256 KiB fixed chunks, a
 * balanced DAG of up to 174 children per node, and sha2-256.
 */
export function kuboImporterOptions(cidVersion: 0 | 1): ImporterOptions {
  return {
    cidVersion,
    rawLeaves: cidVersion === 1,
    leafType: 'file',
    reduceSingleLeafToSelf: true,
    chunker: fixedSize({ chunkSize: CHUNK_SIZE }),
    layout: balanced({ maxChildrenPerNode: MAX_CHILDREN_PER_NODE }),
    blockWriteConcurrency: BLOCK_WRITE_CONCURRENCY,
  };
}

export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array> | Readable;

export interface ImportOptions {
  /** 1 (default): CIDv1 with raw leaves, as `ipfs add --cid-version=1`. 0: legacy `Qm…` CIDs. */
  cidVersion?: 0 | 1;
  /**
   * Stop with {@link FileTooLargeError} as soon as the stream passes this many bytes. The source
   * is closed (a Readable is destroyed); blocks already written stay, harmlessly (see the error).
   */
  maxBytes?: number;
  /** Aborts the import; the signal's reason is thrown. */
  signal?: AbortSignal;
  /**
   * The upload this file belongs to: its blocks stay held until the session is committed and
   * released, or are removed when it is aborted. Without one, a failed import removes what it
   * wrote, and a successful one holds its blocks a few minutes for its caller to record the CID.
   */
  session?: UploadSession;
}

export interface ImportedContent {
  /** Text form of the root CID: base32 `b…` for CIDv1, base58btc `Qm…` for CIDv0. */
  cid: string;
  /** Bytes of the file (not of the DAG, which adds a little framing). */
  size: number;
}

export interface ContentStat {
  cid: string;
  /** `raw`: a single raw block (small CIDv1 files); `file`: a UnixFS file node. */
  type: 'raw' | 'file';
  /** Bytes of the file. */
  size: number;
  /** Bytes of the root block itself (what `getBlock` returns). */
  blockSize: number;
}

export interface CatOptions {
  /** First byte to return (default 0). Must not be past the end; equal to the size gives nothing. */
  offset?: number;
  /** Bytes to return at most (default: to the end); a longer length is cut at the end. */
  length?: number;
  signal?: AbortSignal;
}

export interface CarOptions {
  /** Repeat a block each time the walk meets it (`dups=y`). Default false (`dups=n`). */
  dups?: boolean;
  signal?: AbortSignal;
}

export interface ContentStoreOptions {
  /**
   * fsync blocks and directories so imported content survives a crash (default true). Tests
   * and throwaway stores can turn it off for speed.
   */
  durable?: boolean;
  /**
   * See {@link RecordedRoots}; may be given later with {@link ContentStore.useRecordedRoots}.
   * Until it is, an aborted upload leaves the blocks it wrote to the garbage collector.
   */
  recordedRoots?: RecordedRoots;
}

/**
 * The blocks of one upload (one or several files): held while it runs, removed if it is aborted.
 * Commit once every file is imported, record the CIDs, then release; abort on any failure.
 */
export class UploadSession {
  readonly hold: EngineHold;
  readonly startedAt = new Date();
  #state: 'open' | 'committed' | 'ended' = 'open';
  readonly #store: ContentStore;
  readonly #end: () => void;

  /** @internal Made by {@link ContentStore.beginUpload}. */
  constructor(store: ContentStore, hold: EngineHold, end: () => void) {
    this.#store = store;
    this.hold = hold;
    this.#end = end;
  }

  /** Whether files may still be imported into it (it is neither committed nor ended). */
  get open(): boolean {
    return this.#state === 'open';
  }

  importFile(source: ByteSource, options: Omit<ImportOptions, 'session'> = {}) {
    return this.#store.importFile(source, { ...options, session: this });
  }

  /**
   * Makes sure every block of the session is in place and on disk. Record the CIDs after this:
   * until release, no removal (another upload's abort, the garbage collector) can take them.
   */
  async commit(): Promise<void> {
    if (this.#state !== 'open') throw new Error(`upload session already ${this.#state}`);
    await this.hold.settle();
    this.#state = 'committed';
  }

  /** Lets go of the blocks, once their CIDs are recorded. */
  async release(): Promise<void> {
    if (this.#state === 'ended') return;
    this.#state = 'ended';
    try {
      await this.hold.release(true);
    } finally {
      this.#end();
    }
  }

  /**
   * Ends a failed upload: lets go of its blocks, and removes those it wrote itself unless another
   * import holds them or a root recorded since it began reaches them. Blocks that existed before
   * are never touched. Safe to call more than once.
   */
  async abort(): Promise<RemovalResult> {
    if (this.#state === 'ended') return { removed: 0, bytes: 0 };
    this.#state = 'ended';
    try {
      await this.hold.release(false);
      return await this.hold.removeWritten(this.startedAt, this.#store.recordedRoots);
    } finally {
      this.#end();
    }
  }
}

export class ContentStore {
  readonly #blocks: BlockEngine;
  readonly #load: BlockLoader;
  readonly #open = new Set<UploadSession>();
  readonly #lingering = new Map<UploadSession, NodeJS.Timeout>();
  #idleWaiters: (() => void)[] = [];
  #recordedRoots: RecordedRoots | undefined;

  private constructor(blocks: BlockEngine, options: ContentStoreOptions) {
    this.#blocks = blocks;
    this.#recordedRoots = options.recordedRoots;
    this.#load = (cid, signal) =>
      isIdentity(cid) ? Promise.resolve(cid.multihash.digest) : this.#blocks.getBytes(cid, signal);
  }

  /**
   * Opens (creating if needed) the store whose blocks live under `directory`, putting back any
   * block a crash left halfway through a removal.
   */
  static async open(directory: string, options: ContentStoreOptions = {}): Promise<ContentStore> {
    return new ContentStore(await FsBlockEngine.open(directory, options), options);
  }

  /** A store on another blockstore (PostgreSQL: pg-engine.ts); it closes the engine with itself. */
  static withEngine(engine: BlockEngine, options: ContentStoreOptions = {}): ContentStore {
    return new ContentStore(engine, options);
  }

  /** @internal How an aborting upload finds the roots recorded meanwhile. */
  get recordedRoots(): RecordedRoots | undefined {
    return this.#recordedRoots;
  }

  /** Tells the store how to find recently recorded roots (see {@link RecordedRoots}). */
  useRecordedRoots(recordedRoots: RecordedRoots): void {
    this.#recordedRoots = recordedRoots;
  }

  /** Starts an upload of one or more files; see {@link UploadSession}. */
  beginUpload(): UploadSession {
    let session: UploadSession | undefined = undefined;
    session = new UploadSession(this, this.#blocks.newHold(), () => {
      if (session) this.#ended(session);
    });
    this.#open.add(session);
    return session;
  }

  /** Upload sessions neither committed-and-released nor aborted yet. */
  get activeUploads(): number {
    return this.#open.size;
  }

  /** Resolves once no upload session is open (tests wait on it after cutting a client off). */
  whenIdle(): Promise<void> {
    if (this.#open.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Where the blocks live: a folder, or (BLOCKSTORE=postgres) the database. */
  get directory(): string {
    return this.#blocks.location;
  }

  /**
   * Imports a byte stream as a UnixFS file and returns its root CID. When the promise resolves
   * every block is stored (and, if durable, on disk), so the CID can be recorded right away.
   */
  async importFile(source: ByteSource, options: ImportOptions = {}): Promise<ImportedContent> {
    const { cidVersion = 1, maxBytes, signal, session } = options;
    if (maxBytes !== undefined && !(Number.isSafeInteger(maxBytes) && maxBytes >= 0)) {
      throw new RangeError(`maxBytes must be a non-negative integer, got ${maxBytes}`);
    }
    if (session && !session.open) throw new Error('the upload session takes no more files');
    const own = session ?? this.beginUpload();
    try {
      signal?.throwIfAborted();
      const metered = meter(source as AsyncIterable<unknown> | Iterable<unknown>, maxBytes, signal);
      const writer = own.hold.writer({ window: WRITE_BEHIND_WINDOW, signal });
      let result: Awaited<ReturnType<typeof importUnixfsFile>>;
      try {
        result = await importUnixfsFile(
          { content: metered.content },
          writer,
          kuboImporterOptions(cidVersion),
        );
        await writer.flush();
      } catch (error) {
        await writer.settle();
        // An abort can surface from the source or from a write in flight (as fs's AbortError);
        // callers get the signal's own reason either way.
        if (signal?.aborted === true) throw signal.reason;
        throw error;
      }
      if (!session) {
        await own.commit();
        this.#linger(own);
      }
      return { cid: result.cid.toString(), size: metered.bytes() };
    } catch (error) {
      // A session the caller owns is the caller's to abort, with every file of the upload.
      if (!session) await own.abort().catch(() => undefined);
      throw error;
    }
  }

  /**
   * Marks every block reachable from `roots`, then removes the blocks that are unmarked, unheld
   * and older than `cutoff` (see gc.ts). Safe while uploads run in this and other processes.
   */
  async collectGarbage(options: CollectGarbageOptions): Promise<GarbageCollection> {
    const ownHolds = new Set([...this.#open, ...this.#lingering.keys()].map((s) => s.hold.id));
    return this.#blocks.collectGarbage(options, ownHolds);
  }

  #linger(session: UploadSession): void {
    this.#open.delete(session);
    const timer = setTimeout(() => {
      this.#lingering.delete(session);
      void session.release().catch(() => undefined);
    }, UNSESSIONED_HOLD_MS);
    timer.unref();
    this.#lingering.set(session, timer);
    this.#notifyIdle();
  }

  #ended(session: UploadSession): void {
    this.#open.delete(session);
    this.#notifyIdle();
  }

  #notifyIdle(): void {
    if (this.#open.size > 0) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** Whether the root block of `cid` is here (identity CIDs always are). */
  async has(cid: CID | string): Promise<boolean> {
    const parsed = toCid(cid);
    return isIdentity(parsed) || this.#blocks.has(parsed);
  }

  /**
   * What `cid` is and how big, or null when its root block is absent. Throws
   * UnsupportedContentError for content that is not a file (a directory, another codec).
   */
  async stat(cid: CID | string): Promise<ContentStat | null> {
    const parsed = toCid(cid);
    const block = await this.#tryLoad(parsed);
    if (block === null) return null;
    const node = decodeFileNode(parsed, block);
    return {
      cid: parsed.toString(),
      type: node.type,
      size: node.size,
      blockSize: block.byteLength,
    };
  }

  /**
   * The file's bytes, or a range of them. Seeks through the DAG, loading only the blocks that
   * hold the range. Throws (on first read) ContentNotFoundError when the root is absent and
   * InvalidRangeError for an offset past the end.
   */
  async *cat(cid: CID | string, options: CatOptions = {}): AsyncGenerator<Uint8Array> {
    const parsed = toCid(cid);
    const { offset = 0, length, signal } = options;
    const root = decodeFileNode(parsed, await this.#load(parsed, signal));
    if (
      !Number.isSafeInteger(offset) ||
      offset < 0 ||
      offset > root.size ||
      (length !== undefined && !(Number.isSafeInteger(length) && length >= 0))
    ) {
      throw new InvalidRangeError(offset, length, root.size);
    }
    const end = length === undefined ? root.size : Math.min(root.size, offset + length);
    yield* readFileRange(this.#load, root, offset, end, signal);
  }

  /** The bytes of one block, exactly as hashed (for `application/vnd.ipld.raw`), or null. */
  async getBlock(cid: CID | string): Promise<Uint8Array | null> {
    return this.#tryLoad(toCid(cid));
  }

  /**
   * A CARv1 of the whole DAG: `cid` as its only root, blocks in depth-first link order without
   * duplicates (`order=dfs; dups=n` in trustless-gateway terms), so the same CID always gives
   * the same bytes. Throws (on first read) ContentNotFoundError when the root is absent; a
   * missing child block throws mid-stream, after part of the CAR was produced.
   */
  async *exportCar(cid: CID | string, options: CarOptions = {}): AsyncGenerator<Uint8Array> {
    const parsed = toCid(cid);
    const blocks = walkDag(this.#load, parsed, options);
    // Pull the root before the header, so absent content fails before any byte is produced.
    const first = await blocks.next();
    yield carHeader(parsed);
    if (first.done === true) return;
    yield carSectionPrefix(first.value.cid, first.value.bytes);
    yield first.value.bytes;
    for await (const { cid: blockCid, bytes } of blocks) {
      yield carSectionPrefix(blockCid, bytes);
      yield bytes;
    }
  }

  async close(): Promise<void> {
    const lingering = [...this.#lingering];
    this.#lingering.clear();
    for (const [, timer] of lingering) clearTimeout(timer);
    await Promise.all(lingering.map(([session]) => session.release().catch(() => undefined)));
    await this.#blocks.close();
  }

  async #tryLoad(cid: CID): Promise<Uint8Array | null> {
    try {
      return await this.#load(cid);
    } catch (error) {
      if (error instanceof ContentNotFoundError) return null;
      throw error;
    }
  }
}

/**
 * Passes the source through while counting it, refusing anything that is not bytes (a Readable
 * with an encoding set would yield strings) and stopping at `maxBytes` or on abort. Throwing
 * here ends the importer's read of the source, which closes the source in turn.
 */
function meter(
  source: AsyncIterable<unknown> | Iterable<unknown>,
  maxBytes: number | undefined,
  signal: AbortSignal | undefined,
): { content: AsyncIterable<Uint8Array>; bytes: () => number } {
  let total = 0;
  async function* content(): AsyncGenerator<Uint8Array> {
    for await (const chunk of source) {
      signal?.throwIfAborted();
      if (!(chunk instanceof Uint8Array)) {
        throw new TypeError('importFile needs a stream of bytes (Uint8Array/Buffer chunks)');
      }
      total += chunk.byteLength;
      if (maxBytes !== undefined && total > maxBytes) throw new FileTooLargeError(maxBytes);
      if (chunk.byteLength > 0) yield chunk;
    }
    signal?.throwIfAborted();
  }
  return { content: content(), bytes: () => total };
}
