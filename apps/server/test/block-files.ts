import { createCipheriv, createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/**
 * Every regular file under a content store's folder, by relative path, with a hash of its bytes:
 * two snapshots are equal when the folder holds exactly the same files with the same bytes.
 * (Folders are left out: an emptied shard folder is no stored data.)
 */
export async function snapshotFiles(directory: string): Promise<Map<string, string>> {
  const snapshot = new Map<string, string>();
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const digest = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
    snapshot.set(relative(directory, path), digest);
  }
  return snapshot;
}

/** The block files (`<MULTIHASH>.data`) under a content store's folder, by name. */
export async function blockFileNames(directory: string): Promise<Set<string>> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.data'))
      .filter((entry) => !relative(directory, entry.parentPath).startsWith('.'))
      .map((entry) => entry.name),
  );
}

/** Deterministic pseudo-random bytes (an AES-CTR keystream): distinct seeds share no block. */
export function pseudoRandomBytes(size: number, seed: number): Buffer {
  const key = createHash('sha256').update(`seed ${seed}`).digest();
  return createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(size));
}
