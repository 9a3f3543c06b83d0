import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync, closeSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describeDatabase, loadConfig } from '../src/config.js';
import { openDatabase, type AppDatabase } from '../src/db/index.js';

/**
 * Processes of their own for the throughput figures: the bare Fastify hello-world every figure is
 * compared with, and the product server started as `npm start` starts it (the built
 * dist/server.js, the operator's environment, LOG_LEVEL unset so its default `info` holds and
 * every request writes its access-log line) on a throw-away data directory filled by
 * `npm run seed`. Neither shares an event loop, a heap or a core's cache with this process or
 * with the other.
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** BENCH_CPU_PROF=<dir>: the product server writes a V8 CPU profile there when it exits. */
const cpuProfileDir = process.env.BENCH_CPU_PROF;

export interface OwnProcess {
  baseUrl: string;
  pid: number;
  close: () => Promise<void>;
}

export interface ProductServer extends OwnProcess {
  /** Where the server and its access log are: the DATABASE_URL for PostgreSQL, else SQLite. */
  database: string;
  dataDir: string;
  /** The access log the server wrote (its stdout). */
  accessLog: string;
  /** Reads and writes the server's database from this process (to prepare data only). */
  db: AppDatabase;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stop(child: ChildProcess): Promise<void> {
  const done = exited(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await done;
  clearTimeout(timer);
}

/** Runs a command to its end; its output is shown only when it fails. */
function runQuietly(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): void {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

/** The bare Fastify hello-world (bench/hello-world.mjs) as its own process. */
export function startHelloWorld(): Promise<OwnProcess> {
  return startBareFastify('bench/hello-world.mjs', {});
}

/** An answer as the product server sent it, to be sent again byte for byte. */
export interface RecordedAnswer {
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A bare Fastify app in its own process that answers `GET /<n>` with `answers[n]`, bytes and
 * headers, and nothing else (bench/bytes-replay.mjs): what sending those answers costs alone.
 */
export async function startBytesReplay(answers: RecordedAnswer[]): Promise<OwnProcess> {
  const directory = await mkdtemp(join(tmpdir(), 'symposia-replay-'));
  const file = join(directory, 'answers.json');
  writeFileSync(
    file,
    JSON.stringify(
      answers.map(({ headers, body }) => ({ headers, body: body.toString('base64') })),
    ),
  );
  try {
    const replay = await startBareFastify('bench/bytes-replay.mjs', { REPLAY_FILE: file });
    return {
      ...replay,
      close: async () => {
        await replay.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

/** A bench script that prints the port it listens on as its first line, as its own process. */
async function startBareFastify(script: string, env: Record<string, string>): Promise<OwnProcess> {
  const child = spawn(process.execPath, [script], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(Number(line));
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
  child.stdout?.resume();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    close: () => stop(child),
  };
}

/** What `npm start` builds before it serves (the web app aside: it has no part in API answers). */
export function buildServer(): void {
  runQuietly('npm', ['run', 'build', '-w', '@symposia/shared'], process.env, repoRoot);
  runQuietly('npm', ['run', 'build', '-w', '@symposia/server'], process.env, repoRoot);
}

// --- PostgreSQL: a throw-away schema in the DATABASE_URL's database ------------------------

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function withSearchPath(url: string, schema: string): string {
  const withPath = new URL(url);
  withPath.searchParams.set('options', `-c search_path=${schema}`);
  return withPath.toString();
}

async function waitForHealth(baseUrl: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited (${child.exitCode}) at start-up:\n${stderr()}`);
    }
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer /healthz within 60 s:\n${stderr()}`);
}

/** Waits until the server's worker has done the jobs the seed queued (thumbnails, analysis). */
async function waitForJobs(db: AppDatabase): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const open = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(open.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the seeded posts were still being processed after 180 s');
}

/**
 * Seeds a throw-away data directory (and, with DATABASE_URL, a throw-away PostgreSQL schema),
 * lets `prepare` add to the database, then starts the built server on it and waits until it
 * answers and its worker has caught up. BENCH_ACCESS_LOG names where the access log goes
 * (default: a file in the data directory; /dev/null measures logging without the disk).
 */
export async function startProductServer(
  prepare: (db: AppDatabase) => Promise<void>,
): Promise<ProductServer> {
  return startProductServerOn({}, { seed: true, prepare });
}

async function startProductServerOn(
  extraEnv: Record<string, string>,
  options: { seed: boolean; prepare?: (db: AppDatabase) => Promise<void> },
): Promise<ProductServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'symposia-bench-'));
  const baseDatabaseUrl = process.env.DATABASE_URL ?? '';
  const schema = baseDatabaseUrl ? `bench_${randomBytes(6).toString('hex')}` : null;
  const databaseUrl = schema ? withSearchPath(baseDatabaseUrl, schema) : '';
  if (schema)
    await withClient(baseDatabaseUrl, (client) => client.query(`create schema ${schema}`));
  const dropAll = async () => {
    if (schema) {
      await withClient(baseDatabaseUrl, (client) =>
        client.query(`drop schema if exists ${schema} cascade`),
      );
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extraEnv,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  };
  const config = loadConfig(env, serverRoot);
  let db: AppDatabase | undefined;
  let child: ChildProcess | undefined;
  try {
    if (options.seed) runQuietly('npm', ['run', 'seed'], env, repoRoot);
    db = (await openDatabase(config.database)).db;
    await options.prepare?.(db);

    const port = await freePort();
    const accessLog = process.env.BENCH_ACCESS_LOG || join(dataDir, 'access.log');
    const logFd = openSync(accessLog, 'a');
    const profile = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
    child = spawn(process.execPath, [...profile, 'dist/server.js'], {
      cwd: serverRoot,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', logFd, 'pipe'],
    });
    closeSync(logFd);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(baseUrl, child, () => stderr);
    await waitForJobs(db);
    const running = child;
    const opened = db;
    return {
      baseUrl,
      pid: running.pid ?? 0,
      database: describeDatabase(config.database),
      dataDir,
      accessLog,
      db: opened,
      close: async () => {
        await stop(running);
        await opened.destroy();
        await dropAll();
      },
    };
  } catch (error) {
    if (child) await stop(child);
    await db?.destroy();
    await dropAll();
    throw error;
  }
}

/** How many lines the access log holds (the product server's stdout). */
export function countLines(file: string): number {
  if (!existsSync(file) || file === '/dev/null') return 0;
  const text = readFileSync(file, 'utf8');
  return text.length === 0 ? 0 : text.split('\n').length - 1;
}

/**
 * The built server (`npm run build` first: `buildServer`) started as `npm start` starts it on an
 * empty, throw-away data directory (and PostgreSQL schema with DATABASE_URL), with the settings
 * of `env` over the operator's environment; `db` reads its database from this process.
 */
export async function startFreshServer(
  env: Record<string, string>,
): Promise<Omit<ProductServer, 'accessLog'>> {
  return startProductServerOn(env, { seed: false });
}
