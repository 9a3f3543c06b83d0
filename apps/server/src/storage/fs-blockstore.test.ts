import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FsBlockstore } from 'blockstore-fs';
import { NextToLast } from 'blockstore-fs/sharding';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentNotFoundError } from './errors.js';
import { DurableFsBlockstore } from './fs-blockstore.js';

async function rawBlock(text: string): Promise<{ cid: CID; bytes: Uint8Array }> {
  const bytes = new TextEncoder().encode(text);
  return { cid: CID.createV1(raw.code, await sha256.digest(bytes)), bytes };
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

let directory: string;
let blocks: DurableFsBlockstore;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'fs-blockstore-'));
  blocks = new DurableFsBlockstore(directory);
  await blocks.open();
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('DurableFsBlockstore', () => {
  it('stores and returns a block, leaving no temporary file behind', async () => {
    const { cid, bytes } = await rawBlock('a block');
    await blocks.put(cid, bytes);
    await blocks.sync();
    expect(Buffer.compare(await blocks.getBytes(cid), bytes)).toBe(0);
    expect(await blocks.has(cid)).toBe(true);
    expect(await filesUnder(directory)).toEqual([`${new NextToLast().encode(cid).file}`]);
  });

  it('keeps blockstore-fs’s layout, so blockstore-fs reads what it wrote', async () => {
    const { cid, bytes } = await rawBlock('shared layout');
    await blocks.put(cid, bytes);
    const plain = new FsBlockstore(directory);
    const chunks: Uint8Array[] = [];
    for await (const chunk of plain.get(cid)) chunks.push(chunk);
    expect(Buffer.compare(Buffer.concat(chunks), bytes)).toBe(0);
  });

  it('does not rewrite a block it already has', async () => {
    const { cid, bytes } = await rawBlock('written once');
    await blocks.put(cid, bytes);
    const { dir, file } = new NextToLast().encode(cid);
    const before = await stat(join(directory, dir, file));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await blocks.put(cid, bytes);
    const after = await stat(join(directory, dir, file));
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  it('survives many concurrent writers of the same block', async () => {
    const { cid, bytes } = await rawBlock('popular');
    await Promise.all(Array.from({ length: 20 }, () => blocks.put(cid, bytes)));
    expect(Buffer.compare(await blocks.getBytes(cid), bytes)).toBe(0);
    expect(await filesUnder(directory)).toHaveLength(1);
  });

  it('says not found only for a missing block, not for an I/O fault', async () => {
    const missing = await rawBlock('never stored');
    await expect(blocks.getBytes(missing.cid)).rejects.toBeInstanceOf(ContentNotFoundError);
    // A directory where the block file should be: reading fails with EISDIR, a server fault.
    const broken = await rawBlock('unreadable');
    const { dir, file } = new NextToLast().encode(broken.cid);
    await mkdir(join(directory, dir, file), { recursive: true });
    await expect(blocks.getBytes(broken.cid)).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('accepts block bytes given as chunks', async () => {
    const { cid, bytes } = await rawBlock('in two parts');
    await blocks.put(cid, [bytes.subarray(0, 4), bytes.subarray(4)]);
    expect(Buffer.compare(await blocks.getBytes(cid), bytes)).toBe(0);
  });
});
