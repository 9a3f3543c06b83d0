import { link, mkdir, mkdtemp, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blockFileNames, pseudoRandomBytes, snapshotFiles } from '../../test/block-files.js';
import { ContentStore, type UploadSession } from './content-store.js';
import { parseCid } from './cid.js';
import { DurableFsBlockstore } from './fs-blockstore.js';
import { HOLDS_DIR, TRASH_DIR, shardOf } from './holds.js';

const CHUNK = 262_144;

/** What a database would say: roots recorded, each with the time it was recorded. */
function recordBook() {
  const rows: { cid: string; at: number }[] = [];
  return {
    record: (cid: string) => rows.push({ cid, at: Date.now() }),
    since: async (since: Date) => rows.filter((row) => row.at >= since.getTime()).map((r) => r.cid),
  };
}

async function concat(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Imports bytes in a session of their own and lets go: the blocks exist, unheld. */
async function storeUnheld(store: ContentStore, bytes: Uint8Array): Promise<string> {
  const session = store.beginUpload();
  const { cid } = await session.importFile([bytes]);
  await session.commit();
  await session.release();
  return cid;
}

let directory: string;
let store: ContentStore;
let book: ReturnType<typeof recordBook>;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'holds-'));
  book = recordBook();
  store = await ContentStore.open(join(directory, 'ipfs'), {
    durable: false,
    recordedRoots: book.since,
  });
});

afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

