import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { PostDetail } from '@symposia/shared';
import sharp from 'sharp';
import type { AppDatabase } from '../../src/db/index.js';
import { createPdf } from '../../src/processing/extract/testing/pdf-fixture.js';
import { buildServer, startFreshServer } from '../processes.js';
import { postJson, signUp, type BenchUser } from './client.js';
import { random, sentence } from './text.js';

/**
 * Bursts of small uploads against the built server in its own process, with the default
 * processing settings (issue 31): 500 single-file posts (2 KB images, 1 KB PDFs and texts) sent
 * eight at a time, timed from the last upload's answer until every post is published and every
 * image has its thumbnails; 500 posts of three files each the same way; and single small uploads
 * on an idle server, from the answer to `published`.
 */

const BURST_POSTS = Number(process.env.BENCH_BURST_POSTS ?? 500);
const SENT_AT_ONCE = 8;
const SINGLES = 5;
const TARGETS = { burst: 60, threeFiles: 180, single: 2 } as const;

type Kind = 'image' | 'pdf' | 'text';
interface UploadFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

const next = random(31);

/** Noise of about 2 KB as a PNG: every one different, so none is deduplicated. */
async function smallImage(): Promise<Uint8Array> {
  return sharp(randomBytes(24 * 24 * 3), { raw: { width: 24, height: 24, channels: 3 } })
    .png()
    .toBuffer();
}

function smallPdf(serial: number): Uint8Array {
  return createPdf([{ text: `Note ${serial}` }, { text: sentence(next, 60) }]);
}

function smallText(serial: number): Uint8Array {
  return new TextEncoder().encode(`Notes ${serial}. ${sentence(next, 150)}`.slice(0, 1024));
}

async function fileOf(kind: Kind, serial: number): Promise<UploadFile> {
  if (kind === 'image') {
    return { name: `figure-${serial}.png`, type: 'image/png', bytes: await smallImage() };
  }
  if (kind === 'pdf') {
    return { name: `note-${serial}.pdf`, type: 'application/pdf', bytes: smallPdf(serial) };
  }
  return { name: `notes-${serial}.txt`, type: 'text/plain', bytes: smallText(serial) };
}

const KINDS: Kind[] = ['image', 'pdf', 'text'];

