/**
 * Which blocks are in use by an import that has not been recorded yet, told by hard links.
 *
 * Blocks are shared: two uploads of the same bytes (or of files with a chunk in common) store one
 * block. So a block an upload wrote may not simply be deleted when the upload fails — another
 * upload, maybe in another process on the same `ipfs/` folder, may have found it there meanwhile
 * and counted on it. Every import therefore holds each block it writes or reuses by a hard link in
 * a folder of its own (`.holds/<id>/`), made before the block is visible (a new block) or in place
 * of the existence check (a block already there). The link count of a block's file is then the
 * number of imports holding it, plus one, for every process alike, and it is read atomically.
 *
 * A block is removed by {@link removeBlocks}: renamed into `.trash/` (atomic), its link count read
 * there, and put back when someone still holds it. An import that linked the block before the
 * rename shows in the count; one that tries after it finds the block gone and writes it anew; and
 * one that linked it but finds it gone when it finishes ({@link BlockHold.verify}) puts it back
 * from its own link. A block file in place is never replaced by another file of the same bytes
 * (blocks are linked into place, not renamed over), so a hold always pins the file in place.
 * A crash halfway leaves the block in `.trash/`, from where the next start puts it back
 * ({@link recoverTrash}); garbage is collected later, nothing needed is lost.
 *
 * An import lets go of its blocks once its CIDs are recorded; from then on the rows protect them:
 * an aborted upload also keeps every block that a root recorded since it began reaches
 * (content-store.ts), and the garbage collector keeps what any recorded root reaches (gc.ts).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import { link, lstat, mkdir, open, readdir, rename, rm, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';

/** Holds of imports in progress, one folder each; names start with a dot, unlike shard folders. */
export const HOLDS_DIR = '.holds';
/** Blocks on their way out (see removeBlocks); a folder per process. */
export const TRASH_DIR = '.trash';

/** A block's file: its shard folder (absolute) and file name (`<MULTIHASH>.data`). */
export interface BlockFile {
  directory: string;
  file: string;
}

export function blockPath(block: BlockFile): string {
  return join(block.directory, block.file);
}

/** The blocks one import (or one upload of several files) writes and reuses. */
export class BlockHold {
  readonly path: string;
  readonly #blocks = new Map<string, string>();
  readonly #created = new Set<string>();
  #ready: Promise<void> | undefined;

  constructor(root: string) {
    this.path = join(root, HOLDS_DIR, `${process.pid}-${randomBytes(8).toString('hex')}`);
  }

  /** Creates the hold's folder (once). */
  ready(): Promise<void> {
    this.#ready ??= mkdir(this.path, { recursive: true }).then(() => undefined);
    return this.#ready;
  }

