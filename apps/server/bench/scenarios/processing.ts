import { randomBytes } from 'node:crypto';
import type { PostDetail } from '@symposia/shared';
import sharp from 'sharp';
import { createPaperPdf } from '../../src/processing/extract/testing/pdf-fixture.js';
import { postJson, signUp } from './client.js';
import { processingBursts } from './processing-burst.js';
import type { Scenario } from './types.js';

const MB = 1024 * 1024;

/** A 50-page paper of realistic prose. */
function fiftyPagePdf(): Buffer {
  const paragraph =
    'We measured the transport properties of twisted bilayer graphene devices across a range of ' +
    'carrier densities and temperatures, and compared the superconducting dome with the ' +
    'correlated insulator states observed near half filling of the flat bands. ';
  return Buffer.from(
    createPaperPdf({
      title: 'A long study of flat-band superconductivity',
      authors: 'Bench Author',
      abstract: paragraph.repeat(3),
      sections: Array.from({ length: 50 }, (_, index) => ({
        heading: `Section ${index + 1}`,
        paragraphs: Array.from({ length: 7 }, () => paragraph.repeat(2)),
      })),
    }),
  );
}

/** Noise does not compress: a 4000 × 4000 PNG of it is about 48 MB, just under the upload limit. */
function fiftyMegabyteImage(): Promise<Buffer> {
  const side = 4000;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function timeProcessing(
  baseUrl: string,
  token: string,
  name: string,
  bytes: Buffer,
): Promise<{ seconds: number; peakGrowth: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const response = await fetch(`${baseUrl}/api/v1/media/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
    const { post_id: postId } = (await response.json()) as { post_id: string };
    const uploaded = performance.now();
    for (;;) {
      const post = (await postJson(baseUrl, `/api/v1/media/${postId}`, undefined, 'GET', {
        authorization: `Bearer ${token}`,
      })) as unknown as PostDetail;
      if (post.status === 'published') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { seconds: (performance.now() - uploaded) / 1000, peakGrowth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

export const processingScenario: Scenario = {
  name: 'processing',
  description:
    'the pipeline after upload: a 50-page PDF and a 48 MB image (time, peak RSS); bursts of 500 small uploads against the built server',
  run: async ({ baseUrl }) => {
    const user = await signUp(baseUrl, 'bench_processor');
    const pdf = fiftyPagePdf();
    const image = await fiftyMegabyteImage();
    const rows = [
      {
        label: `50-page PDF (${(pdf.length / MB).toFixed(1)} MB)`,
        ...(await timeProcessing(baseUrl, user.token, 'paper.pdf', pdf)),
      },
      {
        label: `image (${(image.length / MB).toFixed(1)} MB PNG)`,
        ...(await timeProcessing(baseUrl, user.token, 'noise.png', image)),
      },
    ];
    console.log('\nprocessing (from the upload answer to status published; embedded analyzer)');
    for (const row of rows) {
      console.log(
        `  ${row.label.padEnd(28)} ${row.seconds.toFixed(2)} s   peak RSS growth ${(row.peakGrowth / MB).toFixed(0)} MB`,
      );
    }
    await processingBursts();
  },
};