async function upload(baseUrl: string, user: BenchUser, files: UploadFile[]): Promise<string> {
  const form = new FormData();
  form.append('title', `${sentence(next, 5)}`);
  form.append('tags', 'bench');
  for (const file of files) {
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  const response = await fetch(`${baseUrl}/api/v1/media/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  }
  return ((await response.json()) as { post_id: string }).post_id;
}

/** How many of these posts are published, and how many image thumbnails exist. */
async function progress(db: AppDatabase, ids: string[]) {
  const published = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('id', 'in', ids)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  const images = await db
    .selectFrom('post_files')
    .innerJoin('files', 'files.cid', 'post_files.cid')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('post_files.post_id', 'in', ids)
    .where('files.media_type', '=', 'image')
    .executeTakeFirstOrThrow();
  const thumbnails = await db
    .selectFrom('post_files')
    .innerJoin('file_derivatives', 'file_derivatives.source_cid', 'post_files.cid')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('post_files.post_id', 'in', ids)
    .where('file_derivatives.variant', 'in', ['card', 'detail'])
    .executeTakeFirstOrThrow();
  return {
    published: Number(published.n),
    images: Number(images.n),
    thumbnails: Number(thumbnails.n),
  };
}

interface BurstResult {
  posts: number;
  files: number;
  uploadSeconds: number;
  afterLastSeconds: number;
}

/** Sends `posts` uploads eight at a time; times from the last answer until all is processed. */
async function burst(
  baseUrl: string,
  db: AppDatabase,
  users: BenchUser[],
  posts: number,
  filesPerPost: number,
): Promise<BurstResult> {
  // Made before the clock starts: the client's own work is not the server's.
  const bodies: UploadFile[][] = [];
  for (let index = 0; index < posts; index += 1) {
    const files: UploadFile[] = [];
    for (let file = 0; file < filesPerPost; file += 1) {
      const kind = KINDS[(index + file) % KINDS.length] as Kind;
      files.push(await fileOf(kind, index * filesPerPost + file));
    }
    bodies.push(files);
  }
  const ids: string[] = [];
  let cursor = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENT_AT_ONCE }, async (_, lane) => {
      const user = users[lane % users.length] as BenchUser;
      while (cursor < bodies.length) {
        const files = bodies[cursor] as UploadFile[];
        cursor += 1;
        ids.push(await upload(baseUrl, user, files));
      }
    }),
  );
  const lastAnswer = performance.now();
  const ids500 = ids;
  const deadline = lastAnswer + 15 * 60_000;
  for (;;) {
    const seen = await progress(db, ids500);
    if (seen.published === ids500.length && seen.thumbnails === seen.images * 2) break;
    if (performance.now() > deadline) {
      throw new Error(`still processing after 15 minutes: ${JSON.stringify(seen)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    posts,
    files: posts * filesPerPost,
    uploadSeconds: (lastAnswer - started) / 1000,
    afterLastSeconds: (performance.now() - lastAnswer) / 1000,
  };
}

/** One small upload on an idle server: from its answer until the author reads `published`. */
async function single(baseUrl: string, user: BenchUser, kind: Kind, serial: number) {
  const id = await upload(baseUrl, user, [await fileOf(kind, serial)]);
  const answered = performance.now();
  for (;;) {
    const post = (await postJson(baseUrl, `/api/v1/media/${id}`, undefined, 'GET', {
      authorization: `Bearer ${user.token}`,
    })) as unknown as PostDetail;
    if (post.status === 'published') return (performance.now() - answered) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until no job is queued or running (a burst's related-post refreshes included). */
async function settled(db: AppDatabase): Promise<void> {
  for (;;) {
    const open = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const verdict = (seconds: number, target: number) =>
  `≤ ${target} s ${seconds <= target ? 'met' : 'MISSED'}`;

export async function processingBursts(): Promise<void> {
  buildServer();
  // Default processing settings; only the per-member upload and registration limits are lifted,
  // so that a burst from a few members is not refused.
  const server = await startFreshServer({
    UPLOAD_RATE_LIMIT_MAX: '100000',
    REGISTER_RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'warn',
  });
  try {
    const users: BenchUser[] = [];
    for (let index = 0; index < SENT_AT_ONCE; index += 1) {
      users.push(await signUp(server.baseUrl, `bench_burst_${index}`));
    }
    console.log(
      `\nprocessing bursts: the built server in its own process (${server.database}, ` +
        `${availableParallelism()} cores, default WORKER_CONCURRENCY and PROCESSING_POOL_SIZE), ` +
        `uploads sent ${SENT_AT_ONCE} at a time`,
    );
    const singles: number[] = [];
    for (let index = 0; index < SINGLES; index += 1) {
      singles.push(
        await single(
          server.baseUrl,
          users[0] as BenchUser,
          KINDS[index % 3] as Kind,
          90_000 + index,
        ),
      );
    }
    singles.sort((a, b) => a - b);
    const median = singles[Math.floor(singles.length / 2)] as number;
    const worst = singles[singles.length - 1] as number;
    console.log(
      `  one small upload, answer → published (${SINGLES} on an idle server): median ` +
        `${median.toFixed(2)} s, worst ${worst.toFixed(2)} s   ${verdict(worst, TARGETS.single)}`,
    );
    const one = await burst(server.baseUrl, server.db, users, BURST_POSTS, 1);
    console.log(
      `  ${one.posts} single-file posts (2 KB images, 1 KB PDFs and texts): uploads answered in ` +
        `${one.uploadSeconds.toFixed(1)} s; all published with thumbnails ` +
        `${one.afterLastSeconds.toFixed(1)} s after the last answer   ` +
        verdict(one.afterLastSeconds, TARGETS.burst),
    );
    await settled(server.db);
    const three = await burst(server.baseUrl, server.db, users, BURST_POSTS, 3);
    console.log(
      `  ${three.posts} posts of three files (${three.files} files): uploads answered in ` +
        `${three.uploadSeconds.toFixed(1)} s; all published with thumbnails ` +
        `${three.afterLastSeconds.toFixed(1)} s after the last answer, ` +
        `${(three.uploadSeconds + three.afterLastSeconds).toFixed(1)} s in all   ` +
        verdict(three.uploadSeconds + three.afterLastSeconds, TARGETS.threeFiles),
    );
  } finally {
    await server.close();
  }
}
