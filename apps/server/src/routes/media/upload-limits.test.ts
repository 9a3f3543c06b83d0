import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { MESSAGES } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { pseudoRandomBytes, snapshotFiles } from '../../../test/block-files.js';
import {
  describeEachDatabase,
  multipart,
  PNG_1X1,
  signedInUser,
  type UploadFile,
  errorBody,
} from '../../../test/helpers.js';
import { formatBytes } from '../../services/storage/upload-allowance.js';

const KiB = 1024;
const MiB = 1024 * KiB;

function post(app: FastifyInstance, headers: Record<string, string>, files: UploadFile[]) {
  const body = multipart({}, files);
  return app.inject({
    method: 'POST',
    url: '/api/v1/media/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

function single(app: FastifyInstance, headers: Record<string, string>, content: Buffer) {
  const body = multipart({}, [{ field: 'file', name: 'single.bin', content }]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/media/upload/ipfs',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

function avatar(app: FastifyInstance, headers: Record<string, string>, userId: string) {
  const body = multipart({ user_id: userId }, [
    { field: 'new_avatar', name: 'me.png', content: PNG_1X1, type: 'image/png' },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/modify/modify_avatar',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const bin = (seed: number, size: number): UploadFile => ({
  name: `f${seed}.bin`,
  content: pseudoRandomBytes(size, seed),
});

async function storedBytes(app: FastifyInstance, userId: string): Promise<number> {
  const row = await app.db
    .selectFrom('uploads')
    .select((eb) => eb.fn.sum<number | string | null>('size').as('bytes'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

describeEachDatabase('upload rate limit and storage quota', (db) => {
  it('counts posts, single files and avatars against one limit per member, answering 429', async () => {
    const { app, clock } = await db.buildApp({
      env: { UPLOAD_RATE_LIMIT_MAX: '3', UPLOAD_RATE_LIMIT_WINDOW_SECONDS: '3600' },
    });
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    expect((await post(app, ada.headers, [bin(1, 1000)])).statusCode).toBe(201);
    clock.advance(600);
    expect((await single(app, ada.headers, pseudoRandomBytes(1000, 2))).statusCode).toBe(201);
    expect((await avatar(app, ada.headers, ada.user.id)).statusCode).toBe(200);

    const before = await snapshotFiles(app.contentStore.directory);
    for (const refused of [
      await post(app, ada.headers, [bin(3, 1000)]),
      await single(app, ada.headers, pseudoRandomBytes(1000, 4)),
      await avatar(app, ada.headers, ada.user.id),
    ]) {
      expect(refused.statusCode).toBe(429);
      // The first upload leaves the window 3000 s from now.
      expect(refused.headers['retry-after']).toBe('3000');
      expect(refused.json()).toEqual(errorBody(MESSAGES.tooManyUploads(3000)));
    }
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);

    // Another member has a limit of their own; and the window slides.
    expect((await post(app, bob.headers, [bin(5, 1000)])).statusCode).toBe(201);
    clock.advance(3000);
    expect((await post(app, ada.headers, [bin(6, 1000)])).statusCode).toBe(201);
  });

  it('refuses with 413 what would pass the quota, counting every kind of upload', async () => {
    const quota = MiB;
    const { app } = await db.buildApp({ env: { USER_STORAGE_QUOTA_BYTES: String(quota) } });
    const ada = await signedInUser(app);
    expect((await post(app, ada.headers, [bin(10, 500 * KiB)])).statusCode).toBe(201);
    expect((await single(app, ada.headers, pseudoRandomBytes(300 * KiB, 11))).statusCode).toBe(201);
    const used = 800 * KiB;
    expect(await storedBytes(app, ada.user.id)).toBe(used);

    const before = await snapshotFiles(app.contentStore.directory);
    const refused = await post(app, ada.headers, [bin(12, 100 * KiB), bin(13, 200 * KiB)]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual(
      errorBody(MESSAGES.storageQuotaExceeded(formatBytes(quota), formatBytes(quota - used))),
    );
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);
    expect(await storedBytes(app, ada.user.id)).toBe(used);

    // What fits still goes in, to the byte; then even an avatar is refused.
    expect((await post(app, ada.headers, [bin(14, quota - used)])).statusCode).toBe(201);
    const full = await avatar(app, ada.headers, ada.user.id);
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual(
      errorBody(MESSAGES.storageQuotaExceeded(formatBytes(quota), formatBytes(0))),
    );
    // Another member's quota is their own.
    const bob = await signedInUser(app);
    expect((await avatar(app, bob.headers, bob.user.id)).statusCode).toBe(200);
  });

  it('lets parallel uploads of one member together store no more than the quota', async () => {
    const quota = MiB;
    const { app } = await db.buildApp({ env: { USER_STORAGE_QUOTA_BYTES: String(quota) } });
    const ada = await signedInUser(app);
    const answers = await Promise.all(
      [20, 21, 22, 23].map((seed) => post(app, ada.headers, [bin(seed, 400 * KiB)])),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 201).length;
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(413);
    }
    // Without counting each other's bytes in flight, all four (1.6 MB) would have gone in.
    expect(accepted).toBeLessThanOrEqual(2);
    expect(await storedBytes(app, ada.user.id)).toBe(accepted * 400 * KiB);
    // The refused uploads' bytes stopped counting: what is left can be used.
    const left = quota - accepted * 400 * KiB;
    expect((await post(app, ada.headers, [bin(24, left)])).statusCode).toBe(201);
    expect(await storedBytes(app, ada.user.id)).toBe(quota);
  });

  it('stops an upload at the quota while its bytes stream in, before the body ends', async () => {
    const { app } = await db.buildApp({ env: { USER_STORAGE_QUOTA_BYTES: String(MiB) } });
    const ada = await signedInUser(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const before = await snapshotFiles(app.contentStore.directory);
    const boundary = `----quota${randomBytes(8).toString('hex')}`;
    const request = httpRequest({
      host: '127.0.0.1',
      port: address.port,
      method: 'POST',
      path: '/api/v1/media/upload',
      headers: {
        ...ada.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      });
      request.on('error', reject);
    });
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    // Twice the quota, and the body never ends: only a check on the way can answer.
    request.write(pseudoRandomBytes(2 * MiB, 30));
    const { status, body } = await answer;
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual(
      errorBody(MESSAGES.storageQuotaExceeded(formatBytes(MiB), formatBytes(MiB))),
    );
    request.destroy();
    await app.contentStore.whenIdle();
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);
  });
});
