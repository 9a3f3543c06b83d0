/**
 * The block garbage collector: removes blocks that no recorded root reaches.
 *
 * Mark: every root CID the database records (posts' files, thumbnails and posters, avatars, files
 * of POST /media/upload/ipfs, comment images) is walked through its DAG, and every block reached
 * is marked. Only dag-pb nodes are read: a raw leaf is known from the link to it, so marking a
 * 50 MB file reads its two or three inner nodes, not its 200 leaves.
 *
 * Sweep: every block file that is unmarked, unheld (link count 1: no import in progress uses it,
 * see holds.ts) and older than the grace period is removed through the same rename-and-recount
 * step as an aborted upload's blocks. Blocks an import used are touched when it lets go of them,
 * so a root recorded after the mark began still has fresh blocks the sweep leaves alone.
 *
 * Memory: the marked set holds one key (about 60 characters) per reachable block, about 100 MB
 * per million blocks (256 GB of content); the sweep reads one shard folder at a time.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as dagPb from '@ipld/dag-pb';
import type { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import type { GarbageCollection } from './block-engine.js';
import { parseCid } from './cid.js';
import { isIdentity } from './dag.js';
import {
  HOLDS_DIR,
  listDirectory,
  lstatIfPresent,
  recoverTrash,
  removeBlocks,
  type BlockFile,
  type RemovalOptions,
} from './holds.js';

/** Reads a block by its file; null when it is absent. */
export type BlockFileLoader = (file: string, directory: string) => Promise<Uint8Array | null>;

export interface ReachOptions {
  locate: (cid: CID) => BlockFile;
  load: BlockFileLoader;
  /** Marked block files; blocks already in it are not walked again. */
  marked: Set<string>;
  signal?: AbortSignal;
}

export interface ReachResult {
  roots: number;
  /** Roots that are not valid CIDs, or whose root block is absent. */
  missingRoots: number;
  /** Inner dag-pb blocks that are absent (their subtrees cannot be marked). */
  missingBlocks: number;
}

/** Marks every block reachable from `roots` (CID texts). */
export async function markReachable(
  roots: AsyncIterable<string> | Iterable<string>,
  options: ReachOptions,
): Promise<ReachResult> {
  const { locate, load, marked, signal } = options;
  const result: ReachResult = { roots: 0, missingRoots: 0, missingBlocks: 0 };
  for await (const text of roots) {
    signal?.throwIfAborted();
    result.roots += 1;
    let root: CID;
    try {
      root = parseCid(text);
    } catch {
      result.missingRoots += 1;
      continue;
    }
    const stack: { cid: CID; isRoot: boolean }[] = [{ cid: root, isRoot: true }];
    while (stack.length > 0) {
      const { cid, isRoot } = stack.pop() as { cid: CID; isRoot: boolean };
      if (isIdentity(cid)) continue;
      const block = locate(cid);
      if (marked.has(block.file)) continue;
      marked.add(block.file);
      if (cid.code === raw.code) continue;
      if (cid.code !== dagPb.code) continue;
      const bytes = await load(block.file, block.directory);
      if (bytes === null) {
        if (isRoot) result.missingRoots += 1;
        else result.missingBlocks += 1;
        continue;
      }
      let links: CID[];
      try {
        links = dagPb.decode(bytes).Links.map((link) => link.Hash);
      } catch {
        continue;
      }
      for (const link of links) stack.push({ cid: link, isRoot: false });
    }
  }
  return result;
}

export interface SweepOptions {
  /** The store's root folder. */
  root: string;
  /** Block files reachable from recorded roots: kept. */
  marked: ReadonlySet<string>;
  /** Blocks (and stale holds, temp files, trash) modified at or after this time are kept. */
  cutoff: Date;
  /** Holds of this process's imports in progress: never taken for stale. */
  ownHolds: ReadonlySet<string>;
  removal: Omit<RemovalOptions, 'freshSince' | 'stillNeeded'>;
  signal?: AbortSignal;
}

/** The sweep's part of a collection's report: what it scanned, removed, kept and recovered. */
export type SweepResult = Omit<
  GarbageCollection,
  'roots' | 'missingRoots' | 'missingBlocks' | 'markedBlocks'
>;

// Shard folders are two characters of base32 (blockstore-fs's NextToLast); dot folders are ours.
const SHARD = /^[A-Z2-7]{2}$/;
const TEMP_FILE = /^\..+\.tmp$/;
/** Removals handed to removeBlocks at once. */
const REMOVAL_BATCH = 256;

/** Removes unmarked, unheld blocks older than the cutoff, one shard folder at a time. */
export async function sweep(options: SweepOptions): Promise<SweepResult> {
  const { root, marked, cutoff, ownHolds, signal } = options;
  const cutoffMs = cutoff.getTime();
  const result: SweepResult = {
    scannedBlocks: 0,
    removedBlocks: 0,
    removedBytes: 0,
    keptRecent: 0,
    keptHeld: 0,
    staleHolds: 0,
    staleTempFiles: 0,
    recoveredFromTrash: 0,
  };

  result.recoveredFromTrash = await recoverTrash(root, {
    except: options.removal.trashName,
    olderThan: cutoffMs,
    durable: options.removal.durable,
  });
  // A hold folder gets a new entry with every block its import meets; one untouched for the whole
  // grace period belongs to a process that is gone.
  const holdsRoot = join(root, HOLDS_DIR);
  for (const name of await listDirectory(holdsRoot)) {
    const folder = join(holdsRoot, name);
    if (ownHolds.has(folder)) continue;
    const stats = await lstatIfPresent(folder);
    if (stats && stats.mtimeMs < cutoffMs) {
      await rm(folder, { recursive: true, force: true });
      result.staleHolds += 1;
    }
  }

  for (const shard of (await listDirectory(root)).filter((name) => SHARD.test(name)).sort()) {
    signal?.throwIfAborted();
    const directory = join(root, shard);
    let batch: BlockFile[] = [];
    const flush = async () => {
      const removed = await removeBlocks(batch, { ...options.removal, freshSince: cutoffMs });
      result.removedBlocks += removed.removed;
      result.removedBytes += removed.bytes;
      batch = [];
    };
    for (const file of await listDirectory(directory)) {
      if (TEMP_FILE.test(file)) {
        const stats = await lstatIfPresent(join(directory, file));
        if (stats && stats.mtimeMs < cutoffMs) {
          await rm(join(directory, file), { force: true });
          result.staleTempFiles += 1;
        }
        continue;
      }
      if (!file.endsWith('.data')) continue;
      result.scannedBlocks += 1;
      if (marked.has(file)) continue;
      const stats = await lstatIfPresent(join(directory, file));
      if (!stats) continue;
      if (stats.mtimeMs >= cutoffMs) {
        result.keptRecent += 1;
        continue;
      }
      if (stats.nlink > 1) {
        result.keptHeld += 1;
        continue;
      }
      batch.push({ file, directory });
      if (batch.length >= REMOVAL_BATCH) await flush();
    }
    await flush();
  }
  return result;
}
