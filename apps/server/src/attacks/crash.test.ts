import { randomBytes } from 'node:crypto';
import type { PostDetail } from '@symposia/shared';
import { importFile, type WritableStorage } from 'ipfs-unixfs-importer';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { multipart } from '../../test/helpers.js';
import {
  describeEachServerDatabase,
  registerMember,
  ServerProcess,
  until,
  type Member,
} from '../../test/server-process.js';
import { kuboImporterOptions } from '../storage/content-store.js';

/**
 * The crash test: members upload, comment and like while the server is killed with
 * SIGKILL at random moments and started again on the same data, 20 times. Whatever the server
 * acknowledged (a 2xx answer reached the client) must be there exactly once afterwards, files
 * must read back byte for byte, counts must equal the rows behind them, and every processing job
 * must end done with exactly one set of results.
 *
 * The kill moments and each member's choices come from a seeded PRNG; the seed is printed, and
 * CRASH_TEST_SEED=<seed> replays the same choices (the interleaving with the server still varies).
 */

const KILLS = 20;
const MEMBERS = 4;
const LOAD_MS = { min: 300, max: 2000 };
// A member's pause between comments and likes, which keep the server busy with writes.
const THINK_MS = { min: 20, max: 150 };
// A member's pause between uploads: about 30 posts per run, what processing (every file read by
// a freshly started sandbox process) gets through in about the time the kills take.
const UPLOAD_EVERY_MS = { min: 4000, max: 9000 };
// How long a kill waits for the moment it aims at (an upload or a job under way) at most.
const AIM_TIMEOUT_MS = 5000;
const REQUEST_TIMEOUT_MS = 30_000;
// Processing left over when the kills stop, on a machine busy with other test files too.
const SETTLE_TIMEOUT_MS = 180_000;

