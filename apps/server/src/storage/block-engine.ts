/**
 * Where a content store keeps its blocks: the interface every blockstore of the content store
 * implements — blocks on disk (fs-engine.ts, the default) or rows of PostgreSQL (pg-engine.ts,
 * BLOCKSTORE=postgres). The content store (content-store.ts) builds DAGs, reads files, ranges and
 * CARs on top of it and never knows which one it has.
 *
 * Every engine keeps the same promises (see holds.ts for the file-system form):
 * - a block is written under its hash, once; writing the same block again changes nothing;
 * - the blocks an import writes or reuses are held until the import's CIDs are recorded, so no
 *   removal — another upload's abort, the garbage collector, in this or another process — takes
 *   them meanwhile;
 * - an aborted import removes only the blocks it wrote itself and nothing else needs.
 */
import type { CID } from 'multiformats/cid';

export interface RemovalResult {
  removed: number;
  bytes: number;
}

/**
 * Root CIDs recorded (in the database) at or after `since`. An aborted upload asks before it
 * removes a block it wrote: another upload may have reused that block and been recorded already.
 */
export type RecordedRoots = (since: Date) => Promise<Iterable<string>>;

export interface CollectGarbageOptions {
  /** Every root CID the database records. */
  roots: AsyncIterable<string> | Iterable<string>;
  /** Blocks written or used at or after this time are kept whatever their roots (the grace period). */
  cutoff: Date;
  signal?: AbortSignal;
}

export interface GarbageCollection {
  roots: number;
  missingRoots: number;
  missingBlocks: number;
  markedBlocks: number;
  scannedBlocks: number;
  removedBlocks: number;
  removedBytes: number;
  /** Unmarked blocks kept because they are younger than the grace period. */
  keptRecent: number;
  /** Unmarked blocks kept because an import in progress holds them. */
  keptHeld: number;
  /** Holds left by processes that died, removed; temp files of interrupted writes, removed. */
  staleHolds: number;
  staleTempFiles: number;
  /** Blocks a crashed removal left in the trash, put back (file system only). */
  recoveredFromTrash: number;
}

/** The block writes of one import, overlapping with the import's reading (see WriteBehind). */
export interface BlockWriter {
  put(cid: CID, bytes: Uint8Array): Promise<CID>;
  /** Waits for every write; throws the first that failed; makes them durable. */
  flush(): Promise<void>;
  /** Lets the writes under way finish (the caller removes what they wrote). */
  settle(): Promise<void>;
}

/** The blocks one upload (one or several files) writes and reuses, held while it runs. */
export interface EngineHold {
  /** Names the hold among every process's holds (the garbage collector spares its own). */
  readonly id: string;
  writer(options: { window: number; signal?: AbortSignal }): BlockWriter;
  /** Every held block in place and durable: record the CIDs after this. */
  settle(): Promise<void>;
  /**
   * Lets go of every block. With `touch`, they are marked as just used first, so a garbage
   * collector that looks at them before their roots are in its view keeps them.
   */
  release(touch: boolean): Promise<void>;
  /** After release(false): removes the blocks it wrote that nothing else needs. */
  removeWritten(startedAt: Date, recordedRoots: RecordedRoots | undefined): Promise<RemovalResult>;
}

export interface BlockEngine {
  /** Where the blocks are, for logs (a folder, or the database). */
  readonly location: string;
  newHold(): EngineHold;
  /** The whole block; throws ContentNotFoundError when it is absent. */
  getBytes(cid: CID, signal?: AbortSignal): Promise<Uint8Array>;
  has(cid: CID): Promise<boolean>;
  /** Removes blocks that no root reaches, no hold holds and the grace period no longer covers. */
  collectGarbage(
    options: CollectGarbageOptions,
    ownHolds: ReadonlySet<string>,
  ): Promise<GarbageCollection>;
  close(): Promise<void>;
}
