import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { signedInUser } from '../../test/helpers.js';
import { flushLog, LOG_FLUSH_INTERVAL_MS, logDestination } from './access-log.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** An app on a fresh SQLite database, logging at the default level (info). */
async function appLoggingTo(stream: pino.DestinationStream, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'symposia-access-log-'));
  dirs.push(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web-app'),
    WORKER_CONCURRENCY: '0',
    FAUCET_ENABLED: 'false',
    ...env,
  });
  expect(config.logLevel).toBe('info');
  return buildApp(config, { logStream: stream });
}

type Line = Record<string, unknown>;

/** Collects the JSON lines written to it. */
function capture() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) {
        if (text) lines.push(JSON.parse(text) as Line);
      }
      done();
    },
  });
  return { stream, lines, requests: () => lines.filter((line) => line.msg === 'request') };
}

it('writes exactly one line per request, with method, URL, status, time, request id and member', async () => {
  const log = capture();
  const app = await appLoggingTo(log.stream);
  try {
    const ada = await signedInUser(app);
    const before = log.lines.length;
    const me = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me?x=1',
      headers: { ...ada.headers, 'x-request-id': 'req-42' },
    });
    expect(me.statusCode).toBe(200);
    const written = log.lines.slice(before);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/v1/auth/me?x=1',
      statusCode: 200,
      reqId: 'req-42',
      userId: ada.user.id,
    });
    expect(typeof written[0]?.responseTimeMs).toBe('number');
  } finally {
    await app.close();
  }
});

it('logs anonymous and refused requests; /healthz only when it fails (its logLevel)', async () => {
  const log = capture();
  const app = await appLoggingTo(log.stream);
  try {
    const before = log.lines.length;
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(refused.statusCode).toBe(401);
    // The ORCID callback's one-time code and state stay out of the log (issue 30).
    const callback = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/oidc/callback?code=secret-code&state=secret-state',
    });
    expect(callback.statusCode).toBe(303);
    const written = log.lines.slice(before);
    expect(written.map((line) => [line.msg, line.url, line.statusCode, line.userId])).toEqual([
      ['request', '/api/v1/no-such-route', missing.statusCode, null],
      ['request', '/api/v1/auth/me', 401, null],
      ['request', '/api/v1/auth/oidc/callback?[redacted]', 303, null],
    ]);
    expect(JSON.stringify(log.lines)).not.toContain('secret-');
  } finally {
    await app.close();
  }
});

it("writes one line for a server-rendered page, none for the page's own API reads", async () => {
  const log = capture();
  const webRoot = await mkdtemp(join(tmpdir(), 'symposia-access-log-web-'));
  dirs.push(webRoot);
  await mkdir(join(webRoot, 'dist'));
  await mkdir(join(webRoot, 'dist-ssr'));
  await writeFile(join(webRoot, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  // A renderer with the web app's contract (apps/web/src/entry-server.tsx) that reads the list.
  await writeFile(
    join(webRoot, 'dist-ssr', 'entry-server.js'),
    `export function createPageRenderer() {
      return {
        languageFor: () => 'en',
        async render(url, fetchApi) {
          const answer = await fetchApi('/api/v1/media/list?skip=0&limit=20');
          return { status: 200, html: '<main data-status="' + answer.status + '"></main>' };
        },
      };
    }`,
  );
  const app = await appLoggingTo(log.stream, { WEB_DIST_DIR: join(webRoot, 'dist') });
  try {
    const before = log.requests().length;
    const page = await app.inject({ method: 'GET', url: '/forum' });
    expect(page.body).toContain('data-status="200"');
    // The marker only counts with this process's secret: a client's guess is logged as usual.
    await app.inject({
      method: 'GET',
      url: '/api/v1/media/list',
      headers: { 'x-symposia-internal': 'guess' },
    });
    const written = log.requests().slice(before);
    expect(written.map((line) => line.url)).toEqual(['/forum', '/api/v1/media/list']);
  } finally {
    await app.close();
  }
});

it('writes what an asynchronous destination still buffers when the app closes', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'symposia-log-file-'));
  dirs.push(dir);
  const file = join(dir, 'server.log');
  // A large minimum length keeps every line in memory until a flush.
  const destination = pino.destination({ dest: file, sync: false, minLength: 8192 });
  await once(destination, 'ready');
  const app = await appLoggingTo(destination);
  await app.inject({ method: 'GET', url: '/api/v1/auth/me' });
  expect(await readFile(file, 'utf8')).toBe('');
  await app.close();
  const lines = (await readFile(file, 'utf8')).trim().split('\n');
  expect(lines.map((line) => (JSON.parse(line) as Line).url)).toContain('/api/v1/auth/me');
});

it('writes stdout in blocks: a line waits for its block, and reaches the log within the interval', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'symposia-log-blocks-'));
  dirs.push(dir);
  const file = join(dir, 'stdout.log');
  const fd = openSync(file, 'w');
  const destination = logDestination('info', undefined, fd);
  try {
    const log = pino(destination!);
    log.info({ url: '/first' }, 'request');
    // Not one write per line.
    expect(await readFile(file, 'utf8')).toBe('');
    // No other line comes: only the interval's flush can write it.
    await expect
      .poll(() => readFile(file, 'utf8'), { timeout: 10 * LOG_FLUSH_INTERVAL_MS, interval: 50 })
      .toContain('"/first"');
    log.info({ url: '/last' }, 'request');
    flushLog(destination);
    expect(await readFile(file, 'utf8')).toContain('"/last"');
    // A line after the app closed (the server's own "server closed") is not kept back.
    log.info('server closed');
    await expect
      .poll(() => readFile(file, 'utf8'), { timeout: 10 * LOG_FLUSH_INTERVAL_MS, interval: 50 })
      .toContain('server closed');
  } finally {
    flushLog(destination);
    closeSync(fd);
  }
});

it('writes the lines still waiting for their block when the process exits', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'symposia-log-exit-'));
  dirs.push(dir);
  const file = join(dir, 'stdout.log');
  // A process that logs two lines (far less than a block) and ends at once, closing nothing.
  const script = `
    import { openSync } from 'node:fs';
    import pino from 'pino';
    import { logDestination } from './src/plugins/access-log.ts';
    const log = pino(logDestination('info', undefined, openSync(${JSON.stringify(file)}, 'w')));
    log.info({ url: '/one' }, 'request');
    log.info({ url: '/two' }, 'request');
    process.exit(0);
  `;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: join(import.meta.dirname, '../..'),
      encoding: 'utf8',
    },
  );
  expect(child.stderr).toBe('');
  const lines = (await readFile(file, 'utf8')).trim().split('\n');
  expect(lines.map((line) => (JSON.parse(line) as Line).url)).toEqual(['/one', '/two']);
});
