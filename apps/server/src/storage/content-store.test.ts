import { createCipheriv } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CarBlockIterator } from '@ipld/car/iterator';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { exporter } from 'ipfs-unixfs-exporter';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachBlockstore, type StoreUnderTest } from '../../test/content-stores.js';
import type { ContentStore } from './content-store.js';
import {
  ContentNotFoundError,
  CorruptContentError,
  FileTooLargeError,
  InvalidCidError,
  InvalidRangeError,
  UnsupportedContentError,
} from './errors.js';
import { ContentStore as Store } from './content-store.js';

// Kubo's chunk size, written out rather than imported, so the tests check the module against it.
const CHUNK_SIZE = 262_144;
const HELLO = new TextEncoder().encode('hello world\n');
const HELLO_V1 = 'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4';
const HELLO_V0 = 'QmT78zSuBmuS4z925WZfrqQ1qHaJ56DQaTfyMUF7F8ff5o';
// A valid CID whose content is nowhere: sha256 of "not stored here".
const ABSENT = CID.create(1, raw.code, await sha256.digest(new TextEncoder().encode('not stored')));

/** Deterministic pseudo-random bytes (an AES-CTR keystream), the same on every machine. */
function pseudoRandomBytes(size: number, seed: number): Uint8Array {
  const cipher = createCipheriv('aes-256-ctr', Buffer.alloc(32, seed), Buffer.alloc(16));
  return new Uint8Array(cipher.update(Buffer.alloc(size)));
}

/** Splits bytes into uneven pieces, as a network stream would deliver them. */
function* pieces(bytes: Uint8Array, size = 65_537): Generator<Uint8Array> {
  for (let offset = 0; offset < bytes.byteLength; offset += size) {
    yield bytes.subarray(offset, offset + size);
  }
}

