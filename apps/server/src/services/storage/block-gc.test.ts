import { spawn } from 'node:child_process';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PostDetail } from '@symposia/shared';
import { expect, it } from 'vitest';
import { blockFileNames, pseudoRandomBytes } from '../../../test/block-files.js';
import {
  describeEachDatabase,
  multipart,
  PNG_1X1,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../../test/helpers.js';
import { until } from '../../../test/server-process.js';
import { createRepositories } from '../../repositories/index.js';
import { ContentStore } from '../../storage/index.js';
import { shardOf } from '../../storage/holds.js';
import { systemClock } from '../clock.js';
import { BLOCK_GC_LEASE, createBlockGc } from './block-gc.js';

type FastifyInstance = TestApp['app'];

const MiB = 1024 * 1024;
const GRACE = 3600;
// The test clock starts when the app is built; blocks carry the real time they were written. An
// hour more than the grace period puts them safely past it, however long the setup took.
const PAST_GRACE = GRACE + 3600;
const serverRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * Blocks nothing records, as a crash between storing and recording leaves them: written by
 * another store on the same folder (another process), committed, let go.
 */
async function leaveOrphans(app: FastifyInstance, seeds: number[]): Promise<string[]> {
  const other = await ContentStore.open(app.contentStore.directory, { durable: false });
  const cids: string[] = [];
  for (const seed of seeds) {
    const session = other.beginUpload();
    cids.push((await session.importFile([pseudoRandomBytes(MiB, seed)])).cid);
    await session.commit();
    await session.release();
  }
  await other.close();
  return cids;
}

async function readBack(app: FastifyInstance, url: string): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response.rawPayload;
}

