import { randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES, UPLOAD_MAX_FILE_BYTES, type PostDetail } from '@symposia/shared';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { blockFileNames, pseudoRandomBytes, snapshotFiles } from '../../../test/block-files.js';
import { describeEachDatabase, signedInUser, errorBody } from '../../../test/helpers.js';
import { until } from '../../../test/server-process.js';
import { ContentStore } from '../../storage/index.js';

const MiB = 1024 * 1024;

/** A multipart part: a text field or a file, in the order given (fields may follow files). */
type Part = { field: string; value: string } | { file: string; name: string; content: Buffer };

function partHead(boundary: string, part: Part): string {
  return 'value' in part
    ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n`
    : `--${boundary}\r\nContent-Disposition: form-data; name="${part.file}"; ` +
        `filename="${part.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
}

function multipartBody(parts: Part[]) {
  const boundary = `----cleanup${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(partHead(boundary, part)));
    chunks.push('value' in part ? Buffer.from(part.value) : part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(chunks),
  };
}

function upload(app: FastifyInstance, headers: Record<string, string>, parts: Part[]) {
  const body = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/v1/media/upload',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const file = (name: string, content: Buffer): Part => ({ file: 'files', name, content });

/**
 * An upload over a real socket, written piece by piece: the test decides when each part arrives,
 * and can cut the connection in the middle.
 */
async function streamingUpload(app: FastifyInstance, authorization: string) {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the app is not listening');
  const boundary = `----streaming${randomBytes(8).toString('hex')}`;
  const request: ClientRequest = httpRequest({
    host: '127.0.0.1',
    port: address.port,
    method: 'POST',
    path: '/api/v1/media/upload',
    headers: {
      authorization,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
  });
  response.catch(() => undefined);
  const write = (data: string | Buffer) =>
    new Promise<void>((resolve, reject) =>
      request.write(data, (error) => (error ? reject(error) : resolve())),
    );
  return {
    request,
    response,
    /** Writes a part's head and body; the part ends when the next head (or the end) follows. */
    part: async (part: Part) => {
      await write(partHead(boundary, part));
      await write('value' in part ? part.value : part.content);
      await write('\r\n');
    },
    /** Writes a file part's head; its bytes follow with write. */
    fileHead: (name: string) => write(partHead(boundary, file(name, Buffer.alloc(0)))),
    /** Starts the next part's head, which tells the server the previous file is complete. */
    startField: (field: string) =>
      write(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n`),
    write,
    end: async () => {
      await write(`--${boundary}--\r\n`);
      request.end();
    },
  };
}

async function listen(app: FastifyInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' });
}