describe('upload sessions', () => {
  it('an aborted upload leaves the folder exactly as it found it', async () => {
    await storeUnheld(store, pseudoRandomBytes(CHUNK * 2, 1));
    const before = await snapshotFiles(store.directory);
    const session = store.beginUpload();
    await session.importFile([pseudoRandomBytes(CHUNK * 3 + 10, 2)]);
    await session.importFile([pseudoRandomBytes(CHUNK + 1, 3)]);
    const result = await session.abort();
    expect(result.removed).toBe(5 + 3);
    expect(await snapshotFiles(store.directory)).toEqual(before);
    expect(store.activeUploads).toBe(0);
  });

  it('never removes a block that existed before the upload', async () => {
    const shared = pseudoRandomBytes(CHUNK * 2, 4);
    const cid = await storeUnheld(store, shared);
    const before = await snapshotFiles(store.directory);
    const session = store.beginUpload();
    await session.importFile([shared]);
    await session.importFile([pseudoRandomBytes(CHUNK * 2, 5)]);
    await session.abort();
    expect(await snapshotFiles(store.directory)).toEqual(before);
    expect((await concat(store.cat(cid))).equals(shared)).toBe(true);
  });

  it('keeps a block it wrote while another upload in progress uses it', async () => {
    const bytes = pseudoRandomBytes(CHUNK * 3, 6);
    const first = store.beginUpload();
    const { cid } = await first.importFile([bytes]);
    const second = store.beginUpload();
    await second.importFile([bytes]);
    const removed = await first.abort();
    expect(removed.removed).toBe(0);
    await second.commit();
    expect((await concat(store.cat(cid))).equals(bytes)).toBe(true);
    await second.release();
  });

  it('keeps a block it wrote that an upload recorded meanwhile reaches, and only then', async () => {
    for (const recorded of [true, false]) {
      const bytes = pseudoRandomBytes(CHUNK * 3, recorded ? 7 : 70);
      const writer = store.beginUpload();
      const { cid } = await writer.importFile([bytes]);
      const reuser = store.beginUpload();
      await reuser.importFile([bytes]);
      await reuser.commit();
      if (recorded) book.record(cid);
      await reuser.release();
      // The reuser let go: only the record says that the blocks are needed.
      const removed = await writer.abort();
      if (recorded) {
        expect(removed.removed).toBe(0);
        expect((await concat(store.cat(cid))).equals(bytes)).toBe(true);
      } else {
        expect(removed.removed).toBe(4);
        expect(await store.has(cid)).toBe(false);
      }
    }
  });

  it('keeps its blocks without a way to see recorded roots (the garbage collector decides)', async () => {
    const bare = await ContentStore.open(join(directory, 'bare'), { durable: false });
    const session = bare.beginUpload();
    const { cid } = await session.importFile([pseudoRandomBytes(CHUNK, 8)]);
    expect((await session.abort()).removed).toBe(0);
    expect(await bare.has(cid)).toBe(true);
    await bare.close();
  });

  it('puts back, when it commits, a held block that a removal took away', async () => {
    const bytes = pseudoRandomBytes(CHUNK * 2, 9);
    const cid = await storeUnheld(store, bytes);
    const session = store.beginUpload();
    await session.importFile([bytes]);
    // A removal that renamed the files away (and has not yet counted their links).
    const names = [...(await blockFileNames(store.directory))];
    await mkdir(join(directory, 'elsewhere'));
    for (const name of names) {
      await rename(join(store.directory, shardOf(name), name), join(directory, 'elsewhere', name));
    }
    expect(await store.has(cid)).toBe(false);
    await session.commit();
    expect((await concat(store.cat(cid))).equals(bytes)).toBe(true);
    await session.release();
  });

  it('holds each block by a hard link until released, then lets go', async () => {
    const session = store.beginUpload();
    await session.importFile([pseudoRandomBytes(CHUNK * 2, 10)]);
    const held = await snapshotFiles(join(store.directory, HOLDS_DIR));
    expect(held.size).toBe(3);
    await session.commit();
    await session.release();
    expect((await snapshotFiles(join(store.directory, HOLDS_DIR))).size).toBe(0);
  });

  it('removes what a failed import without a session wrote', async () => {
    const before = await snapshotFiles(store.directory);
    await expect(
      store.importFile([pseudoRandomBytes(CHUNK * 3, 11)], { maxBytes: CHUNK * 2 }),
    ).rejects.toThrow(/exceeds the limit/);
    expect(await snapshotFiles(store.directory)).toEqual(before);
  });

  it('loses no recorded file when many uploads of shared chunks commit and abort at once', async () => {
    // Four files built from five chunks, so every upload shares blocks with others.
    const chunks = [12, 13, 14, 15, 16].map((seed) => pseudoRandomBytes(CHUNK, seed));
    const files = [
      [0, 1, 2],
      [1, 2, 3],
      [2, 3, 4],
      [0, 4],
    ].map((picks) => Buffer.concat(picks.map((index) => chunks[index] as Buffer)));
    const recorded = new Map<string, Buffer>();
    const run = async (index: number) => {
      const bytes = files[index % files.length] as Buffer;
      const session: UploadSession = store.beginUpload();
      const { cid } = await session.importFile([bytes]);
      // Every third upload fails after storing; the others are recorded.
      if (index % 3 === 0) {
        await session.abort();
        return;
      }
      await session.commit();
      book.record(cid);
      recorded.set(cid, bytes);
      await session.release();
    };
    await Promise.all(Array.from({ length: 24 }, (_, index) => run(index)));
    expect(recorded.size).toBeGreaterThan(0);
    for (const [cid, bytes] of recorded) {
      expect((await concat(store.cat(cid))).equals(bytes)).toBe(true);
    }
  });

  it("keeps a recorded file's blocks while another removal has its root block in the trash", async () => {
    // Upload A writes the file's blocks; upload B finds them there, is recorded and lets go.
    const bytes = pseudoRandomBytes(CHUNK * 3, 18);
    const aborted = store.beginUpload();
    const { cid } = await aborted.importFile([bytes]);
    const recorded = store.beginUpload();
    await recorded.importFile([bytes]);
    await recorded.commit();
    book.record(cid);
    await recorded.release();

    // Meanwhile another removal (another aborted upload, the collector, maybe in another process)
    // has the root block in its trash, where A's walk of the recorded file does not look.
    const root = new DurableFsBlockstore(store.directory).locate(parseCid(cid));
    const trash = join(store.directory, TRASH_DIR, '4242-feedface');
    await mkdir(trash, { recursive: true });
    const trashed = join(trash, `${root.file}.0123456789ab`);
    await rename(join(root.directory, root.file), trashed);

    await aborted.abort();
    // The other removal finds the root still needed and puts it back.
    await rename(trashed, join(root.directory, root.file));
    expect((await concat(store.cat(cid))).equals(bytes)).toBe(true);
  });
});

