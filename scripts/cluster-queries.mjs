#!/usr/bin/env node
// What one request costs PostgreSQL, for docs/SCALING.md: one built API process on a fresh
// database with BLOCKSTORE=postgres and Redis, that database's statements logged
// (log_statement = all, set on the database alone), and each request's statements counted from
// PostgreSQL's own log. Also the bytes a post adds to the database and the blocks a megabyte of
// upload makes. Needs to read PostgreSQL's log (PG_LOG, default Debian's
// /var/log/postgresql/postgresql-15-main.log) and its superuser (CLUSTER_ADMIN_DATABASE_URL).
//
//   node scripts/cluster-queries.mjs
import { randomBytes } from 'node:crypto';
import { open, stat } from 'node:fs/promises';
import pg from 'pg';
import { startCluster } from './cluster-lib.mjs';

const adminUrl =
  process.env.CLUSTER_ADMIN_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const logFile = process.env.PG_LOG || '/var/log/postgresql/postgresql-15-main.log';
const REPEAT = 5;
const POSTS = 50;

async function logSize() {
  return (await stat(logFile)).size;
}

/** The statements PostgreSQL logged for `database` since byte `from` of its log. */
async function statementsSince(from, database) {
  const handle = await open(logFile, 'r');
  try {
    const size = (await handle.stat()).size;
    const buffer = Buffer.alloc(size - from);
    await handle.read(buffer, 0, buffer.length, from);
    return buffer
      .toString('utf8')
      .split('\n')
      .filter((line) => line.includes(`@${database} `))
      .filter((line) => /LOG:\s+(statement|execute [^:]*):/.test(line))
      .map((line) => line.replace(/^.*LOG:\s+(statement|execute [^:]*):\s*/, ''))
      .filter((text) => !/^(begin|commit|rollback)\b/i.test(text.trim()));
  } finally {
    await handle.close();
  }
}