/** mulberry32: a small, fast, seedable PRNG. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function cidOf(bytes: Uint8Array): Promise<string> {
  const discard: WritableStorage = { put: async (cid) => cid };
  return (await importFile({ content: bytes }, discard, kuboImporterOptions(1))).cid.toString();
}

/** A photo large enough for both thumbnails to take the worker a moment each. */
async function photo(random: () => number): Promise<Buffer> {
  const width = 700 + Math.floor(random() * 1100);
  const height = 500 + Math.floor(random() * 700);
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

function textFile(random: () => number): Buffer {
  const words = ['crystal', 'lattice', 'phonon', 'sample', 'error', 'bound', 'measured', 'field'];
  const count = 200 + Math.floor(random() * 2000);
  return Buffer.from(
    Array.from({ length: count }, () => words[Math.floor(random() * words.length)]).join(' '),
  );
}

interface AckedPost {
  id: string;
  title: string;
  author: number;
  visibility: 'public' | 'private';
  files: { name: string; bytes: Buffer }[];
}

interface AckedComment {
  id: string;
  postId: string;
  content: string;
  level: number;
}

type LikeState = 'liked' | 'unliked' | 'unknown';

/** Everything the members were told was done, and what went wrong otherwise. */
interface Ledger {
  posts: AckedPost[];
  comments: AckedComment[];
  /** `member|post:<id>` or `member|comment:<id>` → what the last answer said. */
  likes: Map<string, LikeState>;
  unacknowledged: number;
  unexpected: string[];
}

/**
 * Where a kill lands: any moment; during an upload; during a processing job; or in a job that
 * has written some of an image's thumbnails but not all (the step a kill once left unfinished).
 */
type KillAim = 'any' | 'upload' | 'processing' | 'derivatives';

// A running job with an image that has some derivative but not yet its detail thumbnail.
const HALF_DONE_JOB = `
  select j.id from jobs j
    join post_files pf on pf.post_id = j.subject_id
    join files f on f.cid = pf.cid and f.media_type = 'image'
   where j.status = 'running' and j.kind = 'process-post'
     and exists (select 1 from file_derivatives d where d.source_cid = pf.cid)
     and not exists (select 1 from file_derivatives d
                      where d.source_cid = pf.cid and d.variant = 'detail')
   limit 1`;

const KILL_AIMS: readonly KillAim[] = ['any', 'upload', 'processing', 'derivatives'];

type Answer = { kind: 'answer'; status: number; body: string };
type Outcome = Answer | { kind: 'lost' };

describeEachServerDatabase('crash test over HTTP', (open, dialect) => {
  it(`${KILLS} SIGKILLs during uploads, comments and likes lose and duplicate nothing`, async () => {
    const seed = Number(process.env.CRASH_TEST_SEED) || Math.floor(Math.random() * 2 ** 31);
    console.log(`[attack ${dialect}] crash test seed ${seed} (CRASH_TEST_SEED=${seed} replays)`);
    const random = prng(seed);
    const startedAt = Date.now();

    const database = await open();
    const server = await ServerProcess.start(database, {
      WORKER_CONCURRENCY: '2',
      WORKER_POLL_MS: '50',
      // A killed worker's job is claimed again soon after the restart.
      JOB_LEASE_SECONDS: '2',
      // Every kill may cost a running job one attempt; none may run out of them here.
      JOB_MAX_ATTEMPTS: '100',
      // Nor of takeovers: on a busy machine a 2 s lease also runs out under a live worker now and
      // then, on top of the kills. The cap's own test is attacks/processing-restarts.test.ts.
      JOB_MAX_LEASE_EXPIRIES: '1000',
      COMMENT_RATE_LIMIT_MAX: '100000',
      UPLOAD_RATE_LIMIT_MAX: '100000',
      LOGIN_RATE_LIMIT_IP_MAX: '1000',
    });
    const members: Member[] = [];
    for (let index = 0; index < MEMBERS; index += 1) {
      members.push(await registerMember(server, `crash${index}`));
    }

    const ledger: Ledger = {
      posts: [],
      comments: [],
      likes: new Map(),
      unacknowledged: 0,
      unexpected: [],
    };
    let up = true;
    let running = true;

    /** One request; `lost` when the server died under it (nothing acknowledged). */
    async function send(path: string, init: RequestInit): Promise<Outcome> {
      while (!up && running) await new Promise((resolve) => setTimeout(resolve, 20));
      try {
        const response = await fetch(server.url(path), {
          ...init,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        return { kind: 'answer', status: response.status, body: await response.text() };
      } catch {
        ledger.unacknowledged += 1;
        return { kind: 'lost' };
      }
    }

    /** True for the expected answer; any other answer is recorded as unexpected. */
    function expectStatus(outcome: Outcome, status: number, what: string): outcome is Answer {
      if (outcome.kind === 'lost') return false;
      if (outcome.status !== status) {
        ledger.unexpected.push(`${what}: ${outcome.status} ${outcome.body.slice(0, 200)}`);
        return false;
      }
      return true;
    }

    const publicPosts = () => ledger.posts.filter((post) => post.visibility === 'public');
    const pick = <T>(items: readonly T[], choose: () => number): T | undefined =>
      items[Math.floor(choose() * items.length)];

    async function uploadOne(memberIndex: number, choose: () => number, serial: number) {
      const member = members[memberIndex] as Member;
      const shape = choose();
      const files: { name: string; bytes: Buffer }[] = [];
      if (shape < 0.7) files.push({ name: `figure-${serial}.jpg`, bytes: await photo(choose) });
      if (shape >= 0.4) files.push({ name: `notes-${serial}.txt`, bytes: textFile(choose) });
      const title = `crash ${memberIndex}-${serial} ${randomBytes(6).toString('hex')}`;
      const visibility = choose() < 0.2 ? 'private' : 'public';
      const body = multipart(
        { title, visibility, tags: 'physics, crash' },
        files.map((file) => ({ name: file.name, content: file.bytes })),
      );
      uploadsUnderWay += 1;
      const outcome = await send('/api/v1/media/upload', {
        method: 'POST',
        headers: { ...member.headers, ...body.headers },
        body: body.payload,
      }).finally(() => {
        uploadsUnderWay -= 1;
      });
      if (!expectStatus(outcome, 201, 'upload')) return;
      const { post_id: id } = JSON.parse(outcome.body) as { post_id: string };
      ledger.posts.push({ id, title, author: memberIndex, visibility, files });
    }

    async function commentOne(memberIndex: number, choose: () => number) {
      const post = pick(publicPosts(), choose);
      if (!post) return;
      const member = members[memberIndex] as Member;
      const parents = ledger.comments.filter(
        (comment) => comment.postId === post.id && comment.level < 3,
      );
      const parent = choose() < 0.5 ? pick(parents, choose) : undefined;
      const content = `comment ${memberIndex} ${randomBytes(8).toString('hex')}`;
      const outcome = await send('/api/v1/comments/create', {
        method: 'POST',
        headers: { ...member.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ postId: post.id, content, parentId: parent?.id }),
      });
      if (!expectStatus(outcome, 201, 'comment')) return;
      const created = JSON.parse(outcome.body) as { _id: string; level: number };
      ledger.comments.push({ id: created._id, postId: post.id, content, level: created.level });
    }

    async function likeOne(memberIndex: number, choose: () => number) {
      const member = members[memberIndex] as Member;
      const onComment = choose() < 0.4 && ledger.comments.length > 0;
      const target = onComment
        ? `comment:${pick(ledger.comments, choose)?.id}`
        : `post:${pick(publicPosts(), choose)?.id}`;
      if (target.endsWith(':undefined')) return;
      const [kind, id] = target.split(':') as [string, string];
      const path = kind === 'comment' ? `/api/v1/comments/${id}/like` : `/api/v1/media/${id}/like`;
      const key = `${memberIndex}|${target}`;
      const outcome = await send(path, { method: 'POST', headers: member.headers });
      if (!expectStatus(outcome, 200, 'like')) {
        ledger.likes.set(key, 'unknown');
        return;
      }
      const { action } = JSON.parse(outcome.body) as { action: 'liked' | 'unliked' };
      ledger.likes.set(key, action);
    }

    async function memberLoop(memberIndex: number) {
      const choose = prng(seed + memberIndex + 1);
      let serial = 0;
      let nextUploadAt = Date.now();
      while (running) {
        if (Date.now() >= nextUploadAt) {
          serial += 1;
          await uploadOne(memberIndex, choose, serial);
          nextUploadAt =
            Date.now() +
            UPLOAD_EVERY_MS.min +
            choose() * (UPLOAD_EVERY_MS.max - UPLOAD_EVERY_MS.min);
        } else if (choose() < 0.5) {
          await commentOne(memberIndex, choose);
        } else {
          await likeOne(memberIndex, choose);
        }
        const pause = THINK_MS.min + choose() * (THINK_MS.max - THINK_MS.min);
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }

    /** Waits for the moment a kill aims at (see KillAim); gives up aiming after AIM_TIMEOUT_MS. */
    async function killMoment(aim: KillAim): Promise<void> {
      const loadMs = LOAD_MS.min + Math.floor(random() * (LOAD_MS.max - LOAD_MS.min));
      await new Promise((resolve) => setTimeout(resolve, aim === 'any' ? loadMs : LOAD_MS.min));
      if (aim === 'any') return;
      const found = await until(
        async () => {
          if (aim === 'upload') return uploadsUnderWay > 0 ? true : undefined;
          const busy = await database.query(
            aim === 'processing'
              ? "select id from jobs where status = 'running' and kind = 'process-post' limit 1"
              : HALF_DONE_JOB,
          );
          return busy.length > 0 ? true : undefined;
        },
        AIM_TIMEOUT_MS,
        `a moment with ${aim} under way`,
      ).catch(() => false);
      if (found) aimed[aim] += 1;
      // Somewhere inside it: an upload's blocks, its transaction; a job's thumbnails, analysis.
      if (aim === 'derivatives') return;
      const within = random() * (aim === 'upload' ? 200 : 400);
      await new Promise((resolve) => setTimeout(resolve, within));
    }

    let uploadsUnderWay = 0;
    const aimed: Record<KillAim, number> = { any: 0, upload: 0, processing: 0, derivatives: 0 };
    const loops = members.map((_, index) => memberLoop(index));
    const restartSeconds: number[] = [];
    try {
      for (let kill = 0; kill < KILLS; kill += 1) {
        const roll = random();
        const aim = KILL_AIMS[Math.floor(roll * KILL_AIMS.length)] as KillAim;
        await killMoment(aim);
        up = false;
        const killedAt = Date.now();
        await server.kill();
        await server.restart();
        restartSeconds.push((Date.now() - killedAt) / 1000);
        up = true;
      }
    } finally {
      running = false;
      up = true;
      await Promise.all(loops);
    }
    const chaosSeconds = (Date.now() - startedAt) / 1000;
    const slowestRestart = Math.max(...restartSeconds).toFixed(1);
    console.log(
      `[attack ${dialect}] crash test: ${KILLS} kills in ${chaosSeconds.toFixed(0)} s ` +
        `(${aimed.upload} during an upload, ${aimed.processing} during a job, ` +
        `${aimed.derivatives} between thumbnails; ` +
        `restarts up to ${slowestRestart} s); acknowledged ${ledger.posts.length} posts, ` +
        `${ledger.comments.length} comments, ${ledger.likes.size} like targets; ` +
        `${ledger.unacknowledged} requests lost to kills`,
    );

    // Processing settles: every job ends, none is left running or waiting.
    const pendingJobs = () =>
      database.query<{ status: string; attempts: number; run_after: string; last_error: string }>(
        `select status, attempts, run_after, last_error from jobs
          where status in ('queued', 'running') order by run_after`,
      );
    const settled = await until(
      async () => ((await pendingJobs()).length === 0 ? true : undefined),
      SETTLE_TIMEOUT_MS,
      'every processing job to finish',
    ).catch(() => false);
    const pending = await pendingJobs();
    console.log(
      `[attack ${dialect}] crash test: processing ${settled ? 'settled' : 'did not settle'} ` +
        `${((Date.now() - startedAt) / 1000).toFixed(0)} s after the start; ` +
        `${pending.length} jobs pending${pending.length ? `, first: ${JSON.stringify(pending.slice(0, 3))}` : ''}`,
    );
    expect(pending).toEqual([]);
    if (ledger.unexpected.length > 0) console.log(`server output:\n${server.output}`);
    expect(ledger.unexpected).toEqual([]);
    // Enough was acknowledged for the checks below to mean something. How much depends on the
    // machine's load (a busy CI machine acknowledges fewer uploads between kills), so the bar is
    // half a post per kill rather than one.
    expect(ledger.posts.length).toBeGreaterThanOrEqual(KILLS / 2);
    expect(ledger.comments.length).toBeGreaterThan(0);

    // Every acknowledged post exists exactly once, with its files in order; no post twice.
    const posts = await database.query<{ id: string; title: string; status: string }>(
      'select id, title, status from posts',
    );
    const byTitle = new Map<string, string[]>();
    for (const post of posts)
      byTitle.set(post.title, [...(byTitle.get(post.title) ?? []), post.id]);
    expect([...byTitle.values()].filter((ids) => ids.length > 1)).toEqual([]);
    for (const post of ledger.posts) expect(byTitle.get(post.title)).toEqual([post.id]);
    const postFiles = await database.query<{ post_id: string; cid: string; name: string }>(
      'select post_id, cid, name from post_files order by post_id, position',
    );
    for (const post of ledger.posts) {
      const stored = postFiles.filter((row) => row.post_id === post.id);
      const expected = await Promise.all(post.files.map((file) => cidOf(file.bytes)));
      expect(stored.map((row) => row.cid)).toEqual(expected);
      expect(stored.map((row) => row.name)).toEqual(post.files.map((file) => file.name));
    }

    // Every acknowledged comment exists exactly once; no comment twice.
    const comments = await database.query<{ id: string; content: string; post_id: string }>(
      'select id, content, post_id from comments',
    );
    const byContent = new Map<string, string[]>();
    for (const comment of comments) {
      byContent.set(comment.content, [...(byContent.get(comment.content) ?? []), comment.id]);
    }
    expect([...byContent.values()].filter((ids) => ids.length > 1)).toEqual([]);
    for (const comment of ledger.comments)
      expect(byContent.get(comment.content)).toEqual([comment.id]);

    // Likes: what the last answer said holds, and every count equals the rows behind it.
    const postLikes = await database.query<{ post_id: string; user_id: string }>(
      'select post_id, user_id from post_likes',
    );
    const commentLikes = await database.query<{ comment_id: string; user_id: string }>(
      'select comment_id, user_id from comment_likes',
    );
    const userIds = await database.query<{ id: string; username: string }>(
      'select id, username from users',
    );
    const userIdOf = (index: number) =>
      userIds.find((user) => user.username === members[index]?.username)?.id;
    const rows = new Set([
      ...postLikes.map((row) => `${row.user_id}|post:${row.post_id}`),
      ...commentLikes.map((row) => `${row.user_id}|comment:${row.comment_id}`),
    ]);
    for (const [key, state] of ledger.likes) {
      if (state === 'unknown') continue;
      const [memberIndex, target] = key.split('|') as [string, string];
      expect(rows.has(`${userIdOf(Number(memberIndex))}|${target}`), key).toBe(state === 'liked');
    }
    const countMismatches = await database.query(
      `select p.id, p.likes, p.comments,
              (select count(*) from post_likes l where l.post_id = p.id) as like_rows,
              (select count(*) from comments c where c.post_id = p.id) as comment_rows
         from posts p
        where p.likes <> (select count(*) from post_likes l where l.post_id = p.id)
           or p.comments <> (select count(*) from comments c where c.post_id = p.id)`,
    );
    expect(countMismatches).toEqual([]);
    const commentCountMismatches = await database.query(
      `select c.id from comments c
        where c.likes <> (select count(*) from comment_likes l where l.comment_id = c.id)
           or (c.level = 1 and c.reply_count <> (select count(*) from comments r where r.root_id = c.id))`,
    );
    expect(commentCountMismatches).toEqual([]);

    // Every job done, one processing job per post; every image with one card and one detail
    // thumbnail. (Posts have other jobs too: their search text and related posts.)
    const jobs = await database.query<{
      subject_id: string;
      status: string;
      kind: string;
      last_error: string | null;
    }>('select subject_id, status, kind, last_error from jobs');
    expect(jobs.filter((job) => job.status !== 'done')).toEqual([]);
    const processed = jobs.filter((job) => job.kind === 'process-post');
    expect(processed.map((job) => job.subject_id).sort()).toEqual(
      posts.map((post) => post.id).sort(),
    );
    expect(posts.filter((post) => post.status !== 'published')).toEqual([]);
    const images = await database.query<{ cid: string; variants: string | null }>(
      `select f.cid, (select ${dialect === 'sqlite' ? 'group_concat' : 'string_agg'}(d.variant, ',')
                        from (select variant from file_derivatives where source_cid = f.cid
                              order by variant) d) as variants
         from files f
        where f.media_type = 'image' and f.cid in (select cid from post_files)`,
    );
    expect(images.filter((image) => image.variants !== 'card,detail')).toEqual([]);

    // Through the API: public files read back byte for byte, and the counts shown are the rows.
    const likeRows = new Map<string, number>();
    for (const row of postLikes) likeRows.set(row.post_id, (likeRows.get(row.post_id) ?? 0) + 1);
    for (const post of publicPosts()) {
      const response = await fetch(server.url(`/api/v1/media/${post.id}`));
      expect(response.status).toBe(200);
      const detail = (await response.json()) as PostDetail;
      expect(detail.likes).toBe(likeRows.get(post.id) ?? 0);
      expect(detail.comments).toBe(comments.filter((row) => row.post_id === post.id).length);
      const tags = detail.tags.map((tag) => tag.toLowerCase());
      expect(new Set(tags).size).toBe(tags.length);
      expect(JSON.parse(detail.ai_analysis)).toMatchObject({ provider: 'embedded' });
      for (const [index, file] of detail.files.entries()) {
        const bytes = Buffer.from(await (await fetch(server.url(file.url))).arrayBuffer());
        expect(bytes.equals(post.files[index]?.bytes ?? Buffer.alloc(0)), file.url).toBe(true);
      }
    }
    expect((await fetch(server.url('/healthz'))).status).toBe(200);
    // About 90 s on a quiet two-core machine, nearly all of it the 20 restarts; CI machines shared
    // with the browser suite have been five times slower. The limit only guards against a hang.
  }, 900_000);
});
