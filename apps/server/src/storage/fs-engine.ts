/**
 * Blocks as files (BLOCKSTORE=fs, the default): blockstore-fs's layout under one folder, written
 * safely under concurrency and crashes (fs-blockstore.ts), held by hard links (holds.ts) and
 * collected by a mark-and-sweep over the shard folders (gc.ts). Several processes may share the
 * folder (a shared file system): holds and removals are told by link counts every process sees.
 */
import { randomBytes } from 'node:crypto';
import type { CID } from 'multiformats/cid';
import type {
  BlockEngine,
  CollectGarbageOptions,
  EngineHold,
  GarbageCollection,
  RecordedRoots,
  RemovalResult,
} from './block-engine.js';
import { DurableFsBlockstore, WriteBehind } from './fs-blockstore.js';
import { markReachable, sweep } from './gc.js';
import {
  BlockHold,
  fsyncDirectory,
  readBlockAnywhere,
  recoverTrash,
  removeBlocks,
} from './holds.js';

// How far before an aborted upload began it looks for recorded roots that may need its blocks:
// rows carry the recording process's clock, and several processes' clocks may differ a little.
const RECORDED_ROOTS_MARGIN_MS = 10 * 60_000;

export class FsBlockEngine implements BlockEngine {
  readonly #blocks: DurableFsBlockstore;
  readonly #durable: boolean;
  // This process's folder in `.trash/`, so processes sharing the store never meet there.
  readonly #trashName = `${process.pid}-${randomBytes(6).toString('hex')}`;

  private constructor(blocks: DurableFsBlockstore, durable: boolean) {
    this.#blocks = blocks;
    this.#durable = durable;
  }

  /** Opens (creating if needed) the folder, putting back what a crashed removal left halfway. */
  static async open(directory: string, options: { durable?: boolean } = {}) {
    const durable = options.durable ?? true;
    const blocks = new DurableFsBlockstore(directory, { durable });
    await blocks.open();
    await recoverTrash(blocks.path, { durable });
    return new FsBlockEngine(blocks, durable);
  }

  get location(): string {
    return this.#blocks.path;
  }

  newHold(): EngineHold {
    const blocks = this.#blocks;
    const hold = new BlockHold(blocks.path);
    const durable = this.#durable;
    const removal = { root: blocks.path, trashName: this.#trashName, durable };
    return {
      id: hold.path,
      writer: ({ window, signal }) =>
        new WriteBehind(
          {
            put: (cid, bytes, putSignal) => blocks.put(cid, bytes, { signal: putSignal, hold }),
            sync: () => blocks.sync(),
          },
          { window, signal },
        ),
      async settle() {
        const placed = await hold.verify();
        if (durable) await Promise.all(placed.map(fsyncDirectory));
        await blocks.sync();
      },
      release: (touch) => hold.release(touch),
      async removeWritten(startedAt: Date, recordedRoots: RecordedRoots | undefined) {
        const written = hold.createdBlocks();
        // Without a way to see recorded roots, a written block might be one a recorded upload
        // reused: it is left to the garbage collector.
        if (written.length === 0 || !recordedRoots) return { removed: 0, bytes: 0 };
        return removeBlocks(written, {
          ...removal,
          stillNeeded: async (candidates, load) => {
            const since = new Date(startedAt.getTime() - RECORDED_ROOTS_MARGIN_MS);
            const marked = new Set<string>();
            await markReachable(await recordedRoots(since), {
              locate: (cid) => blocks.locate(cid),
              load,
              marked,
            });
            return new Set([...candidates].filter((file) => marked.has(file)));
          },
        }) satisfies Promise<RemovalResult>;
      },
    };
  }

  getBytes(cid: CID, signal?: AbortSignal): Promise<Uint8Array> {
    return this.#blocks.getBytes(cid, { signal });
  }

  has(cid: CID): Promise<boolean> {
    return this.#blocks.has(cid);
  }

  async collectGarbage(
    options: CollectGarbageOptions,
    ownHolds: ReadonlySet<string>,
  ): Promise<GarbageCollection> {
    const marked = new Set<string>();
    const reach = await markReachable(options.roots, {
      locate: (cid) => this.#blocks.locate(cid),
      load: (file, directory) => readBlockAnywhere(this.#blocks.path, { file, directory }),
      marked,
      signal: options.signal,
    });
    const swept = await sweep({
      root: this.#blocks.path,
      marked,
      cutoff: options.cutoff,
      ownHolds,
      removal: { root: this.#blocks.path, trashName: this.#trashName, durable: this.#durable },
      signal: options.signal,
    });
    return { ...reach, markedBlocks: marked.size, ...swept };
  }

  close(): Promise<void> {
    return this.#blocks.close();
  }
}
