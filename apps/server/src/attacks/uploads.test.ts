import { randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { PostDetail } from '@symposia/shared';
import { expect, it } from 'vitest';
import {
  blockDirectory,
  describeEachServerDatabase,
  MiB,
  publish,
  registerMember,
  ServerProcess,
  until,
  type DirectorySnapshot,
  type Member,
} from '../../test/server-process.js';

/**
 * A member filling the disk with uploads that never become posts: a 5 × 20 MB upload refused for a text field sent
 * after its files, six files, and an upload cut off mid-stream must leave the block directory as
 * it was, without touching the blocks of a post that shares bytes with them.
 */

const FILE_BYTES = 20 * MiB;
// Long enough for a removal or a garbage collection pass to finish, short of a hung test.
const CLEANUP_TIMEOUT_MS = 20_000;

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
}

function multipartBody(parts: Part[]): { boundary: string; body: Buffer } {
  const boundary = `----attack${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(chunks) };
}

/**
 * Sends a whole multipart body and returns the answer, even one the server gives before it has
 * read everything (it may then close the connection while the body is still being written).
 */
function sendUpload(
  server: ServerProcess,
  member: Member,
  parts: Part[],
): Promise<{ status: number; body: string }> {
  const { boundary, body } = multipartBody(parts);
  return new Promise((resolve, reject) => {
    const request = httpRequest(server.url('/api/v1/media/upload'), {
      method: 'POST',
      headers: {
        ...member.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      },
    });
    let answered = false;
    request.on('response', (response: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.end(body);
  });
}

/** Starts an upload of one file, sends `sentBytes` of it, and returns a way to cut it off. */
function startUpload(server: ServerProcess, member: Member, sentBytes: number) {
  const boundary = `----attack${randomBytes(8).toString('hex')}`;
  const request = httpRequest(server.url('/api/v1/media/upload'), {
    method: 'POST',
    headers: {
      ...member.headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      // The body it announces is a whole file; it is cut off after `sentBytes`.
      'content-length': sentBytes * 2 + 1024,
    },
  });
  request.on('error', () => undefined);
  request.on('response', (response) => response.resume());
  const sent = (async () => {
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    if (!request.write(head)) await new Promise((resolve) => request.once('drain', resolve));
    const chunk = 256 * 1024;
    for (let offset = 0; offset < sentBytes; offset += chunk) {
      if (request.destroyed) return;
      if (!request.write(randomBytes(Math.min(chunk, sentBytes - offset)))) {
        await new Promise((resolve) => request.once('drain', resolve));
      }
    }
  })();
  return {
    sent,
    cut: () => request.destroy(),
  };
}

function describeSnapshot(snapshot: DirectorySnapshot): string {
  return `${snapshot.files} files, ${(snapshot.bytes / MiB).toFixed(2)} MiB`;
}

/** Waits until the block directory is back at `expected`, and stays there for a second. */
async function settlesAt(dataDir: string, expected: DirectorySnapshot) {
  let sameSince: number | undefined;
  let last = await blockDirectory(dataDir);
  try {
    await until(
      async () => {
        last = await blockDirectory(dataDir);
        const same = last.files === expected.files && last.bytes === expected.bytes;
        if (!same) sameSince = undefined;
        else sameSince ??= Date.now();
        return sameSince !== undefined && Date.now() - sameSince >= 1000 ? true : undefined;
      },
      CLEANUP_TIMEOUT_MS,
      'the block directory to return to its size',
    );
  } catch {
    // The assertion below reports the figures.
  }
  return last;
}

describeEachServerDatabase('upload attacks over HTTP', (open, dialect) => {
  it('rejected and aborted uploads leave the block directory as it was', async () => {
    const database = await open();
    const server = await ServerProcess.start(database, {
      UPLOAD_RATE_LIMIT_MAX: '1000',
      USER_STORAGE_QUOTA_BYTES: String(1024 * MiB),
      // Collect unreferenced blocks often, so a collector-based cleanup shows within the test.
      BLOCK_GC_INTERVAL_SECONDS: '1',
      // Processing would add thumbnail blocks while the directory is watched.
      WORKER_CONCURRENCY: '0',
    });
    const member = await registerMember(server, 'filler');

    // A real post whose blocks the attack's first file shares: they must survive its cleanup.
    const shared = randomBytes(FILE_BYTES);
    const postId = await publish(server, member, { title: 'Shared data' }, [
      { name: 'shared.bin', content: shared },
    ]);
    const detail = (await (
      await fetch(server.url(`/api/v1/media/${postId}`), { headers: member.headers })
    ).json()) as PostDetail;
    const sharedUrl = detail.files[0]?.url ?? '';
    const baseline = await blockDirectory(database.dataDir);
    expect(baseline.bytes).toBeGreaterThan(FILE_BYTES);

    // 5 × 20 MB, then a bad text field: it arrives when every file has been streamed.
    const rejected = await sendUpload(server, member, [
      { name: 'files', value: shared, fileName: 'shared-again.bin' },
      ...Array.from({ length: 4 }, (_, index) => ({
        name: 'files',
        value: randomBytes(FILE_BYTES),
        fileName: `filler-${index}.bin`,
      })),
      { name: 'title', value: 'Never a post' },
      { name: 'visibility', value: 'bogus' },
    ]);
    expect(rejected.status, rejected.body).toBe(422);
    const afterRejected = await settlesAt(database.dataDir, baseline);
    console.log(
      `[attack ${dialect}] rejected 5 × 20 MB upload: blocks before ${describeSnapshot(baseline)}` +
        `, after ${describeSnapshot(afterRejected)}`,
    );
    expect(afterRejected).toEqual(baseline);

    // A sixth file.
    const sixFiles = await sendUpload(
      server,
      member,
      Array.from({ length: 6 }, (_, index) => ({
        name: 'files',
        value: randomBytes(MiB),
        fileName: `six-${index}.bin`,
      })),
    );
    expect(sixFiles.status, sixFiles.body).toBeGreaterThanOrEqual(400);
    expect(sixFiles.status, sixFiles.body).toBeLessThan(500);
    const afterSix = await settlesAt(database.dataDir, baseline);
    console.log(
      `[attack ${dialect}] 6-file upload (${sixFiles.status}): blocks after ` +
        describeSnapshot(afterSix),
    );
    expect(afterSix).toEqual(baseline);

    // Cut off after about 10 MB of a 20 MB file, once the server has begun storing it.
    const cutOff = startUpload(server, member, 10 * MiB);
    await cutOff.sent;
    const grew = await until(
      async () => {
        const now = await blockDirectory(database.dataDir);
        return now.bytes > baseline.bytes ? now : undefined;
      },
      5000,
      'the aborted upload to reach the block directory',
    ).catch(() => null);
    cutOff.cut();
    const afterAbort = await settlesAt(database.dataDir, baseline);
    console.log(
      `[attack ${dialect}] upload cut off after 10 MB: blocks while streaming ` +
        `${grew ? describeSnapshot(grew) : 'unchanged'}, after ${describeSnapshot(afterAbort)}`,
    );
    expect(afterAbort).toEqual(baseline);

    // The post that shares the first file's blocks still reads back whole.
    const readBack = await fetch(server.url(sharedUrl), { headers: member.headers });
    expect(readBack.status).toBe(200);
    expect(Buffer.from(await readBack.arrayBuffer()).equals(shared)).toBe(true);
    expect((await fetch(server.url('/healthz'))).status).toBe(200);
  }, 180_000);
});
