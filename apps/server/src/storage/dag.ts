/**
 * Reading UnixFS file DAGs block by block.
 *
 * ipfs-unixfs-exporter can do this, but its file reader walks the DAG ahead of the consumer and
 * queues every byte it reads without waiting: behind a slow HTTP client a 50 MB file ends up
 * whole in memory, once per concurrent download. These generators pull one block at a time
 * (with a small read-ahead), so memory stays at a few blocks however slow the reader is, and a
 * range read only loads the blocks on the path to the bytes it needs.
 */
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import type { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { identity } from 'multiformats/hashes/identity';
import { CorruptContentError, UnsupportedContentError } from './errors.js';

/** Loads one block; throws ContentNotFoundError when it is absent. */
export type BlockLoader = (cid: CID, signal?: AbortSignal) => Promise<Uint8Array>;

/** Blocks fetched ahead of the consumer, per DAG level: enough to keep the disk busy. */
const READ_AHEAD = 4;

export interface FileChild {
  cid: CID;
  /** File bytes under this child, as its parent declares them. */
  size: number;
}

/** A node of a UnixFS file: a raw leaf, or a dag-pb `file`/`raw` node (maybe with inline data). */
export interface FileNode {
  cid: CID;
  type: 'raw' | 'file';
  /** Bytes of the file this node holds itself, before its children's. */
  data: Uint8Array;
  children: FileChild[];
  /** File bytes under this node: `data` plus every child. */
  size: number;
}

/** Identity CIDs carry their block inside the CID; there is nothing to load. */
export function isIdentity(cid: CID): boolean {
  return cid.multihash.code === identity.code;
}

/** Decodes a block as part of a UnixFS file, or says why it is not one. */
export function decodeFileNode(cid: CID, block: Uint8Array): FileNode {
  if (cid.code === raw.code) {
    return { cid, type: 'raw', data: block, children: [], size: block.byteLength };
  }
  if (cid.code !== dagPb.code) {
    throw new UnsupportedContentError(
      cid.toString(),
      `codec 0x${cid.code.toString(16)} is not UnixFS`,
    );
  }
  let node: dagPb.PBNode;
  let unixfs: UnixFS;
  // Every refusal here is "unsupported", not "corrupt": anyone can upload bytes and then ask
  // for their multihash under the dag-pb codec, and that is a bad request, not a storage
  // fault. Only inside a DAG does the reader call a bad node corruption (decodeChild).
  try {
    node = dagPb.decode(block);
  } catch {
    throw new UnsupportedContentError(cid.toString(), 'not a dag-pb block');
  }
  if (node.Data === undefined) {
    throw new UnsupportedContentError(cid.toString(), 'dag-pb node without UnixFS data');
  }
  try {
    unixfs = UnixFS.unmarshal(node.Data);
  } catch {
    throw new UnsupportedContentError(cid.toString(), 'dag-pb node without valid UnixFS data');
  }
  if (unixfs.type !== 'file' && unixfs.type !== 'raw') {
    throw new UnsupportedContentError(cid.toString(), `UnixFS ${unixfs.type} is not a file`);
  }
  if (node.Links.length !== unixfs.blockSizes.length) {
    throw new UnsupportedContentError(cid.toString(), 'links and block sizes differ in number');
  }
  const data = unixfs.data ?? new Uint8Array(0);
  const children = node.Links.map((link, index) => ({
    cid: link.Hash,
    size: Number(unixfs.blockSizes[index]),
  }));
  const size = children.reduce((sum, child) => sum + child.size, data.byteLength);
  return { cid, type: 'file', data, children, size };
}

/**
 * The bytes `[start, end)` of the file rooted at `root`, in order. Only blocks overlapping the
 * range are loaded, so a seek costs one block per DAG level.
 */
export async function* readFileRange(
  load: BlockLoader,
  root: FileNode,
  start: number,
  end: number,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  if (start >= end) return;
  let produced = 0;
  for await (const bytes of visit(root, 0)) {
    produced += bytes.byteLength;
    yield bytes;
  }
  if (produced !== end - start) {
    throw new CorruptContentError(
      root.cid.toString(),
      `read ${produced} bytes where ${end - start} were expected`,
    );
  }

  async function* visit(node: FileNode, nodeStart: number): AsyncGenerator<Uint8Array> {
    let position = nodeStart;
    if (node.data.byteLength > 0) {
      const from = Math.max(start - position, 0);
      const to = Math.min(end - position, node.data.byteLength);
      if (from < to) yield node.data.subarray(from, to);
      position += node.data.byteLength;
    }
    const wanted: { child: FileChild; start: number }[] = [];
    for (const child of node.children) {
      if (position >= end) break;
      if (child.size > 0 && position + child.size > start) wanted.push({ child, start: position });
      position += child.size;
    }
    for await (const [{ child, start: childStart }, block] of readAhead(
      wanted,
      ({ child: { cid } }) => load(cid, signal),
    )) {
      signal?.throwIfAborted();
      const childNode = decodeChild(child.cid, block);
      if (childNode.size !== child.size) {
        throw new CorruptContentError(
          child.cid.toString(),
          `holds ${childNode.size} bytes, its parent says ${child.size}`,
        );
      }
      yield* visit(childNode, childStart);
    }
  }
}

function decodeChild(cid: CID, block: Uint8Array): FileNode {
  try {
    return decodeFileNode(cid, block);
  } catch (error) {
    if (!(error instanceof UnsupportedContentError)) throw error;
    throw new CorruptContentError(cid.toString(), `a file links to it, but ${error.message}`, {
      cause: error,
    });
  }
}

/**
 * Every block of the DAG under `root` in depth-first, link order: the order of a CAR with
 * `order=dfs`. With `dups: false` a block is produced only the first time it is met (files with
 * repeated chunks link the same leaf several times). Identity blocks are skipped: their bytes
 * are already inside the CID that links them.
 */
export async function* walkDag(
  load: BlockLoader,
  root: CID,
  options: { dups?: boolean; signal?: AbortSignal } = {},
): AsyncGenerator<{ cid: CID; bytes: Uint8Array }> {
  const { dups = false, signal } = options;
  const seen = new Set<string>();
  const rootBytes = await load(root, signal);
  // Refuse a root that cannot be walked before producing anything.
  yield* visit(root, rootBytes, linksOf(root, rootBytes));

  async function* visit(
    cid: CID,
    bytes: Uint8Array,
    links: CID[],
  ): AsyncGenerator<{ cid: CID; bytes: Uint8Array }> {
    if (!dups) seen.add(cid.toString());
    if (!isIdentity(cid)) yield { cid, bytes };
    for await (const [link, block] of readAhead(links, (link) => load(link, signal))) {
      signal?.throwIfAborted();
      if (!dups && seen.has(link.toString())) continue;
      let childLinks: CID[];
      try {
        childLinks = linksOf(link, block);
      } catch (error) {
        if (!(error instanceof UnsupportedContentError)) throw error;
        throw new CorruptContentError(link.toString(), `linked from ${cid}, but ${error.message}`, {
          cause: error,
        });
      }
      yield* visit(link, block, childLinks);
    }
  }
}

function linksOf(cid: CID, bytes: Uint8Array): CID[] {
  if (cid.code === raw.code) return [];
  if (cid.code !== dagPb.code) {
    throw new UnsupportedContentError(
      cid.toString(),
      `codec 0x${cid.code.toString(16)} cannot be traversed`,
    );
  }
  try {
    return dagPb.decode(bytes).Links.map((link) => link.Hash);
  } catch {
    throw new UnsupportedContentError(cid.toString(), 'not a dag-pb block');
  }
}

/**
 * Loads `items` in order, keeping up to READ_AHEAD loads in flight ahead of the consumer.
 * Loads started for items the consumer never reaches (it stopped early) are left to settle
 * with their rejections handled, so an abandoned read cannot crash the process.
 */
async function* readAhead<T>(
  items: readonly T[],
  load: (item: T) => Promise<Uint8Array>,
): AsyncGenerator<[T, Uint8Array]> {
  const pending: Promise<Uint8Array>[] = [];
  let next = 0;
  for (const item of items) {
    while (next < items.length && pending.length < READ_AHEAD) {
      const loading = load(items[next++] as T);
      loading.catch(() => undefined);
      pending.push(loading);
    }
    yield [item, await (pending.shift() as Promise<Uint8Array>)];
  }
}
