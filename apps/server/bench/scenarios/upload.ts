import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { UPLOAD_MAX_FILE_BYTES } from '@symposia/shared';
import type { AppDatabase } from '../../src/db/index.js';
import { signUp } from './client.js';
import type { Scenario } from './types.js';

const RUNS = 5;
const run = promisify(execFile);
const MB = 1024 * 1024;

/** Seconds `sha256sum` takes over the file: the speed of reading and hashing it once. */
function timeSha256sum(file: string): { seconds: number; tool: string } {
  const started = process.hrtime.bigint();
  const result = spawnSync('sha256sum', [file]);
  if (result.status === 0) {
    return { seconds: Number(process.hrtime.bigint() - started) / 1e9, tool: 'sha256sum' };
  }
  // Without coreutils' sha256sum, Node's own hash over the same stream is the reference.
  const hashStart = process.hrtime.bigint();
  createHash('sha256')
    .update(spawnSync('cat', [file]).stdout)
    .digest();
  return { seconds: Number(process.hrtime.bigint() - hashStart) / 1e9, tool: 'node sha256' };
}

/**
 * Sends the file as a browser would (multipart, streamed). curl, a separate process, is the client
 * when it is installed, so the figures are the server's alone; otherwise fetch in this process.
 */
async function send(baseUrl: string, token: string, file: string, name: string): Promise<number> {
  // Asynchronous: the server answering the upload runs in this very process.
  const curl = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code}',
    '-H',
    `authorization: Bearer ${token}`,
    '-F',
    `file=@${file};filename=${name}`,
    `${baseUrl}/api/v1/media/upload`,
  ]).then(
    ({ stdout }) => Number(stdout),
    () => undefined,
  );
  if (curl !== undefined) return curl;
  const boundary = `bench${Date.now()}`;
  const response = await fetch(`${baseUrl}/api/v1/media/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: multipartStream(file, name, boundary),
    duplex: 'half',
  } as RequestInit);
  await response.text();
  return response.status;
}

/** A multipart body streamed from disk: the client never holds the file either. */
function multipartStream(file: string, name: string, boundary: string): ReadableStream {
  async function* parts() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    yield* createReadStream(file);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return Readable.toWeb(Readable.from(parts())) as ReadableStream;
}

/**
 * The process's peak RSS from now on: Linux's own high-water mark (VmHWM), reset here, so no
 * sampling timer runs during the upload and no short peak is missed. Elsewhere, sampled.
 */
function startPeakRss(): () => number {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return () => {
      const status = readFileSync('/proc/self/status', 'utf8');
      const kib = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1]);
      if (!Number.isFinite(kib)) throw new Error('no VmHWM in /proc/self/status');
      return kib * 1024;
    };
  } catch {
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    return () => {
      clearInterval(sampler);
      return peak;
    };
  }
}

async function processingDone(db: AppDatabase, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('processing of the uploads did not finish in time');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export const uploadScenario: Scenario = {
  name: 'upload',
  description: 'a 50 MB upload into the IPFS content store: throughput beside sha256sum, peak RSS',
  run: async ({ baseUrl, app, config }) => {
    const dir = await mkdtemp(join(tmpdir(), 'symposia-upload-bench-'));
    try {
      const user = await signUp(baseUrl, 'bench_uploader');
      const uploads: number[] = [];
      const hashes: number[] = [];
      let tool = '';
      let peakGrowth = 0;
      // New bytes for each upload: blocks already stored are not written again, which would flatter.
      const files: string[] = [];
      for (let run = 0; run <= RUNS; run += 1) {
        files.push(join(dir, `fifty-${run}.bin`));
        writeFileSync(files[run] as string, randomBytes(UPLOAD_MAX_FILE_BYTES));
      }
      // Everything on disk before any clock starts: no write-back competes with a timed run.
      spawnSync('sync');
      for (const file of files.slice(1)) {
        const hashed = timeSha256sum(file);
        hashes.push(hashed.seconds);
        tool = hashed.tool;
      }
      for (const [run, file] of files.entries()) {
        // The first upload warms the server up (JIT, caches) and is not counted.
        const counted = run > 0;

        const baseline = process.memoryUsage().rss;
        const peakRss = startPeakRss();
        const started = process.hrtime.bigint();
        const status = await send(baseUrl, user.token, file, `fifty-${run}.bin`);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const peak = peakRss();
        if (status !== 201) throw new Error(`upload answered ${status}`);
        if (counted) {
          uploads.push(seconds);
          peakGrowth = Math.max(peakGrowth, peak - baseline);
        }
        // The upload's processing (thumbnails, text, analysis) runs in this process after it is
        // answered; the next upload is timed once it is done, not against it.
        if (config.processing.workerConcurrency > 0) await processingDone(app.db);
      }
      const size = UPLOAD_MAX_FILE_BYTES / MB;
      const uploadSpeed = size / median(uploads);
      const hashSpeed = size / median(hashes);
      console.log(
        `\nupload (${size} MB, median of ${RUNS} after a warm-up; curl as the client, peak RSS of the server process)`,
      );
      console.log(`  POST /api/v1/media/upload  ${uploadSpeed.toFixed(0)} MB/s`);
      console.log(`  ${tool.padEnd(25)} ${hashSpeed.toFixed(0)} MB/s`);
      console.log(`  ratio                      ${((uploadSpeed / hashSpeed) * 100).toFixed(0)}%`);
      console.log(`  peak RSS growth            ${(peakGrowth / MB).toFixed(1)} MB`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
