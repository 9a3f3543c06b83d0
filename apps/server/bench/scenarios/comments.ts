import { randomUUID } from 'node:crypto';
import { COMMENTS_DEFAULT_LIMIT } from '@symposia/shared';
import { get, type IncomingMessage } from 'node:http';
import { REPLAY_PATH, type BenchServer } from '../server.js';
import { BENCH_PASSWORD, postJson, signUp, uploadFile } from './client.js';
import { random, sentence } from './text.js';
import type { Scenario } from './types.js';

const COMMENTS = 2000;
const AUTHORS = 40;
const BATCH = 500;
/** What browsers send; the thread is answered gzipped to them. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KiB`;

/**
 * Fetches the answer as the load will, once it has settled (the server compresses a shared answer
 * on its second read, in the background), and records its bytes for the replay route.
 */
async function record(
  server: BenchServer,
  name: string,
  path: string,
  headers: Record<string, string>,
): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    // node:http, not fetch: fetch would undo the compression this wants to keep.
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${server.baseUrl}${path}`, { headers }, resolve).on('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const settled = !headers['accept-encoding'] || response.headers['content-encoding'];
    if (!settled) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    const body = Buffer.concat(chunks);
    const kept = ['content-type', 'content-encoding', 'etag', 'vary'];
    server.replay(name, {
      body,
      headers: Object.fromEntries(
        kept.flatMap((key) => {
          const value = response.headers[key];
          return typeof value === 'string' ? [[key, value]] : [];
        }),
      ),
    });
    return body.length;
  }
  throw new Error(`${path} was never answered compressed`);
}

/**
 * A post with 2,000 comments by 40 members, written straight through Kysely: the benchmark
 * measures reading a long discussion, not posting one. Ids are UUIDs and the remarks are 8–60
 * words of made-up prose, so the answer is as large and as compressible as a real one (about
 * 1 MB of JSON). A third are top-level; the rest reply at levels 2 and 3. The reader likes 50.
 */
export const commentsScenario: Scenario = {
  name: 'comments',
  description: `reading a discussion of ${COMMENTS.toLocaleString('en')} comments`,
  prepare: async (server) => {
    const reader = await signUp(server.baseUrl, 'bench_reader');
    const { postId } = await uploadFile(server.baseUrl, reader.token, 'topic.txt', 'a hot topic');
    const authors: string[] = [];
    for (let index = 0; index < AUTHORS; index += 1) {
      const user = await postJson(server.baseUrl, '/api/v1/auth/register', {
        username: `bench_talker_${index}`,
        password: BENCH_PASSWORD,
      });
      authors.push(String(user.id));
    }

    const next = random(5);
    const start = Date.parse('2026-02-01T00:00:00Z');
    const rows: {
      id: string;
      post_id: string;
      user_id: string;
      parent_id: string | null;
      root_id: string | null;
      level: number;
      content: string;
      image_url: string;
      reply_count: number;
      likes: number;
      created_at: string;
    }[] = [];
    const roots: (typeof rows)[number][] = [];
    for (let index = 0; index < COMMENTS; index += 1) {
      const id = randomUUID();
      const author = authors[Math.floor(next() * authors.length)] ?? reader.id;
      const base = {
        id,
        post_id: postId,
        user_id: author,
        content: sentence(next, 8 + Math.floor(next() * 53)),
        image_url: '',
        reply_count: 0,
        likes: Math.floor(next() * next() * 40),
        created_at: new Date(start + index * 1000).toISOString(),
      };
      const root = index % 3 === 0 ? undefined : roots[Math.floor(next() * roots.length)];
      if (!root) {
        const row = { ...base, parent_id: null, root_id: null, level: 1 };
        roots.push(row);
        rows.push(row);
        continue;
      }
      root.reply_count += 1;
      const deeper = next() < 0.4;
      rows.push({ ...base, parent_id: root.id, root_id: root.id, level: deeper ? 3 : 2 });
    }
    for (let offset = 0; offset < rows.length; offset += BATCH) {
      await server.app.db
        .insertInto('comments')
        .values(rows.slice(offset, offset + BATCH))
        .execute();
    }
    await server.app.db
      .insertInto('comment_likes')
      .values(
        rows.slice(0, 50).map((row) => ({
          comment_id: row.id,
          user_id: reader.id,
          created_at: row.created_at,
        })),
      )
      .execute();
    await server.app.db
      .updateTable('posts')
      .set({ comments: COMMENTS })
      .where('id', '=', postId)
      .execute();

    const member = { authorization: `Bearer ${reader.token}` };
    // Exactly the call the web app makes (spec §7: skip=0&limit=2000).
    const path = `/api/v1/comments/post/${postId}?skip=0&limit=${COMMENTS_DEFAULT_LIMIT}`;
    const plain = await record(server, 'thread', path, {});
    const gzipped = await record(server, 'thread-gzip', path, {
      'accept-encoding': BROWSER_ENCODINGS,
    });
    return [
      {
        name: `the same ${kib(plain)} from memory (floor)`,
        path: `${REPLAY_PATH}/thread`,
        floor: true,
      },
      // The server within 10% of sending the same bytes and nothing else.
      { name: `GET /comments/post/{id} (${COMMENTS})`, path, targetOfFloor: 0.9 },
      { name: `GET /comments/post/{id} (${COMMENTS}, member)`, path, headers: member },
      {
        name: `the same ${kib(gzipped)} gzip from memory (floor)`,
        path: `${REPLAY_PATH}/thread-gzip`,
        floor: true,
      },
      {
        name: `GET /comments/post/{id} (${COMMENTS}, browser: gzip)`,
        path,
        headers: { ...member, 'accept-encoding': BROWSER_ENCODINGS },
        targetOfFloor: 0.9,
      },
      {
        name: 'GET /comments/post/{id}/liked (member)',
        path: `/api/v1/comments/post/${postId}/liked`,
        headers: member,
      },
    ];
  },
};
