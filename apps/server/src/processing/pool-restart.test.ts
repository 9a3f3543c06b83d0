import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { multipart } from '../../test/helpers.js';
import {
  freePort,
  killStartedProcesses,
  spawnEntry as start,
  until,
  waitForHealth,
} from '../../test/server-process.js';
import { createPdf } from './extract/testing/pdf-fixture.js';

/**
 * The pool of readers (sandbox/pool.ts) and a server killed with SIGKILL while they read: no job
 * is lost or doubled, and the readers of the killed server do not outlive it.
 */

afterEach(() => killStartedProcesses());

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the parent is the 2nd field after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

function running(pid: number): boolean {
  try {
    const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return state !== undefined && state !== 'Z';
  } catch {
    return false;
  }
}

async function photo(seed: number): Promise<Buffer> {
  const side = 1200;
  const pixels = Buffer.alloc(side * side * 3, seed % 251);
  for (let index = 0; index < pixels.length; index += 97) pixels[index] = (index * seed) % 256;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('a server killed while its readers parse', () => {
  it('finishes every job after a restart, each once, and leaves no reader behind', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'symposia-pool-restart-'));
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      JOB_LEASE_SECONDS: '2',
      WORKER_POLL_MS: '20',
      WORKER_CONCURRENCY: '3',
      PROCESSING_POOL_SIZE: '2',
      UPLOAD_RATE_LIMIT_MAX: '1000',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
    };
    try {
      const first = start('server', env);
      await waitForHealth(baseUrl);
      const credentials = { username: 'pooled', password: 'correct horse battery' };
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
      const ids: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        const body = multipart({ title: `Pooled figure ${index}`, tags: 'physics' }, [
          { name: `figure-${index}.jpg`, content: await photo(index + 1) },
          { name: `notes-${index}.txt`, content: Buffer.from(`Field notes ${index} on moss.`) },
          {
            name: `paper-${index}.pdf`,
            content: Buffer.from(createPdf([{ text: `Paper ${index} on lichens.` }])),
            type: 'application/pdf',
          },
        ]);
        const uploaded = await fetch(`${baseUrl}/api/v1/media/upload`, {
          method: 'POST',
          headers: { ...headers, ...body.headers },
          body: body.payload,
        });
        expect(uploaded.status).toBe(201);
        ids.push(((await uploaded.json()) as { post_id: string }).post_id);
      }

      // Kill the server while its readers are at work on its jobs.
      const db = new SQLite(join(dataDir, 'symposia.db'), { readonly: true, fileMustExist: true });
      let readers: number[];
      try {
        readers = await until(() => {
          const busy = db
            .prepare(
              "select count(*) as n from jobs where kind = 'process-post' and status = 'running'",
            )
            .get() as { n: number };
          const children = childrenOf(first.pid ?? 0);
          return busy.n > 0 && children.length > 0 ? children : undefined;
        });
      } finally {
        db.close();
      }
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      // Its readers see their parent gone and exit; none keeps reading for nobody.
      await until(() => (readers.every((pid) => !running(pid)) ? true : undefined), 30_000);

      start('server', env);
      await waitForHealth(baseUrl);
      const after = new SQLite(join(dataDir, 'symposia.db'), { readonly: true });
      try {
        const jobs = await until(
          () => {
            const rows = after
              .prepare(
                "select subject_id, status, attempts from jobs where kind = 'process-post' order by subject_id",
              )
              .all() as { subject_id: string; status: string; attempts: number }[];
            return rows.every((row) => row.status === 'done') ? rows : undefined;
          },
          120_000,
          'every post processed',
        );
        // Every post's job, once each: a takeover continues the attempt it took over.
        expect(jobs.map((row) => row.subject_id)).toEqual([...ids].sort());
        expect(jobs.every((row) => row.attempts === 1)).toBe(true);
        expect(
          after.prepare("select count(*) as n from posts where status = 'published'").get(),
        ).toEqual({ n: 6 });
        // Each image has its two thumbnails, each document its text, none twice.
        expect(
          after
            .prepare(
              'select variant, count(*) as n from file_derivatives group by variant order by variant',
            )
            .all(),
        ).toEqual([
          { variant: 'card', n: 6 },
          { variant: 'detail', n: 6 },
          { variant: 'text', n: 12 },
        ]);
      } finally {
        after.close();
      }
    } finally {
      await killStartedProcesses();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