/** The block files a file's bytes make, found by importing them into a throwaway store. */
async function blocksOf(bytes: Buffer): Promise<{ cid: string; files: Set<string> }> {
  const directory = await mkdtemp(join(tmpdir(), 'blocks-of-'));
  try {
    const scratch = await ContentStore.open(directory, { durable: false });
    const session = scratch.beginUpload();
    const { cid } = await session.importFile([bytes]);
    await session.commit();
    await session.release();
    await scratch.close();
    return { cid, files: await blockFileNames(directory) };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

async function hasAll(directory: string, files: Set<string>): Promise<boolean> {
  const present = await blockFileNames(directory);
  return [...files].every((name) => present.has(name));
}

async function fileBytes(app: FastifyInstance, url: string): Promise<Buffer> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

describeEachDatabase('a refused or broken upload leaves no blocks behind', (db) => {
  it('(a) five files refused with 422 for a bad field sent after them', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const before = await snapshotFiles(app.contentStore.directory);
    const files = [1, 2, 3, 4, 5].map((seed) =>
      file(`part-${seed}.bin`, pseudoRandomBytes(MiB + seed, seed)),
    );
    const response = await upload(app, ada.headers, [
      ...files,
      { field: 'visibility', value: 'friends-only' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('visibility');
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);
  });

  it('(b) a sixth file', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const before = await snapshotFiles(app.contentStore.directory);
    const files = [11, 12, 13, 14, 15, 16].map((seed) =>
      file(`part-${seed}.bin`, pseudoRandomBytes(300_000, seed)),
    );
    const response = await upload(app, ada.headers, files);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errorBody(MESSAGES.uploadMaxFiles));
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);
  });

  it('(c) a client that goes away in the middle of a file', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    await listen(app);
    const before = await snapshotFiles(app.contentStore.directory);
    const started = await streamingUpload(app, ada.headers.authorization);
    await started.part({ field: 'title', value: 'Cut off' });
    await started.fileHead('big.bin');
    // 6 MiB: the importer hashes and writes 16 chunks (4 MiB) at a time.
    await started.write(pseudoRandomBytes(6 * MiB, 21));
    // Wait until the server has stored blocks of it, then cut the connection.
    await until(
      async () =>
        (await blockFileNames(app.contentStore.directory)).size >= 16 ? true : undefined,
      30_000,
      'blocks of the upload on disk',
    );
    expect(app.contentStore.activeUploads).toBe(1);
    started.request.destroy();
    await until(
      () => (app.contentStore.activeUploads === 0 ? true : undefined),
      30_000,
      'the server to give the upload up',
    );
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);
  });

  it('(d) a file over the size limit', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const before = await snapshotFiles(app.contentStore.directory);
    const response = await upload(app, ada.headers, [
      file('fine.bin', pseudoRandomBytes(MiB, 31)),
      file('huge.bin', pseudoRandomBytes(UPLOAD_MAX_FILE_BYTES + 1, 32)),
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorBody(MESSAGES.uploadFileTooLarge('huge.bin')));
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);
  });

  it("leaves an existing post's file intact when a refused upload shares its blocks", async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    const shared = pseudoRandomBytes(2 * MiB, 41);
    const published = await upload(app, ada.headers, [file('shared.bin', shared)]);
    expect(published.statusCode, published.body).toBe(201);
    const postId = published.json<{ post_id: string }>().post_id;
    const before = await snapshotFiles(app.contentStore.directory);

    const refused = await upload(app, ada.headers, [
      file('again.bin', shared),
      file('new.bin', pseudoRandomBytes(2 * MiB, 42)),
      { field: 'media_type', value: 'hologram' },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);
    const detail = (
      await app.inject({ method: 'GET', url: `/api/v1/media/${postId}` })
    ).json<PostDetail>();
    expect((await fileBytes(app, detail.files[0]!.url)).equals(shared)).toBe(true);
  });

  it('refuses a bad field sent first before it stores anything of the files after it', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    await listen(app);
    const before = await snapshotFiles(app.contentStore.directory);
    const upload = await streamingUpload(app, ada.headers.authorization);
    await upload.part({ field: 'title', value: 'x'.repeat(201) });
    await upload.fileHead('never-read.bin');
    await upload.write(pseudoRandomBytes(MiB, 51));
    // The answer comes although the body is not finished: the field was checked on arrival.
    const answer = await upload.response;
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body)).toMatchObject({ errors: [{ field: 'title' }] });
    upload.request.destroy();
    expect(await snapshotFiles(app.contentStore.directory)).toEqual(before);
  });

  it('never removes blocks that an upload in progress, or one recorded meanwhile, shares', async () => {
    const { app } = await db.buildApp();
    const ada = await signedInUser(app);
    await listen(app);
    const bytes = pseudoRandomBytes(MiB + 100, 61);
    const expected = await blocksOf(bytes);

    // The upload that will fail stores the file first (it writes every block)…
    const failing = await streamingUpload(app, ada.headers.authorization);
    await failing.fileHead('first.bin');
    await failing.write(bytes);
    await failing.write('\r\n');
    await failing.startField('visibility');
    await until(
      async () => ((await hasAll(app.contentStore.directory, expected.files)) ? true : undefined),
      30_000,
      'the failing upload to store the whole file',
    );
    // …another member's upload of the same bytes is in progress (it holds them) when it fails…
    const holding = await streamingUpload(app, ada.headers.authorization);
    await holding.fileHead('second.bin');
    await holding.write(bytes);
    await holding.write('\r\n');
    await holding.startField('title');
    await until(
      () => (app.contentStore.activeUploads === 2 ? true : undefined),
      30_000,
      'both uploads in progress',
    );
    // …and a third, recorded before the failure, reuses them too.
    const recorded = await upload(app, ada.headers, [file('third.bin', bytes)]);
    expect(recorded.statusCode, recorded.body).toBe(201);

    await failing.write('friends-only\r\n');
    await failing.end();
    expect((await failing.response).status).toBe(422);

    await holding.write('Held\r\n');
    await holding.end();
    const held = await holding.response;
    expect(held.status, held.body).toBe(201);
    expect(await hasAll(app.contentStore.directory, expected.files)).toBe(true);
    for (const postId of [
      JSON.parse(held.body).post_id as string,
      recorded.json<{ post_id: string }>().post_id,
    ]) {
      const detail = (
        await app.inject({ method: 'GET', url: `/api/v1/media/${postId}` })
      ).json<PostDetail>();
      expect(detail.files[0]!.cid).toBe(expected.cid);
      expect((await fileBytes(app, detail.files[0]!.url)).equals(bytes)).toBe(true);
    }
  });
});
