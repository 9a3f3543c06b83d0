import { createHash } from 'node:crypto';
import type { MerkleStep } from '@symposia/shared';

/**
 * The Merkle tree over an epoch's receipt CIDs (docs/RECEIPTS.md):
 *
 * - leaves are the CIDs' text, sorted by byte (they are ASCII) and without duplicates; a leaf's
 *   hash is SHA-256(0x00 ‖ UTF-8 of the CID);
 * - a node's hash is SHA-256(0x01 ‖ left ‖ right), the prefixes keeping a leaf from ever passing
 *   for a node (second preimages);
 * - a level of odd length promotes its last hash unchanged to the next level;
 * - the root is the single hash left (the leaf's own hash for one leaf), in lowercase hex.
 */

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export const leafHash = (cid: string): Buffer =>
  sha256(Uint8Array.of(0), new TextEncoder().encode(cid));

const nodeHash = (left: Uint8Array, right: Uint8Array): Buffer =>
  sha256(Uint8Array.of(1), left, right);

/** The leaves' order: by byte, each once. */
export function sortedLeaves(cids: Iterable<string>): string[] {
  return [...new Set(cids)].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

export interface MerkleTree {
  root: string;
  leaves: string[];
  /** The leaf hash and path of a CID in the tree; null when it is not a leaf. */
  proof(cid: string): { leaf: string; path: MerkleStep[] } | null;
}

export function merkleTree(cids: Iterable<string>): MerkleTree {
  const leaves = sortedLeaves(cids);
  if (leaves.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  const levels: Buffer[][] = [leaves.map(leafHash)];
  for (let level = levels[0]!; level.length > 1;) {
    const next: Buffer[] = [];
    for (let at = 0; at < level.length; at += 2) {
      const right = level[at + 1];
      next.push(right ? nodeHash(level[at]!, right) : level[at]!);
    }
    levels.push(next);
    level = next;
  }
  const index = new Map(leaves.map((cid, at) => [cid, at]));
  return {
    root: levels[levels.length - 1]![0]!.toString('hex'),
    leaves,
    proof(cid) {
      let at = index.get(cid);
      if (at === undefined) return null;
      const path: MerkleStep[] = [];
      for (const level of levels.slice(0, -1)) {
        const sibling = at % 2 === 0 ? level[at + 1] : level[at - 1];
        // No sibling: promoted as it is, nothing to hash at this level.
        if (sibling)
          path.push({ hash: sibling.toString('hex'), side: at % 2 === 0 ? 'right' : 'left' });
        at = Math.floor(at / 2);
      }
      return { leaf: levels[0]![index.get(cid)!]!.toString('hex'), path };
    },
  };
}
