import { MESSAGES, SERVER_BUSY_RETRY_AFTER_SECONDS } from '@symposia/shared';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { describePostgres, TEST_POSTGRES_URL } from '../../test/helpers.js';
import { errorHandlerPlugin } from './error-handler.js';

// A database too busy to take a query in time is overload, not a fault: 503 with a Retry-After
// and the spec's kind of message, never a 500; the write did not happen, and another kind of
// database error stays a 500. The errors are the drivers' own, made by really exhausting a pool
// and really holding SQLite's write lock.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An app with the error handler whose routes run `write` and `broken`. */
async function appRunning(write: () => Promise<unknown>, broken: () => Promise<unknown>) {
  const app = Fastify({ logger: false });
  cleanups.push(() => app.close());
  await app.register(errorHandlerPlugin);
  app.post('/write', async () => {
    await write();
    return { ok: true };
  });
  app.get('/broken', async () => {
    await broken();
    return { ok: true };
  });
  return app;
}

async function expectBusy(app: Awaited<ReturnType<typeof appRunning>>) {
  const response = await app.inject({ method: 'POST', url: '/write' });
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(SERVER_BUSY_RETRY_AFTER_SECONDS));
  expect(response.json()).toEqual({ detail: MESSAGES.serverBusy, code: 'serverBusy' });
  const broken = await app.inject({ url: '/broken' });
  expect(broken.statusCode).toBe(500);
  expect(broken.json()).toMatchObject({ detail: MESSAGES.internalError });
}

describe('a busy SQLite database', () => {
  it('answers 503 with Retry-After while another connection holds the write lock', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'symposia-busy-'));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    const file = join(directory, 'busy.db');
    const holder = new Database(file);
    holder.pragma('journal_mode = WAL');
    holder.exec('create table notes (text text)');
    const writer = new Database(file);
    writer.pragma('busy_timeout = 50');
    cleanups.push(async () => {
      writer.close();
      holder.close();
    });
    holder.exec('begin immediate');
    holder.exec("insert into notes values ('held')");

    const app = await appRunning(
      async () => writer.prepare("insert into notes values ('written')").run(),
      async () => writer.prepare('select * from no_such_table').all(),
    );
    await expectBusy(app);
    holder.exec('rollback');
    expect(writer.prepare('select count(*) as n from notes').get()).toEqual({ n: 0 });
  });
});

describePostgres('a busy PostgreSQL pool', () => {
  it('answers 503 with Retry-After once no pooled connection came free in time', async () => {
    const pool = new pg.Pool({
      connectionString: TEST_POSTGRES_URL,
      max: 1,
      connectionTimeoutMillis: 50,
    });
    cleanups.push(() => pool.end());
    const table = `busy_${process.pid}_${Date.now()}`;
    await pool.query(`create table ${table} (text text)`);
    cleanups.push(() => pool.query(`drop table if exists ${table}`));
    // The pool's one connection, taken and held.
    const held = await pool.connect();
    const app = await appRunning(
      async () => pool.query(`insert into ${table} values ('written')`),
      async () => held.query('select * from no_such_table'),
    );
    await expectBusy(app);
    held.release();
    const { rows } = await pool.query(`select count(*)::int as n from ${table}`);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
