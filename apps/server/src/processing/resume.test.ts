import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  describeEachDatabase,
  signedInUser,
  uploadPost,
  type TestApp,
  type UploadFile,
} from '../../test/helpers.js';
import type { DerivativeVariant, FileDerivatives, Post } from '../domain/post.js';
import { createRepositories } from '../repositories/index.js';
import { createContentVersion } from '../services/content-version.js';
import { PROCESS_POST_JOB } from '../services/index.js';
import { createPaperPdf } from './extract/testing/pdf-fixture.js';
import { ffmpegAvailable } from './media/video.js';
import { createProcessing } from './index.js';

/**
 * A job killed at any step and run again finishes exactly what is left: each state a kill can
 * leave (one derivative written, the next not) is built directly, then the job is taken over.
 */

const run = promisify(execFile);
const silent = { info: () => {}, warn: () => {} };

// Video posters need ffmpeg: skipped loudly without it, except under CI, which installs it.
const hasFfmpeg = (await ffmpegAvailable()) || process.env.CI === 'true';
if (!hasFfmpeg) console.warn('SKIPPING the resumed video poster test: ffmpeg is not installed');

const GRAPHENE =
  'Twisted bilayer graphene becomes superconducting near the magic angle. The superconducting ' +
  'dome of twisted bilayer graphene tracks the correlated insulator states of the flat bands. ' +
  'Flat bands in twisted bilayer graphene enhance electron correlations in the moire lattice.';
const ZEBRAS =
  'Plains zebras migrate across the Serengeti every year. The zebra migration follows the ' +
  'rains and the fresh grass of the Serengeti plains. Zebras and wildebeest migrate together ' +
  'and zebra herds graze the tall grass the wildebeest leave.';

function paper(title: string): Buffer {
  return Buffer.from(
    createPaperPdf({ title, authors: 'A. Lovelace', abstract: GRAPHENE, sections: [] }),
  );
}

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer();
}

/** A small WebP no worker would make from these sources: recognisable when it is kept. */
async function marker(color: string): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: color } })
    .webp()
    .toBuffer();
}