/** Waits for the log to catch up (PostgreSQL writes it asynchronously from each backend). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function measure(cluster, name, request) {
  await request(); // warm: compiled statements, first reads
  await settle();
  const from = await logSize();
  for (let index = 0; index < REPEAT; index += 1) await request();
  await settle();
  const statements = await statementsSince(from, cluster.database.name);
  return { name, perRequest: statements.length / REPEAT, sample: statements.slice(0, 40) };
}

async function json(response, expected) {
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${response.status}: ${text}`);
  return JSON.parse(text);
}

async function runScenario(label, env) {
  const cluster = await startCluster({
    apiCount: 1,
    workerCount: 0,
    nginx: false,
    adminDatabaseUrl: adminUrl,
    env: {
      FAUCET_ENABLED: 'false',
      BLOCK_GC_INTERVAL_SECONDS: '0',
      UPLOAD_RATE_LIMIT_MAX: '100000',
      COMMENT_RATE_LIMIT_MAX: '100000',
      ...env,
    },
    onDatabase: async (database) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`alter database "${database.name}" set log_statement = 'all'`);
      await client.end();
    },
  });
  const db = new pg.Client({ connectionString: cluster.database.url });
  await db.connect();
  try {
    const base = cluster.apis[0].url;
    const credentials = {
      username: `q${randomBytes(5).toString('hex')}`,
      password: 'Query-count-1',
    };
    await json(
      await fetch(`${base}/api/v1/auth/register`, {
        method: 'POST',
        body: new URLSearchParams(credentials),
      }),
      201,
    );
    const { access_token: token } = await json(
      await fetch(`${base}/api/v1/auth/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'password', ...credentials }),
      }),
      200,
    );
    const auth = { authorization: `Bearer ${token}` };
    const dbSize = async () =>
      Number((await db.query('select pg_database_size(current_database()) as n')).rows[0].n);
    const blocks = async () =>
      (
        await db.query(
          "select count(*)::int as n, coalesce(pg_total_relation_size('blocks'), 0)::bigint as bytes from blocks",
        )
      ).rows[0];

    // Posts with a typical body and one small file each.
    await db.query('checkpoint').catch(() => undefined);
    const sizeBefore = await dbSize();
    const blocksBefore = await blocks();
    let postId = '';
    for (let index = 0; index < POSTS; index += 1) {
      const form = new FormData();
      form.set('title', `A study of things, part ${index}`);
      form.set('summary', 'What the study found, in two sentences. '.repeat(3));
      form.set('content', 'A paragraph of the post, as members write them. '.repeat(25));
      form.set('tags', 'method,results,review');
      form.set('visibility', 'public');
      const pdf = `%PDF-1.4\n% ${randomBytes(2000).toString('hex')}\n%%EOF\n`;
      form.set('files', new Blob([pdf], { type: 'application/pdf' }), `paper-${index}.pdf`);
      ({ post_id: postId } = await json(
        await fetch(`${base}/api/v1/media/upload`, { method: 'POST', headers: auth, body: form }),
        201,
      ));
    }
    const sizeAfter = await dbSize();
    const blocksAfter = await blocks();

    // A megabyte of incompressible bytes: how many blocks, how many bytes in the table.
    const before = await blocks();
    const form = new FormData();
    form.set('file', new Blob([randomBytes(1024 * 1024)]), 'one-mebibyte.bin');
    await json(
      await fetch(`${base}/api/v1/media/upload/ipfs`, {
        method: 'POST',
        headers: auth,
        body: form,
      }),
      201,
    );
    const after = await blocks();

    const rows = [
      await measure(cluster, 'GET /media/list, anonymous', () =>
        fetch(`${base}/api/v1/media/list`).then((r) => json(r, 200)),
      ),
      await measure(cluster, 'GET /media/{id}, anonymous', () =>
        fetch(`${base}/api/v1/media/${postId}`).then((r) => json(r, 200)),
      ),
      await measure(cluster, 'GET /media/list, member', () =>
        fetch(`${base}/api/v1/media/list`, { headers: auth }).then((r) => json(r, 200)),
      ),
      await measure(cluster, 'GET /media/{id}, member', () =>
        fetch(`${base}/api/v1/media/${postId}`, { headers: auth }).then((r) => json(r, 200)),
      ),
      await measure(cluster, 'POST /media/{id}/like (toggle)', () =>
        fetch(`${base}/api/v1/media/${postId}/like`, { method: 'POST', headers: auth }).then((r) =>
          json(r, 200),
        ),
      ),
      await measure(cluster, 'POST /comments/create', () =>
        fetch(`${base}/api/v1/comments/create`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ postId, content: 'A comment of a few words.' }),
        }).then((r) => json(r, 201)),
      ),
    ];
    console.log(`\n## ${label}`);
    for (const row of rows) {
      console.log(`${row.name}: ${row.perRequest} statements per request`);
      if (process.env.VERBOSE)
        for (const text of row.sample) console.log(`    ${text.slice(0, 160)}`);
    }
    console.log(
      `${POSTS} posts (about 1.3 KB of text and a 4 KB file each): ` +
        `${Math.round((sizeAfter - sizeBefore) / POSTS)} bytes of database per post, of which ` +
        `${Math.round((blocksAfter.bytes - blocksBefore.bytes) / POSTS)} in blocks ` +
        `(${(blocksAfter.n - blocksBefore.n) / POSTS} blocks per post)`,
    );
    console.log(
      `1 MiB upload: ${after.n - before.n} blocks, ` +
        `${((after.bytes - before.bytes) / 1024 / 1024).toFixed(2)} MiB in the blocks table`,
    );
  } finally {
    await db.end();
    await cluster.stop();
  }
}

await runScenario('caches off (PUBLIC_CACHE_TTL_MS=0, SESSION_CACHE_TTL_MS=0)', {
  PUBLIC_CACHE_TTL_MS: '0',
  SESSION_CACHE_TTL_MS: '0',
});
await runScenario('default caches', {});