async function concat(source: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

async function carBlocks(source: AsyncIterable<Uint8Array>) {
  const reader = await CarBlockIterator.fromIterable(source);
  const blocks: { cid: CID; bytes: Uint8Array }[] = [];
  for await (const block of reader) blocks.push({ cid: CID.asCID(block.cid)!, bytes: block.bytes });
  return { roots: await reader.getRoots(), blocks };
}

/** Byte equality that ignores Buffer vs Uint8Array and reports a short message on failure. */
function expectSameBytes(actual: Uint8Array | null, expected: Uint8Array): void {
  expect(actual).not.toBeNull();
  expect(actual!.byteLength).toBe(expected.byteLength);
  expect(Buffer.compare(actual!, expected), 'bytes differ').toBe(0);
}

async function expectBlockMatchesCid(cid: CID, bytes: Uint8Array): Promise<void> {
  expect(cid.multihash.code).toBe(sha256.code);
  const digest = await sha256.digest(bytes);
  expect(Buffer.from(digest.digest).equals(Buffer.from(cid.multihash.digest))).toBe(true);
}

describeEachBlockstore('content store', (blockstore) => {
  let directory: string;
  let opened: StoreUnderTest;
  let store: ContentStore;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'content-store-'));
    opened = await blockstore.open();
    store = opened.store;
  });

  afterAll(async () => {
    await opened.close();
    await rm(directory, { recursive: true, force: true });
  });

  describe('importFile', () => {
    it('gives the CIDs of `ipfs add --cid-version=1` and of legacy `ipfs add`', async () => {
      expect(await store.importFile([HELLO])).toEqual({ cid: HELLO_V1, size: 12 });
      expect(await store.importFile([HELLO], { cidVersion: 0 })).toEqual({
        cid: HELLO_V0,
        size: 12,
      });
    });

    it('gives the well-known CIDs of the empty file', async () => {
      expect(await store.importFile([])).toEqual({
        cid: 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
        size: 0,
      });
      expect(await store.importFile([], { cidVersion: 0 })).toEqual({
        cid: 'QmbFMke1KXqnYyBBWxB74N4c5SBnJMVAiMNRcGu6x1AwQH',
        size: 0,
      });
    });

    it('gives the same CID however the stream is cut, and from a Node Readable', async () => {
      const bytes = pseudoRandomBytes(700_001, 3);
      const whole = await store.importFile([bytes]);
      const cut = await store.importFile(pieces(bytes, 1_000));
      const file = join(directory, 'input.bin');
      await writeFile(file, bytes);
      const fromFile = await store.importFile(createReadStream(file, { highWaterMark: 10_000 }));
      expect(cut).toEqual(whole);
      expect(fromFile).toEqual(whole);
      expect(whole.size).toBe(700_001);
    });

    it('builds leaves of exactly 256 KiB under one root', async () => {
      const { cid } = await store.importFile([pseudoRandomBytes(CHUNK_SIZE * 2 + 5, 4)]);
      const root = dagPb.decode((await store.getBlock(cid))!);
      const sizes = UnixFS.unmarshal(root.Data!).blockSizes;
      expect(sizes).toEqual([BigInt(CHUNK_SIZE), BigInt(CHUNK_SIZE), 5n]);
      expect(root.Links.every((link) => link.Hash.code === raw.code)).toBe(true);
    });

    it('stores identical content once, even when imported concurrently', async () => {
      const bytes = pseudoRandomBytes(CHUNK_SIZE * 3, 5);
      const results = await Promise.all([1, 2, 3, 4].map(() => store.importFile(pieces(bytes))));
      expect(new Set(results.map((result) => result.cid)).size).toBe(1);
      expectSameBytes(await concat(store.cat(results[0]!.cid)), bytes);
    });

    it('stops with FileTooLargeError past maxBytes, and closes the source', async () => {
      const bytes = pseudoRandomBytes(CHUNK_SIZE * 3, 6);
      const source = Readable.from(pieces(bytes, 50_000));
      const attempt = store.importFile(source, { maxBytes: CHUNK_SIZE * 2 });
      await expect(attempt).rejects.toBeInstanceOf(FileTooLargeError);
      await expect(attempt).rejects.toMatchObject({ maxBytes: CHUNK_SIZE * 2 });
      expect(source.destroyed).toBe(true);
    });

    it('accepts content of exactly maxBytes', async () => {
      const bytes = pseudoRandomBytes(1_000, 7);
      expect(await store.importFile([bytes], { maxBytes: 1_000 })).toMatchObject({ size: 1_000 });
      await expect(store.importFile([bytes], { maxBytes: 999 })).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
    });

    it('stops when its signal aborts', async () => {
      const controller = new AbortController();
      const reason = new Error('client went away');
      async function* slowly(): AsyncGenerator<Uint8Array> {
        yield pseudoRandomBytes(CHUNK_SIZE, 8);
        controller.abort(reason);
        yield pseudoRandomBytes(CHUNK_SIZE, 9);
      }
      await expect(store.importFile(slowly(), { signal: controller.signal })).rejects.toBe(reason);
    });

    // A folder is what can be taken away under a store; a database is tested by the cluster suite.
    if (blockstore.name === 'fs') {
      it('fails, handing out no CID, when its blocks cannot be written', async () => {
        const root = join(directory, 'broken');
        const broken = await Store.open(root);
        // Where the shard directories should go there is now a file: every block write fails.
        await rm(root, { recursive: true, force: true });
        await writeFile(root, 'not a directory');
        const bytes = pseudoRandomBytes(CHUNK_SIZE * 3, 10);
        await expect(broken.importFile(pieces(bytes))).rejects.toMatchObject({ code: 'ENOTDIR' });
        await broken.close();
      });
    }

    it('refuses a stream of strings', async () => {
      const text = Readable.from(['hello'], { objectMode: true });
      await expect(store.importFile(text)).rejects.toBeInstanceOf(TypeError);
    });
  });

  describe('stat, has and getBlock', () => {
    it('describe a raw-leaf file and a dag-pb file', async () => {
      await store.importFile([HELLO]);
      await store.importFile([HELLO], { cidVersion: 0 });
      expect(await store.stat(HELLO_V1)).toEqual({
        cid: HELLO_V1,
        type: 'raw',
        size: 12,
        blockSize: 12,
      });
      expect(await store.stat(HELLO_V0)).toMatchObject({ cid: HELLO_V0, type: 'file', size: 12 });
      expect(await store.has(HELLO_V1)).toBe(true);
      expectSameBytes(await store.getBlock(HELLO_V1), HELLO);
    });

    it('answer null/false for a valid CID that is not stored', async () => {
      expect(await store.stat(ABSENT)).toBeNull();
      expect(await store.has(ABSENT)).toBe(false);
      expect(await store.getBlock(ABSENT)).toBeNull();
      await expect(concat(store.cat(ABSENT))).rejects.toBeInstanceOf(ContentNotFoundError);
    });

    it('throw InvalidCidError for text that is no CID', async () => {
      await expect(store.stat('not-a-cid')).rejects.toBeInstanceOf(InvalidCidError);
      await expect(store.has('Qm123')).rejects.toBeInstanceOf(InvalidCidError);
      expect(() => store.cat('bafy!')).not.toThrow(); // errors surface when read, like a stream's
      await expect(concat(store.cat('bafy!'))).rejects.toBeInstanceOf(InvalidCidError);
    });

    it('return blocks whose bytes hash to their CID', async () => {
      const { cid } = await store.importFile([pseudoRandomBytes(CHUNK_SIZE + 1, 10)]);
      const root = CID.parse(cid);
      const rootBytes = (await store.getBlock(root))!;
      await expectBlockMatchesCid(root, rootBytes);
      const leaf = dagPb.decode(rootBytes).Links[1]!.Hash;
      const leafBytes = (await store.getBlock(leaf))!;
      expect(leafBytes.byteLength).toBe(1);
      await expectBlockMatchesCid(leaf, leafBytes);
    });

    it('serve identity CIDs, whose bytes are the CID itself (the gateway probe bafkqaaa)', async () => {
      expect(await store.has('bafkqaaa')).toBe(true);
      expect(await store.stat('bafkqaaa')).toMatchObject({ type: 'raw', size: 0 });
      expectSameBytes(await store.getBlock('bafkqaaa'), new Uint8Array(0));
      const car = await carBlocks(store.exportCar('bafkqaaa'));
      expect(car.roots.map(String)).toEqual(['bafkqaaa']);
      expect(car.blocks).toEqual([]);
    });

    it('refuse content that is not a file, and do not take a codec mismatch for corruption', async () => {
      const directoryNode = dagPb.encode({
        Data: new UnixFS({ type: 'directory' }).marshal(),
        Links: [],
      });
      const directoryCid = CID.createV1(dagPb.code, await sha256.digest(directoryNode));
      await opened.putRaw(directoryCid, directoryNode);
      await expect(store.stat(directoryCid)).rejects.toBeInstanceOf(UnsupportedContentError);

      // The bytes of a raw block asked for under the dag-pb codec: same multihash, same file.
      const helloAsDagPb = CID.createV1(dagPb.code, CID.parse(HELLO_V1).multihash);
      await store.importFile([HELLO]);
      await expect(store.stat(helloAsDagPb)).rejects.toBeInstanceOf(UnsupportedContentError);
      expectSameBytes(await store.getBlock(helloAsDagPb), HELLO);
    });
  });

  describe.each([
    { cidVersion: 1 as const, size: 1_500_000 },
    { cidVersion: 0 as const, size: 1_500_000 },
    { cidVersion: 1 as const, size: 3_000_017 },
  ])('a $size-byte file with CIDv$cidVersion', ({ cidVersion, size }) => {
    const bytes = pseudoRandomBytes(size, size + cidVersion);
    let cid: string;

    beforeAll(async () => {
      ({ cid } = await store.importFile(pieces(bytes), { cidVersion }));
    });

    it('is stated with its size', async () => {
      expect(await store.stat(cid)).toMatchObject({ type: 'file', size });
    });

    it('reads back whole', async () => {
      expectSameBytes(await concat(store.cat(cid)), bytes);
    });

    it.each([
      ['the start', 0, 100],
      ['one byte', 12_345, 1],
      ['across a chunk boundary', CHUNK_SIZE - 10, 20],
      ['several chunks', 100_000, 600_000],
      ['the last bytes', size - 50, undefined],
      ['past the end (cut at the end)', size - 10, 1_000],
      ['nothing at the end', size, undefined],
      ['a zero length', 500, 0],
    ])('reads a range: %s', async (_name, offset, length) => {
      const expected = bytes.subarray(offset, length === undefined ? undefined : offset + length);
      const actual = await concat(store.cat(cid, { offset, length }));
      expectSameBytes(actual, expected);
    });

    it('refuses ranges that do not fit', async () => {
      for (const range of [
        { offset: size + 1 },
        { offset: -1 },
        { offset: 0, length: -1 },
        { offset: 0.5 },
      ]) {
        await expect(concat(store.cat(cid, range))).rejects.toBeInstanceOf(InvalidRangeError);
      }
    });

    it('exports a CAR: one root, every block verified, DFS order, no duplicates', async () => {
      const { roots, blocks } = await carBlocks(store.exportCar(cid));
      expect(roots.map(String)).toEqual([cid]);
      expect(blocks[0]!.cid.toString()).toBe(cid);
      const leaves = Math.ceil(size / CHUNK_SIZE);
      expect(blocks).toHaveLength(leaves + 1);
      expect(new Set(blocks.map((block) => block.cid.toString())).size).toBe(blocks.length);
      for (const block of blocks) await expectBlockMatchesCid(block.cid, block.bytes);
      // Depth-first, link order: the leaves follow the root in the order the root lists them.
      const links = dagPb.decode(blocks[0]!.bytes).Links.map((link) => link.Hash.toString());
      expect(blocks.slice(1).map((block) => block.cid.toString())).toEqual(links);
    });

    it('rebuilds the file byte for byte from the CAR alone, with the reference exporter', async () => {
      const { blocks } = await carBlocks(store.exportCar(cid));
      const byCid = new Map(blocks.map((block) => [block.cid.toString(), block.bytes]));
      const carBlockstore = {
        async *get(wanted: CID) {
          const found = byCid.get(wanted.toString());
          if (found === undefined) throw new Error(`CAR lacks ${wanted}`);
          yield found;
        },
      };
      const entry = await exporter(cid, carBlockstore);
      if (entry.type !== 'file') throw new Error(`expected a file, got ${entry.type}`);
      const rebuilt = await concat(entry.content());
      expectSameBytes(rebuilt, bytes);
    });

    it('exports the same CAR bytes every time', async () => {
      const first = await concat(store.exportCar(cid));
      const second = await concat(store.exportCar(cid));
      expectSameBytes(first, second);
    });
  });

  describe('exportCar', () => {
    it('exports a single-block file as header plus that block', async () => {
      await store.importFile([HELLO]);
      const { roots, blocks } = await carBlocks(store.exportCar(HELLO_V1));
      expect(roots.map(String)).toEqual([HELLO_V1]);
      expect(blocks.map((block) => block.cid.toString())).toEqual([HELLO_V1]);
      expectSameBytes(blocks[0]!.bytes, HELLO);
    });

    it('sends a repeated block once (dups=n), or each time it is linked (dups=y)', async () => {
      const { cid } = await store.importFile([new Uint8Array(CHUNK_SIZE * 4)]);
      expect((await carBlocks(store.exportCar(cid))).blocks).toHaveLength(2);
      const withDups = (await carBlocks(store.exportCar(cid, { dups: true }))).blocks;
      expect(withDups).toHaveLength(5);
      expect(new Set(withDups.slice(1).map((block) => block.cid.toString())).size).toBe(1);
    });

    it('fails before producing any byte when the root is absent', async () => {
      const car = store.exportCar(ABSENT);
      await expect(car.next()).rejects.toBeInstanceOf(ContentNotFoundError);
    });
  });

  describe('reading when blocks are missing or wrong', () => {
    // A store of its own: these tests damage it.
    let damagedStore: StoreUnderTest;
    let damaged: ContentStore;
    const bytes = pseudoRandomBytes(CHUNK_SIZE * 3 + 1_000, 11);
    let cid: CID;
    let leaves: CID[];

    beforeAll(async () => {
      damagedStore = await blockstore.open({ durable: false });
      damaged = damagedStore.store;
      cid = CID.parse((await damaged.importFile([bytes])).cid);
      leaves = dagPb.decode((await damaged.getBlock(cid))!).Links.map((link) => link.Hash);
      await damagedStore.remove(leaves[0]!);
    });

    afterAll(async () => {
      await damagedStore.close();
    });

    it('seeks: a range in the last chunk never touches the first (deleted) one', async () => {
      const offset = CHUNK_SIZE * 3 + 10;
      const tail = await concat(damaged.cat(cid, { offset }));
      expectSameBytes(tail, bytes.subarray(offset));
    });

    it('reports the missing block when a read needs it', async () => {
      await expect(concat(damaged.cat(cid))).rejects.toMatchObject({
        name: 'ContentNotFoundError',
        cid: leaves[0]!.toString(),
      });
      await expect(concat(damaged.exportCar(cid))).rejects.toBeInstanceOf(ContentNotFoundError);
    });

    it('calls a leaf of the wrong size corruption', async () => {
      // Storage damage: the second leaf now holds 3 bytes, not the 256 KiB its parent declares.
      await damagedStore.overwrite(leaves[1]!, new Uint8Array([1, 2, 3]));
      await expect(concat(damaged.cat(cid, { offset: CHUNK_SIZE }))).rejects.toBeInstanceOf(
        CorruptContentError,
      );
    });
  });
});