function harness(testApp: TestApp) {
  const { app, config, clock } = testApp;
  const repositories = createRepositories(app.db, config.database.dialect);
  const iso = (offsetSeconds = 0) =>
    new Date(clock.now().getTime() + offsetSeconds * 1000).toISOString();

  return {
    repositories,
    async post(id: string): Promise<Post> {
      const post = await repositories.posts.findById(id);
      if (!post) throw new Error(`no post ${id}`);
      return post;
    },

    /** What a killed run left behind: a derivative written (with bytes of our choosing). */
    async written(
      sourceCid: string,
      variant: DerivativeVariant,
      bytes: Buffer,
      facts: { durationSeconds?: number } = {},
    ): Promise<string> {
      const { cid, size } = await app.contentStore.importFile([bytes]);
      const text = variant === 'text';
      await repositories.posts.recordDerivative(
        sourceCid,
        variant,
        {
          cid,
          size,
          name: `left-behind-${variant}`,
          contentType: text ? 'text/plain; charset=utf-8' : 'image/webp',
          mediaType: text ? 'document' : 'image',
        },
        facts,
        iso(),
      );
      return cid;
    },

    async read(cid: string): Promise<Buffer> {
      const chunks: Uint8Array[] = [];
      for await (const chunk of app.contentStore.cat(cid)) chunks.push(chunk);
      return Buffer.concat(chunks);
    },

    /**
     * The job's first worker claimed it and was killed; once its lease ran out another worker
     * takes the job over and runs it to the end, in the same attempt.
     */
    async resume(postId: string): Promise<void> {
      expect(
        await repositories.jobs.claim('killed-worker', iso(), iso(60), [PROCESS_POST_JOB]),
      ).toMatchObject({
        subjectId: postId,
      });
      clock.advance(61);
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
      try {
        const deadline = Date.now() + 60_000;
        for (;;) {
          const job = await repositories.jobs.findBySubject(PROCESS_POST_JOB, postId);
          if (job?.status === 'done' || job?.status === 'failed') {
            expect(job).toMatchObject({ status: 'done', attempts: 1, leaseExpiries: 1 });
            return;
          }
          if (Date.now() > deadline) throw new Error(`job still ${job?.status}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      } finally {
        await worker.stop();
      }
    },
  };
}

async function upload(testApp: TestApp, files: UploadFile[]) {
  const ada = await signedInUser(testApp.app);
  return uploadPost(testApp.app, ada.headers, { title: 'Field notes' }, files);
}

function analysisOf(post: Post): { key_points: string[]; summary: string } {
  return JSON.parse(post.aiAnalysis) as { key_points: string[]; summary: string };
}

// Each test runs real readers in child processes: minutes of margin on a loaded machine.
describe('interrupted jobs', { timeout: 120_000 }, () => {
  describeEachDatabase('resuming a post job', (db) => {
    it('makes the detail thumbnail of an image that has only its card, keeping the card', async () => {
      const testApp = await db.buildApp();
      const { post, written, read, resume } = harness(testApp);
      const id = await upload(testApp, [{ name: 'figure.jpg', content: await jpeg(2400, 1600) }]);
      const source = (await post(id)).files[0]?.cid ?? '';
      const card = await written(source, 'card', await marker('#f00'));

      await resume(id);

      const derivatives: FileDerivatives = (await post(id)).files[0]?.derivatives ?? {};
      expect(derivatives.card).toBe(card);
      expect(await sharp(await read(derivatives.detail ?? '')).metadata()).toMatchObject({
        format: 'webp',
        width: 1600,
      });
      expect((await post(id)).status).toBe('published');
    });

    it('makes the card of an image that has only its detail thumbnail, keeping the detail', async () => {
      const testApp = await db.buildApp();
      const { post, written, read, resume } = harness(testApp);
      const id = await upload(testApp, [{ name: 'figure.jpg', content: await jpeg(2400, 1600) }]);
      const source = (await post(id)).files[0]?.cid ?? '';
      const detail = await written(source, 'detail', await marker('#00f'));

      await resume(id);

      const derivatives: FileDerivatives = (await post(id)).files[0]?.derivatives ?? {};
      expect(derivatives.detail).toBe(detail);
      expect(await sharp(await read(derivatives.card ?? '')).metadata()).toMatchObject({
        width: 640,
      });
    });

    it('analyses from the text an earlier run stored, and extracts only what is missing', async () => {
      const testApp = await db.buildApp();
      const { post, written, read, resume } = harness(testApp);
      const id = await upload(testApp, [
        { name: 'first.pdf', content: paper('Graphene, first part'), type: 'application/pdf' },
        { name: 'second.pdf', content: paper('Graphene, second part'), type: 'application/pdf' },
      ]);
      const [first, second] = (await post(id)).files;
      // The killed run had stored the first document's text (here, text it would never extract:
      // so the analysis shows whether it was read or the PDF parsed again), not the second's.
      const stored = await written(first?.cid ?? '', 'text', Buffer.from(ZEBRAS));
      expect(second?.derivatives.text).toBeUndefined();

      await resume(id);

      const after = await post(id);
      expect(after.files[0]?.derivatives.text).toBe(stored);
      const extracted = after.files[1]?.derivatives.text;
      expect((await read(extracted ?? '')).toString('utf8')).toContain('Twisted bilayer graphene');
      const { key_points: points } = analysisOf(after);
      expect(points.join(' ')).toMatch(/zebra/i);
      expect(points.join(' ')).toMatch(/graphene/i);
      expect(after.status).toBe('published');
    });

    it('keeps the analysis an earlier run wrote and finishes what it left', async () => {
      const testApp = await db.buildApp();
      const { post, written, resume, repositories } = harness(testApp);
      const id = await upload(testApp, [{ name: 'figure.jpg', content: await jpeg(1200, 800) }]);
      const source = (await post(id)).files[0]?.cid ?? '';
      await written(source, 'card', await marker('#f00'));
      // Killed after the analysis was saved, before the job was marked done (the detail thumbnail
      // is missing too, as if it had been lost with a disk).
      const analysis = JSON.stringify({
        summary: 'Written by the first run.',
        tags: ['first-run'],
      });
      await repositories.posts.saveAnalysis(
        id,
        { aiAnalysis: analysis, tags: ['first-run'], status: 'published' },
        testApp.clock.now().toISOString(),
      );

      await resume(id);

      const after = await post(id);
      expect(after.aiAnalysis).toBe(analysis);
      expect(after.tags).toEqual(['first-run']);
      expect(after.files[0]?.derivatives.detail).toBeDefined();
    });

    it.runIf(hasFfmpeg)(
      'takes the poster a video lacks and keeps the one another has',
      async () => {
        const testApp = await db.buildApp();
        const { post, written, read, resume } = harness(testApp);
        const dir = await mkdtemp(join(tmpdir(), 'symposia-video-'));
        const clips: UploadFile[] = [];
        try {
          for (const [name, color] of [
            ['one.mp4', 'red'],
            ['two.mp4', 'blue'],
          ] as const) {
            const file = join(dir, name);
            await run('ffmpeg', [
              ...['-v', 'error', '-f', 'lavfi', '-i', `color=c=${color}:s=160x120:d=2:r=5`],
              ...['-pix_fmt', 'yuv420p', file],
            ]);
            clips.push({ name, content: await readFile(file) });
          }
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
        const id = await upload(testApp, clips);
        const [one] = (await post(id)).files;
        const kept = await written(one?.cid ?? '', 'poster', await marker('#0f0'), {
          durationSeconds: 2,
        });

        await resume(id);

        const [first, second] = (await post(id)).files;
        expect(first?.derivatives.poster).toBe(kept);
        expect(await sharp(await read(second?.derivatives.poster ?? '')).metadata()).toMatchObject({
          width: 160,
        });
        expect(second?.derivatives.durationSeconds).toBeCloseTo(2, 0);
      },
    );
  });
});
