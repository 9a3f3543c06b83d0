import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { channelFor } from '../../db/notify-channel.js';
import {
  describePostgres,
  signedInUser,
  TEST_POSTGRES_URL,
  uploadPost,
  type DatabaseUnderTest,
} from '../../../test/helpers.js';
import { openStream, type OpenStream } from '../../../test/sse.js';
import { published } from '../../../test/worker.js';

const streams: OpenStream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A call over HTTP to one server, as a browser or another service would make it. */
async function call(
  base: string,
  path: string,
  init: { method?: string; headers: Record<string, string>; json?: unknown },
) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...init.headers,
      ...(init.json !== undefined && { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const body = await response.text();
  return { status: response.status, body };
}

async function postComment(
  base: string,
  headers: Record<string, string>,
  comment: { postId: string; content: string; parentId?: string },
): Promise<string> {
  const { status, body } = await call(base, '/comments/create', {
    method: 'POST',
    headers,
    json: { imageUrl: '', ...comment },
  });
  expect(status, body).toBe(201);
  return (JSON.parse(body) as { _id: string })._id;
}

/** A connection of its own: the administrator's (to see and cut connections), or an app's. */
async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Two server processes on one database: two apps built on the same PostgreSQL schema, each
 * listening on its own port, as a load balancer would see them.
 */
async function twoServers(db: DatabaseUnderTest, env: Record<string, string> = {}) {
  const first = await db.buildApp({ env: { COMMENT_RATE_LIMIT_MAX: '1000', ...env } });
  // Only the first runs the worker, if any: what it publishes reaches the second's streams.
  const second = await buildApp(
    { ...first.config, processing: { ...first.config.processing, workerConcurrency: 0 } },
    { now: first.clock.now },
  );
  const baseA = await listening(first.app);
  const baseB = await listening(second);
  const ada = await signedInUser(first.app);
  const bob = await signedInUser(first.app);
  const postId = await uploadPost(first.app, ada.headers, { title: 'Across processes' });
  const question = await postComment(baseA, ada.headers, { postId, content: 'Any ideas?' });
  const open = async (base: string, headers: Record<string, string>) => {
    const stream = await openStream(base, headers);
    streams.push(stream);
    expect(stream.response.status).toBe(200);
    return stream;
  };
  const { database } = first.config;
  if (database.dialect !== 'postgres') throw new Error('two servers share PostgreSQL');
  const { rows } = await withClient(database.url, (client) =>
    client.query<{ schema: string }>('select current_schema() as schema'),
  );
  return {
    first,
    second,
    baseA,
    baseB,
    ada,
    bob,
    postId,
    question,
    open,
    channel: channelFor(rows[0]?.schema ?? 'public'),
    // The second app is closed before the first, whose close drops the schema.
    close: () => second.close(),
  };
}

describePostgres('live notifications across server processes', (db) => {
  it('a reply through server A reaches the stream on server B within 1 s; logout through A ends it', async () => {
    const servers = await twoServers(db);
    try {
      const { baseA, baseB, ada, bob, postId, question, open } = servers;
      const stream = await open(baseB, ada.headers);
      expect(await stream.count()).toBe(0);

      await postComment(baseA, bob.headers, {
        postId,
        content: 'Try a smaller basis set',
        parentId: question,
      });
      // A deadline while waiting, not a measure of speed.
      expect(await stream.count(1000)).toBe(1);

      // Read through B: A's stream of the same member hears it too.
      const onA = await open(baseA, ada.headers);
      expect(await onA.count()).toBe(1);
      const read = await call(baseB, '/notifications/read', {
        method: 'POST',
        headers: ada.headers,
        json: { all: true },
      });
      expect(read.status, read.body).toBe(200);
      expect(await onA.count()).toBe(0);
      expect(await stream.count()).toBe(0);

      const logout = await call(baseA, '/auth/logout', { method: 'POST', headers: ada.headers });
      expect(logout.status, logout.body).toBe(200);
      await stream.ended();
      await onA.ended();
    } finally {
      await servers.close();
    }
  });

  it("a post published by server A's worker reaches the streams on server B; a private one only its author's", async () => {
    const servers = await twoServers(db, { WORKER_CONCURRENCY: '1', WORKER_POLL_MS: '20' });
    try {
      const { first, baseB, ada, bob, postId, open } = servers;
      await published(first.app, postId, ada.headers);
      const bobs = await open(baseB, bob.headers);
      const adas = await open(baseB, ada.headers);
      expect(await bobs.count()).toBe(0);
      expect(await adas.count()).toBe(0);

      const secret = await uploadPost(first.app, ada.headers, { visibility: 'private' });
      expect(await adas.published(30_000)).toBe(secret);
      const id = await uploadPost(first.app, ada.headers, { title: 'Across processes, live' });
      // Bob's first is the public one: the private post never reached him.
      expect(await bobs.published(30_000)).toBe(id);
      expect(await adas.published(30_000)).toBe(id);
      // Told, B's list already shows it (the content version's change went first).
      const list = await call(baseB, '/media/list', { headers: bob.headers });
      expect((JSON.parse(list.body) as { id: string }[])[0]?.id).toBe(id);
    } finally {
      await servers.close();
    }
  });

  it('after its listening connection is cut, a server reconnects and streams are told again', async () => {
    const servers = await twoServers(db);
    try {
      const { baseA, baseB, ada, bob, postId, question, open, channel } = servers;
      const before = await open(baseB, ada.headers);
      expect(await before.count()).toBe(0);

      // The servers' listening connections: their last statement is this LISTEN, done.
      const listeners = (client: pg.Client) =>
        client
          .query<{ pid: number }>(
            'select pid from pg_stat_activity where datname = current_database() ' +
              "and query = $1 and state = 'idle'",
            [`LISTEN "${channel}"`],
          )
          .then((result) => result.rows.map((row) => row.pid));
      const admin = <T>(run: (client: pg.Client) => Promise<T>) =>
        withClient(TEST_POSTGRES_URL, run);
      const cut = await admin(async (client) => {
        const pids = await listeners(client);
        expect(pids).toHaveLength(2);
        for (const pid of pids) await client.query('select pg_terminate_backend($1)', [pid]);
        return pids;
      });

      // What B's stream said may be stale now: it ends, and its client would connect again.
      await before.ended();

      // Both servers listen again, on new connections (a deadline, not a measure of speed).
      const deadline = Date.now() + 15_000;
      for (;;) {
        const now = await admin(listeners);
        if (now.length === 2 && now.every((pid) => !cut.includes(pid))) break;
        if (Date.now() > deadline) throw new Error('the servers never listened again');
        await sleep(100);
      }

      const after = await open(baseB, ada.headers);
      expect(await after.count()).toBe(0);
      await postComment(baseA, bob.headers, { postId, content: 'Still here', parentId: question });
      expect(await after.count(1000)).toBe(1);
    } finally {
      await servers.close();
    }
  });
});
