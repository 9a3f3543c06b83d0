import { randomUUID } from 'node:crypto';
import { FORUM_PAGE_SIZE } from '@symposia/shared';
import { sql } from 'kysely';
import type { AppDatabase } from '../../src/db/index.js';
import { SEED_PASSWORD } from '../../seed/content.js';
import {
  countLines,
  startBytesReplay,
  startProductServer,
  type OwnProcess,
  type RecordedAnswer,
} from '../processes.js';
import { postJson } from './client.js';
import { random, sentence } from './text.js';
import type { Scenario, Target } from './types.js';

/** What the busy member has done beyond the demo seed, so /auth/me has much to leave out. */
const EXTRA_POSTS = 300;
const EXTRA_COMMENTS = 1500;
const BATCH = 250;

/**
 * Gives the seeded member with the most comments many more posts, comments and likes, written
 * straight into the database before the server starts (through the API this would take minutes
 * and the comment rate limit), and has the first other member (by username) like every third
 * public post. Counters on the posts are kept true. Returns both usernames.
 */
async function makeBusyMember(db: AppDatabase): Promise<{ busy: string; reader: string }> {
  const busiest = await db
    .selectFrom('users')
    .innerJoin('comments', 'comments.user_id', 'users.id')
    .select(['users.id', 'users.username'])
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('users.role', '=', 'member')
    .groupBy(['users.id', 'users.username'])
    .orderBy('n', 'desc')
    .orderBy('users.username')
    .executeTakeFirstOrThrow();
  const next = random(17);
  const start = Date.parse('2026-01-01T00:00:00Z');
  const posts = Array.from({ length: EXTRA_POSTS }, (_, index) => {
    const title = `${sentence(next, 6)} ${index}`;
    const summary = sentence(next, 25);
    const content = sentence(next, 80);
    const createdAt = new Date(start + index * 3_600_000).toISOString();
    return {
      id: randomUUID(),
      user_id: busiest.id,
      title,
      summary,
      content,
      tags: JSON.stringify([sentence(next, 1)]),
      ai_instruction: '',
      visibility: next() < 0.9 ? 'public' : 'private',
      media_type: 'document',
      status: 'published',
      ai_analysis: '',
      created_at: createdAt,
      updated_at: createdAt,
    };
  });
  for (let offset = 0; offset < posts.length; offset += BATCH) {
    await db
      .insertInto('posts')
      .values(posts.slice(offset, offset + BATCH))
      .execute();
  }
  const publicPosts = await db
    .selectFrom('posts')
    .select(['id', 'user_id'])
    .where('visibility', '=', 'public')
    .where('deleted_at', 'is', null)
    .where('hidden_at', 'is', null)
    .execute();
  const othersPosts = publicPosts.filter((post) => post.user_id !== busiest.id);
  const comments = Array.from({ length: EXTRA_COMMENTS }, (_, index) => ({
    id: randomUUID(),
    post_id: othersPosts[Math.floor(next() * othersPosts.length)]?.id ?? '',
    user_id: busiest.id,
    parent_id: null,
    root_id: null,
    level: 1,
    content: sentence(next, 8 + Math.floor(next() * 40)),
    image_url: '',
    reply_count: 0,
    likes: 0,
    created_at: new Date(start + index * 600_000).toISOString(),
  }));
  for (let offset = 0; offset < comments.length; offset += BATCH) {
    await db
      .insertInto('comments')
      .values(comments.slice(offset, offset + BATCH))
      .execute();
  }
  const liked = new Set(
    (
      await db
        .selectFrom('post_likes')
        .select('post_id')
        .where('user_id', '=', busiest.id)
        .execute()
    ).map((row) => row.post_id),
  );
  const likes = publicPosts
    .filter((post) => !liked.has(post.id))
    .map((post, index) => ({
      post_id: post.id,
      user_id: busiest.id,
      created_at: new Date(start + index * 900_000).toISOString(),
    }));
  for (let offset = 0; offset < likes.length; offset += BATCH) {
    await db
      .insertInto('post_likes')
      .values(likes.slice(offset, offset + BATCH))
      .execute();
  }
  // The ordinary reader of the member figures likes every third public post (the detail's post
  // among them), so their answers carry both `liked` values.
  const reader = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('role', '=', 'member')
    .where('id', '!=', busiest.id)
    .orderBy('username')
    .executeTakeFirstOrThrow();
  const readerLiked = new Set(
    (
      await db.selectFrom('post_likes').select('post_id').where('user_id', '=', reader.id).execute()
    ).map((row) => row.post_id),
  );
  const newest = await db
    .selectFrom('posts')
    .select('id')
    .where('visibility', '=', 'public')
    .where('deleted_at', 'is', null)
    .where('hidden_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const readerLikes = newest
    .filter((post, index) => index % 3 === 0 && !readerLiked.has(post.id))
    .map((post) => ({
      post_id: post.id,
      user_id: reader.id,
      created_at: new Date(start).toISOString(),
    }));
  for (let offset = 0; offset < readerLikes.length; offset += BATCH) {
    await db
      .insertInto('post_likes')
      .values(readerLikes.slice(offset, offset + BATCH))
      .execute();
  }
  // The posts' own counters, as the like and comment services keep them.
  await db
    .updateTable('posts')
    .set({
      likes: sql`(select count(*) from post_likes where post_likes.post_id = posts.id)`,
      comments: sql`(select count(*) from comments where comments.post_id = posts.id and comments.deleted_at is null)`,
    })
    .execute();
  return { busy: busiest.username, reader: reader.username };
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

// Connection-level headers: the replaying server sets its own.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding']);

/**
 * An answer of the server as a client without Accept-Encoding gets it (anonymous, or with the
 * member's `headers`), once cached.
 */
async function recordAnswer(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<RecordedAnswer> {
  await fetch(`${baseUrl}${path}`, { headers }).then((response) => response.arrayBuffer());
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { ...headers, 'accept-encoding': 'identity' },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const answered: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) answered[name] = value;
  });
  return { headers: answered, body: Buffer.from(await response.arrayBuffer()) };
}

