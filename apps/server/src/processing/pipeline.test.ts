import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PostDetail, PostListItem } from '@symposia/shared';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import {
  describeEachDatabase,
  pngClaiming,
  signedInUser,
  uploadPost,
  type TestApp,
} from '../../test/helpers.js';

type FastifyInstance = TestApp['app'];
import { createPaperPdf } from './extract/testing/pdf-fixture.js';
import { analysisJson, mergeTags } from './pipeline.js';
import { ffmpegAvailable } from './media/video.js';

const run = promisify(execFile);

const ABSTRACT =
  'Twisted bilayer graphene becomes superconducting near the magic angle. We map the ' +
  'superconducting dome of twisted bilayer graphene with transport measurements across twelve ' +
  'devices. The critical temperature of the superconducting phase peaks at 1.7 kelvin near half ' +
  'filling of the flat bands. Flat bands in twisted bilayer graphene enhance electron correlations. ' +
  'Our measurements show that the superconducting dome tracks the correlated insulator states, ' +
  'which suggests a common origin in the flat bands of the moire lattice.';

// Video posters need ffmpeg: skipped loudly without it, except under CI, which installs it.
const hasFfmpeg = (await ffmpegAvailable()) || process.env.CI === 'true';
if (!hasFfmpeg) console.warn('SKIPPING the video poster test: ffmpeg is not installed');

const WORKER_ENV = { WORKER_CONCURRENCY: '2', WORKER_POLL_MS: '20' };