  /**
   * Takes note of a block this hold is about to link; false when it already has it (a file that
   * repeats a chunk puts the same block twice).
   */
  claim(block: BlockFile): boolean {
    if (this.#blocks.has(block.file)) return false;
    this.#blocks.set(block.file, block.directory);
    return true;
  }

  /** Gives up a claim whose block could not be written, so the hold does not vouch for it. */
  unclaim(block: BlockFile): void {
    this.#blocks.delete(block.file);
  }

  /** Holds a block that is already stored; false when it is not (then write it, see linkNew). */
  async linkExisting(block: BlockFile): Promise<boolean> {
    try {
      await link(blockPath(block), join(this.path, block.file));
      return true;
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return false;
      if (isErrno(error, 'EEXIST')) return true;
      throw error;
    }
  }

  /** Holds a block written to `temp` before it is renamed into place: never visible unheld. */
  async linkNew(temp: string, block: BlockFile): Promise<void> {
    try {
      await link(temp, join(this.path, block.file));
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
  }

  /** Records that this hold wrote the block (it did not exist before). */
  created(block: BlockFile): void {
    this.#created.add(block.file);
  }

  /** Blocks this hold wrote itself. */
  createdBlocks(): BlockFile[] {
    return [...this.#created].map((file) => ({ file, directory: this.#blocks.get(file) ?? '' }));
  }

  get size(): number {
    return this.#blocks.size;
  }

  /**
   * Makes the hold's link the very file in the block's place. When the place is empty (a removal
   * took the block), `source` (a file of the same bytes: the hold's own link, or the import's
   * temp file) is put there: 'placed'. Otherwise 'pinned'.
   */
  async pinCurrent(block: BlockFile, source: string): Promise<'pinned' | 'placed'> {
    const held = join(this.path, block.file);
    // A few rounds at most: each is lost only to another removal or placement in between.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const staging = `${held}.${randomBytes(6).toString('hex')}`;
      try {
        await link(blockPath(block), staging);
      } catch (error) {
        if (!isErrno(error, 'ENOENT')) throw error;
        try {
          await link(source, blockPath(block));
          return 'placed';
        } catch (placeError) {
          if (!isErrno(placeError, 'EEXIST')) throw placeError;
          continue;
        }
      }
      await rename(staging, held);
      return 'pinned';
    }
    throw new Error(`block ${block.file} kept changing while an import held it`);
  }

  /**
   * Makes sure every held block is in place and is the file the hold links, putting back from
   * the hold's own link any that a concurrent removal took away; returns the shard folders it
   * put blocks into. After this, no removal can take a held block (its link count shows the
   * hold), so what the import recorded next stays readable.
   */
  async verify(): Promise<string[]> {
    const placed = new Set<string>();
    await forEachLimited([...this.#blocks], async ([file, directory]) => {
      const block = { file, directory };
      const held = join(this.path, file);
      const [inPlace, ours] = await Promise.all([
        lstatIfPresent(blockPath(block)),
        lstatIfPresent(held),
      ]);
      if (!ours) throw new Error(`the hold lost its link to block ${file}`);
      if (inPlace && inPlace.ino === ours.ino && inPlace.dev === ours.dev) return;
      if ((await this.pinCurrent(block, held)) === 'placed') placed.add(directory);
    });
    return [...placed];
  }

  /**
   * Lets go of every block. Their modification times are set to now first, so a garbage collector
   * that looks at them before their roots are in its view sees fresh blocks and keeps them.
   */
  async release(touch: boolean): Promise<void> {
    if (touch) {
      const now = new Date();
      await forEachLimited([...this.#blocks], async ([file, directory]) => {
        try {
          await utimes(join(directory, file), now, now);
        } catch (error) {
          if (!isErrno(error, 'ENOENT')) throw error;
        }
      });
    }
    await rm(this.path, { recursive: true, force: true });
  }
}

export interface RemovalOptions {
  /** The store's root folder (holds `.trash/`). */
  root: string;
  /** This process's trash folder name under `.trash/`. */
  trashName: string;
  /** fsync a shard folder after putting a block back, so the restore survives a crash. */
  durable: boolean;
  /** Blocks modified at or after this time (ms since the epoch) are put back: just used. */
  freshSince?: number;
  /**
   * Of the blocks no import holds, those some recorded root still needs. `load` reads a block
   * from its place or from the trash, for walking DAGs while their blocks are in the trash.
   */
  stillNeeded?: (
    candidates: ReadonlySet<string>,
    load: (file: string, directory: string) => Promise<Uint8Array | null>,
  ) => Promise<ReadonlySet<string>>;
}

export interface RemovalResult {
  removed: number;
  bytes: number;
}

/** Removes the given blocks unless an import holds them or `stillNeeded` says otherwise. */
export async function removeBlocks(
  blocks: BlockFile[],
  options: RemovalOptions,
): Promise<RemovalResult> {
  const result: RemovalResult = { removed: 0, bytes: 0 };
  if (blocks.length === 0) return result;
  const trash = join(options.root, TRASH_DIR, options.trashName);
  await mkdir(trash, { recursive: true });

  const trashed = new Map<string, { block: BlockFile; path: string; size: number }>();
  await forEachLimited(blocks, async (block) => {
    const path = join(trash, `${block.file}.${randomBytes(6).toString('hex')}`);
    try {
      await rename(blockPath(block), path);
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return;
      throw error;
    }
    // Gone from the trash already: a starting process put it back (recoverTrash).
    const stats = await lstatIfPresent(path);
    if (!stats) return;
    const fresh = options.freshSince !== undefined && stats.mtimeMs >= options.freshSince;
    if (stats.nlink > 1 || fresh) await putBack(block, path, options.durable);
    else trashed.set(block.file, { block, path, size: stats.size });
  });

  if (trashed.size > 0 && options.stillNeeded) {
    const load = async (file: string, directory: string) => {
      const inTrash = trashed.get(file);
      return (
        (inTrash ? await readIfPresent(inTrash.path) : null) ??
        (await readBlockAnywhere(options.root, { file, directory }))
      );
    };
    const needed = await options.stillNeeded(new Set(trashed.keys()), load);
    for (const file of needed) {
      const entry = trashed.get(file);
      if (!entry) continue;
      trashed.delete(file);
      await putBack(entry.block, entry.path, options.durable);
    }
  }

  await forEachLimited([...trashed.values()], async ({ path, size }) => {
    try {
      await unlink(path);
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return;
      throw error;
    }
    result.removed += 1;
    result.bytes += size;
  });
  return result;
}

/**
 * Puts back every block a process left in the trash (it crashed while removing). Putting back is
 * always safe: a block that was garbage stays garbage until the next collection.
 */
export async function recoverTrash(
  root: string,
  options: { except?: string; olderThan?: number; durable: boolean },
): Promise<number> {
  const trashRoot = join(root, TRASH_DIR);
  let restored = 0;
  for (const name of await listDirectory(trashRoot)) {
    if (name === options.except) continue;
    const folder = join(trashRoot, name);
    if (options.olderThan !== undefined) {
      const stats = await lstatIfPresent(folder);
      if (!stats || stats.mtimeMs >= options.olderThan) continue;
    }
    for (const entry of await listDirectory(folder)) {
      const file = entry.replace(/\.[0-9a-f]+$/, '');
      const directory = join(root, shardOf(file));
      await mkdir(directory, { recursive: true });
      await putBack({ file, directory }, join(folder, entry), options.durable);
      restored += 1;
    }
    await rm(folder, { recursive: true, force: true });
  }
  return restored;
}

/** The shard folder of a block file under blockstore-fs's NextToLast layout (2 characters). */
export function shardOf(file: string): string {
  const key = file.endsWith('.data') ? file.slice(0, -'.data'.length) : file;
  return key.slice(-2);
}

async function putBack(block: BlockFile, trashPath: string, durable: boolean): Promise<void> {
  try {
    await link(trashPath, blockPath(block));
  } catch (error) {
    // EEXIST: someone put it back or wrote it anew meanwhile, the same bytes either way.
    // ENOENT: a starting process already put it back from the trash.
    if (isErrno(error, 'ENOENT')) return;
    if (!isErrno(error, 'EEXIST')) throw error;
  }
  await unlink(trashPath).catch((error: unknown) => {
    if (!isErrno(error, 'ENOENT')) throw error;
  });
  if (durable) await fsyncDirectory(block.directory);
}

/**
 * A block's bytes from its place or, when it is not there, from any removal's trash: a walk of the
 * recorded roots that skipped a block another removal (in this process or another) is weighing
 * would not see what it links to, and would let those blocks go. Read in its place once more last,
 * as that removal may have put it back meanwhile.
 */
export async function readBlockAnywhere(
  root: string,
  block: BlockFile,
): Promise<Uint8Array | null> {
  const inPlace = await readIfPresent(blockPath(block));
  if (inPlace) return inPlace;
  const trashRoot = join(root, TRASH_DIR);
  for (const name of await listDirectory(trashRoot)) {
    const folder = join(trashRoot, name);
    for (const entry of await listDirectory(folder)) {
      if (!entry.startsWith(`${block.file}.`)) continue;
      const bytes = await readIfPresent(join(folder, entry));
      if (bytes) return bytes;
    }
  }
  return readIfPresent(blockPath(block));
}

async function readIfPresent(path: string): Promise<Uint8Array | null> {
  try {
    return await fs.promises.readFile(path);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
}

export async function listDirectory(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (error) {
    if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return [];
    throw error;
  }
}

export async function lstatIfPresent(path: string): Promise<fs.Stats | null> {
  try {
    return await lstat(path);
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
}

export async function fsyncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** File-system calls at once per batch: enough to keep a disk busy, few enough for any ulimit. */
const FS_CONCURRENCY = 32;

async function forEachLimited<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(FS_CONCURRENCY, items.length) }, async () => {
    while (next < items.length) await run(items[next++] as T);
  });
  await Promise.all(workers);
}

export function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
