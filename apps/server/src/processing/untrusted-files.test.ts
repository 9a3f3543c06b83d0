import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, open, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PostDetail } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import {
  describeEachDatabase,
  PNG_1X1,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../test/helpers.js';
import type { StoredFile } from '../domain/post.js';
import { createRepositories, type Job } from '../repositories/index.js';
import { createContentVersion } from '../services/content-version.js';
import { PROCESS_POST_JOB } from '../services/index.js';
import { docxBomb, pdfBomb } from './extract/testing/bombs.js';
import { ffmpegAvailable } from './media/video.js';
import { createProcessing } from './index.js';

/**
 * What an attacker's upload can do to the server: bombs that fail their job while the server
 * answers, a playlist posing as a video that reads no local file, errors that show no paths.
 */

const run = promisify(execFile);
const silent = { info: () => {}, warn: () => {} };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// The playlist test needs ffmpeg: skipped loudly without it, except under CI, which installs it.
const hasFfmpeg = (await ffmpegAvailable()) || process.env.CI === 'true';
if (!hasFfmpeg) console.warn('SKIPPING the video playlist test: ffmpeg is not installed');

function jobsOf(testApp: TestApp) {
  return createRepositories(testApp.app.db, testApp.config.database.dialect).jobs;
}

/** The post's job once it is done or failed for good. */
async function settledJob(testApp: TestApp, postId: string): Promise<Job> {
  const jobs = jobsOf(testApp);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await jobs.findBySubject(PROCESS_POST_JOB, postId);
    if (job && (job.status === 'done' || job.status === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job of post ${postId} still ${job?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function detail(testApp: TestApp, id: string, headers: Record<string, string>) {
  const response = await testApp.app.inject({ method: 'GET', url: `/api/v1/media/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<PostDetail>();
}

// Each test runs real readers in child processes: minutes of margin on a loaded machine.
describe('uploads parsed in the sandbox', { timeout: 120_000 }, () => {
  describeEachDatabase('untrusted files', (db) => {
    it.each([
      {
        kind: 'DOCX whose 1 GiB of XML claims to be 2 KiB',
        file: { name: 'bomb.docx', content: docxBomb(1024, { declaredSize: 2048 }), type: DOCX },
        error:
          'bomb.docx: the Word document is too large to read: its XML unpacks to more than 32 MiB',
      },
      {
        kind: 'PDF whose content stream inflates to 4 GiB',
        file: { name: 'bomb.pdf', content: pdfBomb(4096), type: 'application/pdf' },
        error: 'bomb.pdf: the PDF is too large to read: its streams unpack to more than 256 MiB',
      },
    ])(
      'fails the job of a $kind for good while /healthz keeps answering',
      async ({ file, error }) => {
        const testApp = await db.buildApp({
          // A reader allowed 192 MB: were the bomb inflated whole, the memory limit would fail it
          // with another message than its budget's.
          env: { WORKER_CONCURRENCY: '1', WORKER_POLL_MS: '20', PROCESSING_PARSE_MEMORY_MB: '192' },
        });
        const { app } = testApp;
        await app.listen({ port: 0, host: '127.0.0.1' });
        const health = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/healthz`;
        const ada = await signedInUser(app);

        const statuses: number[] = [];
        let polling = true;
        const poller = (async () => {
          while (polling) {
            statuses.push((await fetch(health)).status);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        let id: string;
        let job: Job;
        try {
          id = await uploadPost(app, ada.headers, { title: 'Innocent notes' }, [file]);
          job = await settledJob(testApp, id);
        } finally {
          polling = false;
          await poller;
        }

        expect(statuses.length).toBeGreaterThan(0);
        expect(statuses.filter((status) => status !== 200)).toEqual([]);
        // Failed on its first attempt and never queued again: a bomb stays a bomb.
        expect(job).toMatchObject({ status: 'failed', attempts: 1, lastError: error });
        // Published with what was made, never left processing; its author reads why.
        const post = await detail(testApp, id, ada.headers);
        expect(post).toMatchObject({
          status: 'published',
          ai_analysis: '',
          processing_error: error,
        });
      },
    );

    it.runIf(hasFfmpeg)(
      'gives ffmpeg the detected format, so a playlist posing as a video opens no local file',
      async () => {
        const testApp = await db.buildApp({ env: { PROCESSING_PARSE_TIMEOUT_SECONDS: '10' } });
        const { app, config, clock } = testApp;
        const repositories = createRepositories(app.db, config.database.dialect);
        const ada = await signedInUser(app);
        // A named pipe: whoever opens it for reading lets our open for writing complete, so the
        // test learns of any read, even one that gets no bytes.
        const secrets = join(config.dataDir, 'secrets');
        await mkdir(secrets);
        const secret = join(secrets, 'segment.ts');
        await run('mkfifo', [secret]);
        let opened = false;
        let released = false;
        const writer = open(secret, 'w').then(async (handle) => {
          if (!released) opened = true;
          await handle.close();
        });

        // Bytes that the upload's type detection was fooled into calling an MP4 (a polyglot),
        // though they are an HLS playlist that ffmpeg, left to guess, would follow.
        const playlist = Buffer.from(
          `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n${secret}\n#EXT-X-ENDLIST\n`,
        );
        const { cid, size } = await app.contentStore.importFile([playlist]);
        const file: StoredFile = {
          cid,
          size,
          name: 'clip.mp4',
          contentType: 'video/mp4',
          mediaType: 'video',
        };
        const id = randomUUID();
        const at = clock.now().toISOString();
        await repositories.posts.insert(
          {
            id,
            userId: ada.user.id,
            title: 'A clip',
            summary: '',
            content: '',
            tags: [],
            aiInstruction: '',
            visibility: 'public',
            mediaType: 'video',
            status: 'processing',
            createdAt: at,
            files: [file],
          },
          ada.username,
          { id: randomUUID(), kind: PROCESS_POST_JOB, subjectId: id, maxAttempts: 1, at },
        );

        const worker = createProcessing({
          config,
          repositories,
          store: app.contentStore,
          contentVersion: createContentVersion(),
          now: clock.now,
          log: silent,
          concurrency: 1,
        });
        worker.start();
        let job: Job;
        try {
          job = await settledJob(testApp, id);
        } finally {
          await worker.stop();
          // Let the pending open complete (a reader of our own), so nothing is left blocked.
          released = true;
          const reader = await open(secret, constants.O_RDONLY | constants.O_NONBLOCK);
          await writer;
          await reader.close();
        }

        expect(opened).toBe(false);
        expect(job.status).toBe('done');
        const post = await detail(testApp, id, ada.headers);
        expect(post.files[0]?.thumbnail ?? null).toBeNull();
        const notes = (JSON.parse(post.ai_analysis) as { notes: string[] }).notes.join(' ');
        expect(notes).toMatch(/^clip\.mp4: ffprobe could not read the file/);
        expect(notes).not.toContain(config.dataDir);
      },
    );

    it('shows the author why processing failed, without the paths or commands behind it', async () => {
      const testApp = await db.buildApp({
        env: { WORKER_CONCURRENCY: '1', WORKER_POLL_MS: '20', JOB_MAX_ATTEMPTS: '1' },
      });
      const { app, config } = testApp;
      // The scratch directory cannot be made: a file is in its place.
      await writeFile(join(config.dataDir, 'tmp'), 'not a directory');
      const ada = await signedInUser(app);
      const id = await uploadPost(app, ada.headers, { title: 'Figure' }, [
        { name: 'figure.png', content: PNG_1X1, type: 'image/png' },
      ]);
      const job = await settledJob(testApp, id);
      expect(job.status).toBe('failed');
      const post = await detail(testApp, id, ada.headers);
      expect(post.status).toBe('published');
      expect(post.processing_error).toMatch(
        /^no scratch space for the file reader: E\w+: .*\[path\]/,
      );
      expect(post.processing_error).not.toContain(config.dataDir);
      expect(post.processing_error).not.toMatch(/\/tmp|symposia-test/);
      // Anyone else sees the post without the error.
      const other = await signedInUser(app);
      expect((await detail(testApp, id, other.headers)).processing_error).toBeUndefined();
    });
  });
});
