/**
 * What only the PostgreSQL blockstore does (the rest is the content store's own suites, run on
 * it too): uploads sharing blocks, aborted one by one, and the local cache of blocks read.
 */
import { CID } from 'multiformats/cid';
import { afterEach, expect, it } from 'vitest';
import { pseudoRandomBytes } from '../../test/block-files.js';
import { postgresStore, type StoreUnderTest } from '../../test/content-stores.js';
import { describePostgres } from '../../test/helpers.js';

const CHUNK = 262_144;
const opened: StoreUnderTest[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

async function concat(source: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describePostgres('PostgreSQL blockstore', () => {
  it('an aborted upload removes the blocks it wrote, but not those another upload reused', async () => {
    const under = await postgresStore.open();
    opened.push(under);
    const { store } = under;
    const shared = pseudoRandomBytes(CHUNK * 2, 1);
    const first = store.beginUpload();
    const second = store.beginUpload();
    const own = await first.importFile([pseudoRandomBytes(CHUNK + 5, 2)]);
    const { cid } = await first.importFile([shared]);
    // The second upload meets the same bytes while the first is still open.
    expect((await second.importFile([shared])).cid).toBe(cid);

    // The first fails: its own file goes, the shared one stays for the second.
    expect(await first.abort()).toMatchObject({ removed: 3 });
    expect(await store.has(own.cid)).toBe(false);
    await second.commit();
    await second.release();
    expect((await concat(store.cat(cid))).equals(shared)).toBe(true);
  });

  it('serves blocks read once from its local cache, and says what the database has', async () => {
    const under = await postgresStore.open({ cacheBytes: 8 * CHUNK });
    opened.push(under);
    const { store } = under;
    const bytes = pseudoRandomBytes(CHUNK * 3, 3);
    const { cid } = await store.importFile([bytes]);
    expect((await concat(store.cat(cid))).equals(bytes)).toBe(true);
    // Blocks never change, so a copy is never stale: the rows gone, the copies still read.
    await under.remove(CID.parse(cid));
    expect((await concat(store.cat(cid))).equals(bytes)).toBe(true);
    expect(await store.has(cid)).toBe(false);
  });
});