async function signIn(baseUrl: string, username: string): Promise<Record<string, string>> {
  const token = await postJson(baseUrl, '/api/v1/auth/token', {
    grant_type: 'password',
    username,
    password: SEED_PASSWORD,
  });
  return { authorization: `Bearer ${String(token.access_token)}` };
}

/**
 * The request path as production runs it: the built server started as `npm start` starts it, in
 * its own process, on the demo seed, with request logging on; every figure against the bare
 * Fastify hello-world in its own process, and against its floor (issue 31): the same answer, bytes
 * and headers, replayed by a bare Fastify app in its own process, with the targets beside them.
 */
export const productionScenario: Scenario = {
  name: 'production',
  description:
    'the built server as `npm start` runs it (own process, LOG_LEVEL default, access log on) ' +
    'on the demo seed',
  start: async () => {
    let busy = '';
    let readerName = '';
    const server = await startProductServer(async (db) => {
      ({ busy, reader: readerName } = await makeBusyMember(db));
    });
    let replay: OwnProcess | undefined;
    const close = async () => {
      await replay?.close();
      await server.close();
    };
    try {
      const { baseUrl } = server;
      const list = `/api/v1/media/list?skip=0&limit=${FORUM_PAGE_SIZE}&sort_by=time_desc`;
      const firstPage = (await postJson(baseUrl, list, undefined, 'GET')) as unknown as {
        id: string;
      }[];
      const postId = firstPage[0]?.id;
      if (!postId) throw new Error('the seeded forum list is empty');
      const busyMember = await signIn(baseUrl, busy);
      // An ordinary member reads the forum: the seeded author whose name sorts first.
      const reader = await signIn(baseUrl, readerName);
      const me = await postJson(baseUrl, '/api/v1/auth/me', undefined, 'GET', busyMember);
      const detail = `/api/v1/media/${postId}`;
      // The floor under each figure: the same answer, bytes and headers, from a bare Fastify app
      // that does nothing else (bench/bytes-replay.mjs).
      const recorded = [
        { of: 'the list', answer: await recordAnswer(baseUrl, list) },
        { of: 'the post', answer: await recordAnswer(baseUrl, detail) },
        { of: "the member's list", answer: await recordAnswer(baseUrl, list, reader) },
        { of: "the member's post", answer: await recordAnswer(baseUrl, detail, reader) },
        {
          of: "the busy member's /auth/me",
          answer: await recordAnswer(baseUrl, '/api/v1/auth/me', busyMember),
        },
      ];
      replay = await startBytesReplay(recorded.map(({ answer }) => answer));
      const floor = (index: number): Target => {
        const { of, answer } = recorded[index] as (typeof recorded)[number];
        return {
          name: `${of}'s ${(answer.body.length / 1024).toFixed(1)} KiB, bare Fastify (floor)`,
          baseUrl: replay?.baseUrl,
          pid: replay?.pid,
          path: `/${index}`,
          floor: true,
        };
      };
      const stats = me.stats as { posts: number; comments: number; likes: number };
      return {
        baseUrl,
        pid: server.pid,
        describe:
          `${server.database}, LOG_LEVEL ${process.env.LOG_LEVEL || 'info (default)'}, ` +
          `access log to ${process.env.BENCH_ACCESS_LOG || 'a file'}; ` +
          `/auth/me of ${busy}: ${stats.posts} posts, ${stats.comments} comments, ${stats.likes} likes`,
        targets: [
          floor(0),
          { name: '  GET /media/list (first page, anonymous)', path: list, targetOfFloor: 0.9 },
          floor(1),
          { name: '  GET /media/{id} (anonymous)', path: detail, targetOfFloor: 0.9 },
          // As a browser asks: the kept compressed copies (plugins/compress-json.ts).
          { name: 'GET /media/list (anonymous, br)', path: list, headers: BROWSER },
          { name: 'GET /media/{id} (anonymous, br)', path: detail, headers: BROWSER },
          floor(2),
          {
            name: '  GET /media/list (member)',
            path: list,
            headers: reader,
            targetOfFloor: 0.7,
          },
          floor(3),
          {
            name: '  GET /media/{id} (member)',
            path: detail,
            headers: reader,
            targetOfFloor: 0.7,
          },
          floor(4),
          {
            name: '  GET /auth/me (busy member)',
            path: '/api/v1/auth/me',
            headers: busyMember,
            targetOfFloor: 0.7,
          },
          { name: 'GET /healthz (logs only failures)', path: '/healthz' },
        ],
        after: () => [`  access log: ${countLines(server.accessLog).toLocaleString('en')} lines`],
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  },
};
