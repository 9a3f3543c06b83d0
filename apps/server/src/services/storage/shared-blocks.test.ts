/**
 * BLOCKSTORE=postgres: two server processes on one database and no shared disk import, serve and
 * collect the same blocks.
 */
import { CarBlockIterator } from '@ipld/car/iterator';
import type { PostDetail } from '@symposia/shared';
import { afterEach, expect, it } from 'vitest';
import { pseudoRandomBytes } from '../../../test/block-files.js';
import { describePostgres, signedInUser, uploadPost } from '../../../test/helpers.js';
import { anotherApp, type OtherApp } from '../../../test/two-apps.js';

const MiB = 1024 * 1024;
const others: OtherApp[] = [];
// Registered inside each suite, after its database's hook, so it runs first: the other servers
// close before the database is dropped.
const closeOthers = () => {
  afterEach(async () => {
    await Promise.all(others.splice(0).map((other) => other.close()));
  });
};

const blockstore = { BLOCKSTORE: 'postgres' };

describePostgres('blocks in PostgreSQL shared by two servers', (db) => {
  closeOthers();

  it('a file imported through one server is served byte-identical by the other: whole, range, CAR', async () => {
    const first = await db.buildApp({ env: blockstore });
    const second = await anotherApp(first);
    others.push(second);
    expect(first.app.contentStore.directory).toBe('PostgreSQL table blocks');

    const ada = await signedInUser(first.app);
    const document = pseudoRandomBytes(3 * MiB + 12_345, 41);
    const postId = await uploadPost(first.app, ada.headers, {}, [
      { name: 'data.bin', content: document },
    ]);
    const detail = await second.app.inject({ method: 'GET', url: `/api/v1/media/${postId}` });
    expect(detail.statusCode).toBe(200);
    const url = detail.json<PostDetail>().files[0]!.url;

    const whole = await second.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(document)).toBe(true);

    const range = await second.app.inject({
      method: 'GET',
      url,
      headers: { range: 'bytes=262000-786999' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(document.subarray(262_000, 787_000))).toBe(true);

    const car = await second.app.inject({ method: 'GET', url: `${url.split('?')[0]}?format=car` });
    expect(car.statusCode).toBe(200);
    const reader = await CarBlockIterator.fromBytes(car.rawPayload);
    const blocks: Uint8Array[] = [];
    for await (const block of reader) blocks.push(block.bytes);
    // The root and the 13 leaves, the leaves' bytes being the file's.
    expect(blocks).toHaveLength(14);
    expect(Buffer.concat(blocks.slice(1)).equals(document)).toBe(true);
    // And the first server's CAR is the very same bytes.
    const firstCar = await first.app.inject({
      method: 'GET',
      url: `${url.split('?')[0]}?format=car`,
    });
    expect(firstCar.rawPayload.equals(car.rawPayload)).toBe(true);
  });

  it('garbage collection in both at once removes unreferenced blocks once and keeps referenced and held ones', async () => {
    const first = await db.buildApp({ env: blockstore });
    const second = await anotherApp(first);
    others.push(second);
    const ada = await signedInUser(first.app);
    const document = pseudoRandomBytes(2 * MiB, 42);
    const postId = await uploadPost(first.app, ada.headers, {}, [
      { name: 'kept.bin', content: document },
    ]);

    // Orphans: stored and let go, never recorded (a crash between storing and recording).
    const orphans: string[] = [];
    for (const seed of [43, 44]) {
      const session = second.app.contentStore.beginUpload();
      orphans.push((await session.importFile([pseudoRandomBytes(MiB, seed)])).cid);
      await session.commit();
      await session.release();
    }
    // An upload still in progress in the second server: its blocks are held, not recorded.
    const inProgress = second.app.contentStore.beginUpload();
    const held = await inProgress.importFile([pseudoRandomBytes(MiB + 7, 45)]);

    // Every block is past the grace period (as if written two hours ago); the hold is alive.
    await first.app.db
      .updateTable('blocks')
      .set({ touched_at: new Date(Date.now() - 2 * 3600_000) })
      .execute();
    const runs = await Promise.all([
      first.app.services.blockGc.run(),
      second.app.services.blockGc.run(),
    ]);
    const ran = runs.filter((run) => run !== null);
    expect(ran).toHaveLength(1);
    // Two orphans of 1 MiB: four 256 KiB leaves and a root each; the upload holds five and a root.
    expect(ran[0]).toMatchObject({ removedBlocks: 10, keptHeld: 6 });

    for (const cid of orphans) expect(await first.app.contentStore.has(cid)).toBe(false);
    expect(await first.app.contentStore.has(held.cid)).toBe(true);
    // A second pass finds nothing more to take.
    expect(await second.app.services.blockGc.run()).toMatchObject({ removedBlocks: 0 });
    const detail = await second.app.inject({ method: 'GET', url: `/api/v1/media/${postId}` });
    const file = await second.app.inject({
      method: 'GET',
      url: detail.json<PostDetail>().files[0]!.url,
    });
    expect(file.rawPayload.equals(document)).toBe(true);

    // The upload fails after all: the blocks it wrote leave with it.
    expect(await inProgress.abort()).toMatchObject({ removed: 6 });
    expect(await first.app.contentStore.has(held.cid)).toBe(false);
  });

  it('refuses BLOCKSTORE=postgres without a PostgreSQL database, at start-up', async () => {
    const { loadConfig } = await import('../../config.js');
    expect(() => loadConfig({ BLOCKSTORE: 'postgres', DATA_DIR: '/tmp/x' })).toThrow(
      /BLOCKSTORE=postgres: .*DATABASE_URL must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ BLOCKSTORE: 's3' })).toThrow(/BLOCKSTORE.*must be fs or postgres/);
  });
});