/** Everything a member can make: a post with files and a thumbnail, an avatar, a single file. */
async function populate(testApp: TestApp) {
  const { app } = testApp;
  const ada = await signedInUser(app);
  const document = pseudoRandomBytes(2 * MiB, 1);
  const privateDocument = pseudoRandomBytes(MiB, 2);
  const publicPost = await uploadPost(app, ada.headers, {}, [
    { name: 'figure.png', content: PNG_1X1, type: 'image/png' },
    { name: 'data.bin', content: document },
  ]);
  await uploadPost(app, ada.headers, { visibility: 'private' }, [
    { name: 'secret.bin', content: privateDocument },
  ]);
  const files = (
    await app.inject({ method: 'GET', url: `/api/v1/media/${publicPost}` })
  ).json<PostDetail>().files;
  const thumbnailBytes = pseudoRandomBytes(5000, 3);
  const thumbnail = await app.contentStore.importFile([thumbnailBytes]);
  await createRepositories(app.db, testApp.config.database.dialect).posts.recordDerivative(
    files[0]!.cid,
    'detail',
    { ...thumbnail, name: 'figure-detail.webp', contentType: 'image/webp', mediaType: 'image' },
    {},
    new Date().toISOString(),
  );
  const avatarBody = multipart({ user_id: ada.user.id }, [
    { field: 'new_avatar', name: 'me.png', content: PNG_1X1, type: 'image/png' },
  ]);
  const avatar = await app.inject({
    method: 'POST',
    url: '/api/v1/modify/modify_avatar',
    headers: { ...ada.headers, ...avatarBody.headers },
    payload: avatarBody.payload,
  });
  expect(avatar.statusCode).toBe(200);
  const singleBytes = pseudoRandomBytes(300_000, 4);
  const singleBody = multipart({}, [{ field: 'file', name: 'one.bin', content: singleBytes }]);
  const single = await app.inject({
    method: 'POST',
    url: '/api/v1/media/upload/ipfs',
    headers: { ...ada.headers, ...singleBody.headers },
    payload: singleBody.payload,
  });
  expect(single.statusCode).toBe(201);
  // A comment may point at content by its path alone; that row keeps it too.
  const [commentImage] = await leaveOrphans(app, [5]);
  const comment = await app.inject({
    method: 'POST',
    url: '/api/v1/comments/create',
    headers: ada.headers,
    payload: { postId: publicPost, content: 'see this', imageUrl: `/ipfs/${commentImage}` },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  return {
    document,
    documentUrl: files[1]!.url,
    thumbnail: thumbnail.cid,
    thumbnailBytes,
    avatarUrl: avatar.json<{ avatar: string }>().avatar,
    singleUrl: single.json<{ url: string }>().url,
    singleBytes,
    commentImage: commentImage!,
  };
}

describeEachDatabase('block garbage collector', (db) => {
  it('removes the blocks no row references and keeps every DAG a row does', async () => {
    const testApp = await db.buildApp();
    const { app, clock } = testApp;
    const made = await populate(testApp);
    const referenced = await blockFileNames(app.contentStore.directory);
    const orphans = await leaveOrphans(app, [10, 11]);
    expect((await blockFileNames(app.contentStore.directory)).size).toBe(referenced.size + 10);

    clock.advance(PAST_GRACE);
    const run = await app.services.blockGc.run();
    expect(run).toMatchObject({ removedBlocks: 10 });
    expect(run!.removedBytes).toBeGreaterThan(2 * MiB);
    expect(await blockFileNames(app.contentStore.directory)).toEqual(referenced);
    for (const cid of orphans) expect(await app.contentStore.has(cid)).toBe(false);
    expect((await readBack(app, made.documentUrl)).equals(made.document)).toBe(true);
    expect((await readBack(app, `/ipfs/${made.thumbnail}`)).equals(made.thumbnailBytes)).toBe(true);
    expect((await readBack(app, made.singleUrl)).equals(made.singleBytes)).toBe(true);
    await readBack(app, made.avatarUrl);
    expect(await app.contentStore.has(made.commentImage)).toBe(true);
  });

  it('keeps blocks younger than the grace period and blocks an upload in progress holds', async () => {
    const testApp = await db.buildApp();
    const { app, clock } = testApp;
    const [young] = await leaveOrphans(app, [20]);
    const inProgress = app.contentStore.beginUpload();
    const { cid: held } = await inProgress.importFile([pseudoRandomBytes(MiB, 21)]);

    expect(await app.services.blockGc.run()).toMatchObject({ removedBlocks: 0, keptRecent: 10 });
    clock.advance(PAST_GRACE);
    const run = await app.services.blockGc.run();
    // The young orphan is old now; the held upload is not garbage however old.
    expect(run).toMatchObject({ removedBlocks: 5, keptHeld: 5 });
    expect(await app.contentStore.has(young!)).toBe(false);
    expect(await app.contentStore.has(held)).toBe(true);
    await inProgress.abort();
    expect(await app.contentStore.has(held)).toBe(false);
  });

  it('runs once at a time across processes, and a scheduled run once per interval', async () => {
    const { app, clock, config } = await db.buildApp();
    const storage = createRepositories(app.db, config.database.dialect).storage;
    const gcOf = () =>
      createBlockGc({
        store: app.contentStore,
        storage,
        now: clock.now,
        graceSeconds: GRACE,
        intervalSeconds: 86_400,
      });
    // A run that is held in the middle of its mark phase until the test lets it go on.
    let marking = false;
    let proceed = () => {};
    const gate = new Promise<void>((resolve) => (proceed = resolve));
    const slow = createBlockGc({
      store: app.contentStore,
      storage: {
        ...storage,
        recordedRoots: async function* () {
          marking = true;
          await gate;
          yield* storage.recordedRoots();
        },
      },
      now: clock.now,
      graceSeconds: GRACE,
      intervalSeconds: 86_400,
    });
    const first = slow.run();
    await until(() => (marking ? true : undefined), 30_000, 'the first run to hold the lease');
    expect(await gcOf().run()).toBeNull();
    proceed();
    expect(await first).not.toBeNull();

    // A process that died holding the lease holds it until the lease runs out.
    const now = clock.now();
    const later = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
    expect(
      await storage.tryLease(BLOCK_GC_LEASE, 'dead-process', {
        now: now.toISOString(),
        until: later(900),
      }),
    ).toBe(true);
    expect(await gcOf().run()).toBeNull();
    clock.advance(901);
    expect(await gcOf().run()).not.toBeNull();

    // Scheduled runs: due only an interval after the last completed run started.
    const scheduled = gcOf();
    expect(await scheduled.run({ onlyIfDue: true })).toBeNull();
    clock.advance(86_400);
    expect(await scheduled.run({ onlyIfDue: true })).not.toBeNull();
    expect(await gcOf().run({ onlyIfDue: true })).toBeNull();
  });

  it('runs by itself every BLOCK_GC_INTERVAL_SECONDS inside the server', async () => {
    const testApp = await db.buildApp({ env: { BLOCK_GC_INTERVAL_SECONDS: '1' } });
    const { app, clock, config } = testApp;
    // Before the schedule starts: the first run already finds the orphan past its grace.
    const orphans = await leaveOrphans(app, [30]);
    clock.advance(PAST_GRACE);
    await app.ready();
    const storage = createRepositories(app.db, config.database.dialect).storage;
    await until(
      async () => ((await storage.lastRun(BLOCK_GC_LEASE)) === null ? undefined : true),
      30_000,
      'a scheduled collection',
    );
    await until(
      async () => ((await app.contentStore.has(orphans[0]!)) ? undefined : true),
      30_000,
      'the orphan to be collected',
    );
  });

  it('`npm run gc` (src/gc.ts) collects with the server settings, beside a running server', async () => {
    const testApp = await db.buildApp();
    const { app, config } = testApp;
    const made = await populate(testApp);
    const referenced = await blockFileNames(app.contentStore.directory);
    const orphans = await leaveOrphans(app, [40]);
    // Older than the CLI's grace period of 60 s, by the real clock it uses.
    const past = new Date(systemClock().getTime() - 2 * 3600 * 1000);
    for (const name of await blockFileNames(app.contentStore.directory)) {
      if (referenced.has(name)) continue;
      await utimes(join(app.contentStore.directory, shardOf(name), name), past, past);
    }
    const { code, stdout, stderr } = await runCli({
      DATA_DIR: config.dataDir,
      DATABASE_URL: config.database.dialect === 'postgres' ? config.database.url : '',
      BLOCK_GC_GRACE_SECONDS: '60',
    });
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toMatchObject({
      ran: true,
      removedBlocks: 5,
    });
    expect(await app.contentStore.has(orphans[0]!)).toBe(false);
    expect(await blockFileNames(app.contentStore.directory)).toEqual(referenced);
    expect((await readBack(app, made.documentUrl)).equals(made.document)).toBe(true);
  });
});

function runCli(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/gc.ts'], {
      cwd: serverRoot,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.test.json', INIT_CWD: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