async function processed(app: FastifyInstance, id: string, headers: Record<string, string>) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const detail = (
      await app.inject({ method: 'GET', url: `/api/v1/media/${id}`, headers })
    ).json<PostDetail>();
    if (detail.status === 'published') return detail;
    if (Date.now() > deadline) throw new Error(`post ${id} still ${detail.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function servedImage(app: FastifyInstance, url: string) {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/webp');
  return sharp(response.rawPayload).metadata();
}

describe('analysisJson', () => {
  it("writes the spec's summary: paragraphs, then '- ' bullet lists, and the source", () => {
    const json = JSON.parse(
      analysisJson(
        { overview: 'An overview.', keyPoints: ['One', 'Two'], tags: ['a'], topics: ['Why?'] },
        { provider: 'embedded', model: 'textrank-1' },
        '2026-01-01T00:00:00.000Z',
        [],
      ),
    );
    expect(json).toEqual({
      summary: 'An overview.\n\nKey points\n- One\n- Two\n\nDiscussion topics\n- Why?',
      tags: ['a'],
      key_points: ['One', 'Two'],
      topics: ['Why?'],
      provider: 'embedded',
      model: 'textrank-1',
      analyzed_at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('adds only the analysis tags the post lacks, ignoring case', () => {
    expect(mergeTags(['Physics', 'optics'], ['physics', 'graphene', 'Optics', 'moire'])).toEqual([
      'Physics',
      'optics',
      'graphene',
      'moire',
    ]);
  });
});

describeEachDatabase('processing pipeline', (db) => {
  it('analyses a PDF: the detail says processing, then shows the analysis and the new tags', async () => {
    const { app } = await db.buildApp({ env: WORKER_ENV });
    const ada = await signedInUser(app);
    const pdf = createPaperPdf({
      title: 'Superconductivity in twisted bilayer graphene',
      authors: 'A. Lovelace, C. Babbage',
      abstract: ABSTRACT,
      sections: [
        {
          heading: 'Methods',
          paragraphs: [
            'Devices were assembled with a tear-and-stack method and measured at 20 mK.',
          ],
        },
      ],
    });
    const id = await uploadPost(app, ada.headers, { title: 'Magic-angle dome', tags: 'physics' }, [
      { name: 'paper.pdf', content: Buffer.from(pdf), type: 'application/pdf' },
    ]);
    const post = await processed(app, id, ada.headers);
    const analysis = JSON.parse(post.ai_analysis) as {
      summary: string;
      tags: string[];
      key_points: string[];
      topics: string[];
      provider: string;
    };
    expect(analysis.provider).toBe('embedded');
    expect(analysis.summary).toContain('Key points\n- ');
    expect(analysis.summary).toContain('Discussion topics\n- ');
    expect(analysis.tags.join(' ')).toMatch(/graphene|superconduct/);
    expect(analysis.key_points.join(' ')).toMatch(/graphene/i);
    expect(post.tags[0]).toBe('physics');
    expect(post.tags.length).toBeGreaterThan(1);
    // The search finds the post by the words its analysis added as tags.
    const found = (
      await app.inject({ method: 'GET', url: `/api/v1/media/list?search=${analysis.tags[0]}` })
    ).json<PostListItem[]>();
    expect(found.map((item) => item.id)).toContain(id);
  });

  it('makes WebP thumbnails of images, 640 px for cards and 1600 px for the detail', async () => {
    const { app } = await db.buildApp({ env: WORKER_ENV });
    const ada = await signedInUser(app);
    const jpeg = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: '#2a7' },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Ada' } })
      .toBuffer();
    const id = await uploadPost(app, ada.headers, { title: 'Figure' }, [
      { name: 'figure.jpg', content: jpeg },
    ]);
    const post = await processed(app, id, ada.headers);
    const detail = await servedImage(app, post.files[0]?.thumbnail ?? '');
    expect(detail).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(detail.exif).toBeUndefined();
    const [card] = (await app.inject({ method: 'GET', url: '/api/v1/media/list' })).json<
      PostListItem[]
    >();
    expect(card?.media).not.toBe(card?.file_paths[0]);
    expect(await servedImage(app, card?.media ?? '')).toMatchObject({ width: 640 });
    // Both renditions, narrowest first, for the web app's srcset: in the list and in the detail.
    expect(card?.media_renditions).toEqual([
      { url: card?.media, width: 640 },
      { url: post.files[0]?.thumbnail, width: 1600 },
    ]);
    expect(post.files[0]?.renditions).toEqual(card?.media_renditions);
  });

  it('refuses to decode an image bomb but still publishes the post', async () => {
    const { app } = await db.buildApp({ env: WORKER_ENV });
    const ada = await signedInUser(app);
    // A few hundred bytes claiming 20000 × 20000 pixels: 1.2 GB if it were decoded.
    const bomb = pngClaiming(20_000, 20_000);
    const id = await uploadPost(app, ada.headers, { title: 'Bomb' }, [
      { name: 'bomb.png', content: bomb },
    ]);
    const post = await processed(app, id, ada.headers);
    expect(post.files[0]?.thumbnail).toBeNull();
    expect(JSON.parse(post.ai_analysis).notes.join(' ')).toMatch(/bomb\.png/);
  });

  it('records a file it cannot read and carries on', async () => {
    const { app } = await db.buildApp({ env: WORKER_ENV });
    const ada = await signedInUser(app);
    const broken = Buffer.from('%PDF-1.4\nthis is not really a pdf\n%%EOF\n');
    const id = await uploadPost(
      app,
      ada.headers,
      { title: 'Notes on permafrost sampling', content: 'Cores were taken in Svalbard.' },
      [{ name: 'broken.pdf', content: broken }],
    );
    const post = await processed(app, id, ada.headers);
    const analysis = JSON.parse(post.ai_analysis) as { notes: string[]; summary: string };
    expect(analysis.notes.join(' ')).toMatch(/broken\.pdf/);
    expect(analysis.summary.length).toBeGreaterThan(0);
  });

  it('reads of a document only what extraction can use', async () => {
    const { app } = await db.buildApp({ env: WORKER_ENV });
    const ada = await signedInUser(app);
    const read = vi.spyOn(app.contentStore, 'cat');
    const binary = Buffer.alloc(3 * 1024 * 1024, 7);
    const longText = Buffer.from(
      `${ABSTRACT}\n`.repeat(Math.ceil((1024 * 1024) / ABSTRACT.length)),
    );
    const id = await uploadPost(app, ada.headers, { title: 'Raw data and notes' }, [
      { name: 'readings.bin', content: binary, type: 'application/octet-stream' },
      { name: 'notes.txt', content: longText, type: 'text/plain' },
    ]);
    const post = await processed(app, id, ada.headers);
    expect(JSON.parse(post.ai_analysis).key_points.join(' ')).toMatch(/graphene/i);
    const reads = read.mock.calls.map(([, options]) => options?.length ?? Infinity);
    // A kind sniff of each, then the text budget of the text file; never a whole file.
    expect(reads.length).toBe(3);
    expect(Math.max(...reads)).toBeLessThan(longText.length);
    read.mockRestore();
  });

  it.runIf(hasFfmpeg)('takes a poster frame and the duration of a video', async () => {
    const { app } = await db.buildApp({ env: WORKER_ENV });
    const ada = await signedInUser(app);
    const dir = await mkdtemp(join(tmpdir(), 'symposia-video-'));
    try {
      const file = join(dir, 'clip.mp4');
      await run('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=2:size=320x240:rate=10',
        '-pix_fmt',
        'yuv420p',
        file,
      ]);
      const id = await uploadPost(app, ada.headers, { title: 'Clip' }, [
        { name: 'clip.mp4', content: await readFile(file) },
      ]);
      const post = await processed(app, id, ada.headers);
      expect(post['media type']).toBe('video');
      expect(post.files[0]?.duration_seconds).toBeCloseTo(2, 0);
      expect(await servedImage(app, post.files[0]?.thumbnail ?? '')).toMatchObject({
        width: 320,
      });
      const [item] = (await app.inject({ method: 'GET', url: '/api/v1/media/list' })).json<
        PostListItem[]
      >();
      expect(item?.poster).toBe(post.files[0]?.thumbnail);
      // A poster frame is no rendition of an image: nothing for a srcset.
      expect(item?.media_renditions).toEqual([]);
      expect(post.files[0]?.renditions).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