describe('trash recovery', () => {
  it('puts back at start-up a block a crash left halfway through its removal', async () => {
    const bytes = pseudoRandomBytes(CHUNK, 17);
    const cid = await storeUnheld(store, bytes);
    const [name] = [...(await blockFileNames(store.directory))] as [string];
    const trash = join(store.directory, TRASH_DIR, '4242-deadbeef');
    await mkdir(trash, { recursive: true });
    await rename(join(store.directory, shardOf(name), name), join(trash, `${name}.0123456789ab`));
    expect(await store.has(cid)).toBe(false);
    await store.close();
    store = await ContentStore.open(join(directory, 'ipfs'), { durable: false });
    expect((await concat(store.cat(cid))).equals(bytes)).toBe(true);
  });
});

describe('collectGarbage', () => {
  const future = () => new Date(Date.now() + 60_000);

  it('keeps what recorded roots reach, held blocks and young blocks; removes the rest', async () => {
    const kept = pseudoRandomBytes(CHUNK * 3, 20);
    const keptCid = await storeUnheld(store, kept);
    const orphanCid = await storeUnheld(store, pseudoRandomBytes(CHUNK * 2, 21));
    const inProgress = store.beginUpload();
    const { cid: heldCid } = await inProgress.importFile([pseudoRandomBytes(CHUNK, 22)]);

    // A grace period reaching into the future: every block counts as old.
    const result = await store.collectGarbage({ roots: [keptCid], cutoff: future() });
    expect(result).toMatchObject({ roots: 1, markedBlocks: 4, removedBlocks: 3, keptHeld: 1 });
    expect((await concat(store.cat(keptCid))).equals(kept)).toBe(true);
    expect(await store.has(orphanCid)).toBe(false);
    expect(await store.has(heldCid)).toBe(true);
    await inProgress.abort();
  });

  it('leaves blocks younger than the grace period', async () => {
    const orphanCid = await storeUnheld(store, pseudoRandomBytes(CHUNK, 23));
    const result = await store.collectGarbage({
      roots: [],
      cutoff: new Date(Date.now() - 60_000),
    });
    expect(result).toMatchObject({ removedBlocks: 0, keptRecent: 1 });
    expect(await store.has(orphanCid)).toBe(true);
  });

  it('clears holds and temp files of processes that died, and then their blocks', async () => {
    const cid = await storeUnheld(store, pseudoRandomBytes(CHUNK, 24));
    const [name] = [...(await blockFileNames(store.directory))] as [string];
    const deadHold = join(store.directory, HOLDS_DIR, '999999-0000');
    await mkdir(deadHold, { recursive: true });
    await link(join(store.directory, shardOf(name), name), join(deadHold, name));
    const temp = join(store.directory, shardOf(name), `.${name}.abcdef.tmp`);
    await writeFile(temp, 'half a block');
    const past = new Date(Date.now() - 3_600_000);
    await utimes(deadHold, past, past);
    await utimes(temp, past, past);

    const result = await store.collectGarbage({ roots: [], cutoff: future() });
    expect(result).toMatchObject({ staleHolds: 1, staleTempFiles: 1, removedBlocks: 1 });
    expect(await store.has(cid)).toBe(false);
    expect(await snapshotFiles(store.directory)).toEqual(new Map());
  });
});
