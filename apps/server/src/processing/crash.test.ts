import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostDetail } from '@symposia/shared';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { describePostgres, multipart, signedInUser, uploadPost } from '../../test/helpers.js';
import {
  freePort,
  killStartedProcesses,
  spawnEntry as start,
  until,
  waitForHealth,
} from '../../test/server-process.js';

/**
 * Processing survives anything: these tests run real server and worker processes and kill them.
 */

afterEach(() => killStartedProcesses());

/** A photo-sized image whose thumbnails take the worker a noticeable moment. */
async function bigImage(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('a server killed while it processes an upload', () => {
  it('finishes the job after restart, once, without duplicates', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'symposia-crash-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      JOB_LEASE_SECONDS: '2',
      WORKER_POLL_MS: '20',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    };
    try {
      const first = start('server', env);
      await waitForHealth(baseUrl);
      const credentials = { username: 'survivor', password: 'correct horse battery' };
      await fetch(`${baseUrl}/api/v1/auth/register`, {
        method: 'POST',
        body: new URLSearchParams(credentials),
      });
      const token = (await (
        await fetch(`${baseUrl}/api/v1/auth/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'password', ...credentials }),
        })
      ).json()) as { access_token: string };
      const headers = { authorization: `Bearer ${token.access_token}` };
      const body = multipart({ title: 'Crash-tested figure', tags: 'physics' }, [
        { name: 'figure.jpg', content: await bigImage() },
      ]);
      const uploaded = await fetch(`${baseUrl}/api/v1/media/upload`, {
        method: 'POST',
        headers: { ...headers, ...body.headers },
        body: body.payload,
      });
      expect(uploaded.status).toBe(201);
      const { post_id: postId } = (await uploaded.json()) as { post_id: string };

      // Kill the server the moment its worker holds the job.
      const db = new SQLite(join(dataDir, 'symposia.db'), { readonly: true, fileMustExist: true });
      try {
        await until(() => {
          const row = db
            .prepare("select status from jobs where subject_id = ? and kind = 'process-post'")
            .get(postId) as { status: string } | undefined;
          return row?.status === 'running' ? true : undefined;
        });
        first.kill('SIGKILL');
        await new Promise((resolve) => first.once('exit', resolve));
        const stuck = db
          .prepare("select status, attempts from jobs where kind = 'process-post'")
          .all();
        expect(stuck).toEqual([{ status: 'running', attempts: 1 }]);
      } finally {
        db.close();
      }

      start('server', env);
      await waitForHealth(baseUrl);
      const post = await until(async () => {
        const detail = (await (
          await fetch(`${baseUrl}/api/v1/media/${postId}`, { headers })
        ).json()) as PostDetail;
        return detail.status === 'published' ? detail : undefined;
      });
      expect(post.files[0]?.thumbnail).toMatch(/^\/ipfs\//);
      expect(JSON.parse(post.ai_analysis)).toMatchObject({ provider: 'embedded' });
      expect(post.tags.filter((tag) => tag === 'physics')).toHaveLength(1);

      const after = new SQLite(join(dataDir, 'symposia.db'), { readonly: true });
      try {
        expect(
          after.prepare("select status, attempts from jobs where kind = 'process-post'").all(),
        ).toEqual([{ status: 'done', attempts: 1 }]);
        const variants = after
          .prepare('select variant from file_derivatives order by variant')
          .all() as { variant: string }[];
        expect(variants.map((row) => row.variant)).toEqual(['card', 'detail']);
        expect(after.prepare('select count(*) as n from posts').get()).toEqual({ n: 1 });
      } finally {
        after.close();
      }
    } finally {
      await killStartedProcesses();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

// SQLite is one process's database; side-by-side workers are a PostgreSQL deployment.
describePostgres('several worker processes', (db) => {
  it('never run the same job twice', async () => {
    const testApp = await db.buildApp({ env: { LOGIN_RATE_LIMIT_IP_MAX: '1000' } });
    const ada = await signedInUser(testApp.app);
    const ids: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      ids.push(await uploadPost(testApp.app, ada.headers, { title: `Paper ${index}` }));
    }
    const settings = testApp.config.database;
    if (settings.dialect !== 'postgres') throw new Error('postgres expected');
    const env = {
      DATA_DIR: testApp.config.dataDir,
      DATABASE_URL: settings.url,
      WORKER_CONCURRENCY: '3',
      WORKER_POLL_MS: '10',
    };
    start('worker', env);
    start('worker', env);
    const done = await until(async () => {
      const rows = await testApp.app.db
        .selectFrom('jobs')
        .select(['subject_id', 'status', 'attempts'])
        .where('kind', '=', 'process-post')
        .execute();
      return rows.every((row) => row.status === 'done') ? rows : undefined;
    });
    expect(done.map((row) => row.subject_id).sort()).toEqual([...ids].sort());
    // A job claimed by both workers would have been attempted twice.
    expect(done.every((row) => Number(row.attempts) === 1)).toBe(true);
  }, 120_000);
});
