import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe } from 'vitest';
import { freePort } from '../../../scripts/cluster-lib.mjs';
import { CONTENT_STORE_DIR } from '../src/plugins/content-store.js';
import { describePostgres, TEST_POSTGRES_URL, type UploadFile } from './helpers.js';
import { publishAt, registerAt, signInAt, uploadAt, type Member } from './http-members.js';

/**
 * The real server as its own process, attacked and killed over HTTP and signals: spawn it on a
 * free port with an operator's environment, wait for /healthz, read its memory from /proc, kill it
 * with SIGKILL and start it again on the same data directory and database.
 */

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const started = new Set<ChildProcess>();
// Chunks of output kept per process for diagnostics: enough for a stack trace or a few log lines.
const OUTPUT_CHUNKS_KEPT = 60;

// The processing tests take their ports from here too.
export { freePort };

/**
 * Whether every module the server runs — its own and @symposia/shared's — is compiled and not
 * older than its source (`npm test` builds before Vitest starts). Then the processes run the
 * JavaScript: on a busy two-core machine a start through tsx took twice as long, and the crash
 * and memory tests restart the server dozens of times. Otherwise (a test run straight after an
 * edit, without a build) they run the TypeScript through tsx, so no test ever runs stale code.
 */
function builtIsCurrent(): boolean {
  builtChecked ??= [
    [join(serverRoot, 'src'), join(serverRoot, 'dist')],
    [join(serverRoot, '../../packages/shared/src'), join(serverRoot, '../../packages/shared/dist')],
  ].every(([source, built]) => compiledIsCurrent(source as string, built as string));
  return builtChecked;
}
let builtChecked: boolean | undefined;

function compiledIsCurrent(sourceDir: string, builtDir: string): boolean {
  for (const entry of readdirSync(sourceDir, { withFileTypes: true })) {
    const source = join(sourceDir, entry.name);
    if (entry.isDirectory()) {
      if (!compiledIsCurrent(source, join(builtDir, entry.name))) return false;
      continue;
    }
    const compiled = entry.name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(entry.name);
    if (!compiled) continue;
    const built = join(builtDir, entry.name.replace(/\.ts$/, '.js'));
    try {
      if (statSync(built).mtimeMs < statSync(source).mtimeMs) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Starts the server or the worker as a process of its own; killed after each test. */
export function spawnEntry(
  entry: 'server' | 'worker',
  env: Record<string, string>,
  nodeOptions: string[] = [],
): ChildProcess {
  // tsx as a loader inside the one node process, so a signal reaches the server itself (the tsx
  // command would run the server as a grandchild that outlives a SIGKILL to tsx).
  const program = builtIsCurrent() ? [`dist/${entry}.js`] : ['--import', 'tsx', `src/${entry}.ts`];
  const child = spawn(process.execPath, [...nodeOptions, ...program], {
    cwd: serverRoot,
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.test.json',
      LOG_LEVEL: 'warn',
      INIT_CWD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Drained even when nobody listens, so a chatty process never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

/** SIGKILLs every process started by {@link spawnEntry} that still runs; resolves once all exited. */
export async function killStartedProcesses(): Promise<void> {
  const running = [...started];
  started.clear();
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(running.map(exitOf));
}

/**
 * Polls `probe` every `intervalMs` until it returns a value other than undefined; throws after
 * `timeoutMs`.
 */
export async function until<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 60_000,
  what = 'a condition',
  intervalMs = 10,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * How long a server process may take to answer /healthz: a guard against a hang, sized for a slow,
 * shared machine (a fresh start took 104 s beside the whole suite on 2026-11-30, where it usually
 * takes a few seconds). A healthy start is waited for only as long as it takes.
 */
export const START_TIMEOUT_MS = 180_000;

export async function waitForHealth(baseUrl: string, timeoutMs = START_TIMEOUT_MS): Promise<void> {
  await until(
    async () => {
      try {
        return (await fetch(`${baseUrl}/healthz`)).ok ? true : undefined;
      } catch {
        return undefined;
      }
    },
    timeoutMs,
    `${baseUrl}/healthz`,
  );
}

// --- The server process -------------------------------------------------------------------------

export interface MemoryFigures {
  /** Resident set size now (VmRSS), in bytes. */
  rss: number;
  /** The highest resident set size so far (VmHWM), in bytes. */
  hwm: number;
}

/** Resident memory of a process, from /proc/<pid>/status (Linux). */
export async function processMemory(pid: number): Promise<MemoryFigures> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(match[1]) * 1024;
  };
  return { rss: kilobytes('VmRSS'), hwm: kilobytes('VmHWM') };
}

export const MiB = 1024 * 1024;

const GC_DONE = 'attack-test: garbage collected';
/**
 * Lets the test ask the server for a full garbage collection (SIGUSR2), so memory is measured
 * as what the server keeps: an idle V8 heap may otherwise hold a load's garbage for a long time.
 * Loaded into the server process before the server itself; the server has no SIGUSR2 handler.
 */
const GC_ON_SIGNAL = [
  '--expose-gc',
  '--import',
  'data:text/javascript,' +
    encodeURIComponent(
      "process.on('SIGUSR2', () => { globalThis.gc(); globalThis.gc(); " +
        `process.stderr.write(${JSON.stringify(`${GC_DONE}\n`)}); });`,
    ),
];

export class ServerProcess {
  #child: ChildProcess | null = null;
  #output: string[] = [];
  #collections = 0;

  private constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}

  /** Starts the server on a free port with `env` and waits until /healthz answers 200. */
  static async start(database: TestDatabase, env: Record<string, string> = {}) {
    const port = await freePort();
    const server = new ServerProcess(port, {
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: join(database.dataDir, 'no-web-app'),
      ...env,
    });
    await server.restart();
    return server;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    const pid = this.#child?.pid;
    if (pid === undefined || !this.running) throw new Error('server not running');
    return pid;
  }

  get running(): boolean {
    return this.#child !== null && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** The server's last output: start-up errors, crashes, and its log lines (LOG_LEVEL=warn). */
  get output(): string {
    return this.#output.join('');
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** (Re)starts the process on the same port, data directory and database; waits for health. */
  async restart(timeoutMs = START_TIMEOUT_MS): Promise<void> {
    if (this.running) await this.kill();
    const child = spawnEntry('server', this.env, GC_ON_SIGNAL);
    this.#child = child;
    this.#collections = 0;
    const keep = (chunk: string) => {
      this.#collections += chunk.split(GC_DONE).length - 1;
      this.#output.push(chunk);
      if (this.#output.length > OUTPUT_CHUNKS_KEPT) this.#output.shift();
    };
    child.stdout?.setEncoding('utf8').on('data', keep);
    child.stderr?.setEncoding('utf8').on('data', keep);
    const exited = new Promise<never>((_resolve, reject) => {
      child.once('exit', (code, signal) => {
        reject(
          new Error(`server exited (${signal ?? code}) before it was healthy:\n${this.output}`),
        );
      });
    });
    exited.catch(() => undefined);
    await Promise.race([waitForHealth(this.baseUrl, timeoutMs), exited]);
  }

  /** SIGKILL: no shutdown hook runs, exactly as a power cut or the OOM killer. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  memory(): Promise<MemoryFigures> {
    return processMemory(this.pid);
  }

  /** A full garbage collection in the server; resolves when it is done. */
  async collectGarbage(): Promise<void> {
    const before = this.#collections;
    process.kill(this.pid, 'SIGUSR2');
    await until(
      () => (this.#collections > before ? true : undefined),
      30_000,
      'the server to collect garbage',
    );
  }

  /**
   * Resident memory of what the server keeps: after a full garbage collection, sampled every
   * 100 ms until a full second of samples stays within 1 MiB (at most `timeoutMs`, then the last
   * sample).
   */
  async settledMemory(timeoutMs = 10_000): Promise<MemoryFigures> {
    await this.collectGarbage();
    const deadline = Date.now() + timeoutMs;
    const window: number[] = [];
    for (;;) {
      const figures = await this.memory();
      window.push(figures.rss);
      if (window.length > 10) window.shift();
      const spread = Math.max(...window) - Math.min(...window);
      if ((window.length === 10 && spread < MiB) || Date.now() > deadline) return figures;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

// --- Databases ----------------------------------------------------------------------------------

export type Dialect = 'sqlite' | 'postgres';

export interface TestDatabase {
  dialect: Dialect;
  /** A fresh temporary data directory (blocks, and the SQLite file). */
  dataDir: string;
  /** DATABASE_URL for the server: empty for SQLite, a fresh schema's URL for PostgreSQL. */
  databaseUrl: string;
  /** Runs SQL against the server's database, `?` placeholders on both dialects. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Runs a suite of attacks on SQLite and again on PostgreSQL. `open()` gives each test a fresh data
 * directory and database; they are deleted, and every started process killed, after the test.
 * Without a reachable PostgreSQL the second run is skipped with a warning, or fails under CI=true
 * (see describePostgres in helpers.ts).
 */
export function describeEachServerDatabase(
  name: string,
  suite: (open: () => Promise<TestDatabase>, dialect: Dialect) => void,
): void {
  describe(`${name} [sqlite]`, () => suite(databaseOpener('sqlite'), 'sqlite'));
  describePostgres(name, () => suite(databaseOpener('postgres'), 'postgres'));
}

/**
 * Runs a suite of attacks on SQLite only, for what happens inside the server process whatever its
 * database (an in-memory cache's bound): a second run on PostgreSQL would repeat the same work.
 */
export function describeSqliteServer(
  name: string,
  suite: (open: () => Promise<TestDatabase>, dialect: Dialect) => void,
): void {
  describe(`${name} [sqlite]`, () => suite(databaseOpener('sqlite'), 'sqlite'));
}

function databaseOpener(dialect: Dialect): () => Promise<TestDatabase> {
  const cleanUps: (() => Promise<void>)[] = [];
  afterEach(async () => {
    // Processes first: a live server would hold the database and write into the directory.
    await killStartedProcesses();
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });
  return async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'symposia-attack-'));
    cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
    if (dialect === 'sqlite') {
      const file = join(dataDir, 'symposia.db');
      return {
        dialect,
        dataDir,
        databaseUrl: '',
        query: async <T>(text: string, params: unknown[] = []) => {
          const db = new SQLite(file, { readonly: true, fileMustExist: true });
          try {
            return db.prepare(text).all(...params) as T[];
          } finally {
            db.close();
          }
        },
      };
    }
    const schema = `attack_${randomBytes(8).toString('hex')}`;
    await adminQuery(`create schema "${schema}"`);
    cleanUps.push(() => adminQuery(`drop schema if exists "${schema}" cascade`));
    const url = new URL(TEST_POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    cleanUps.push(() => pool.end());
    return {
      dialect,
      dataDir,
      databaseUrl: url.toString(),
      query: async <T>(text: string, params: unknown[] = []) => {
        let index = 0;
        const numbered = text.replace(/\?/g, () => `$${(index += 1)}`);
        return (await pool.query(numbered, params)).rows as T[];
      },
    };
  };
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// --- The block directory ------------------------------------------------------------------------

export interface DirectorySnapshot {
  files: number;
  bytes: number;
}

/** Files and bytes under the server's block directory ($DATA_DIR/ipfs), recursively. */
export async function blockDirectory(dataDir: string): Promise<DirectorySnapshot> {
  return directorySnapshot(join(dataDir, CONTENT_STORE_DIR));
}

async function directorySnapshot(directory: string): Promise<DirectorySnapshot> {
  const snapshot = { files: 0, bytes: 0 };
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return snapshot;
    throw error;
  }
  for (const entry of entries) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      const inner = await directorySnapshot(path);
      snapshot.files += inner.files;
      snapshot.bytes += inner.bytes;
    } else {
      try {
        const info = await stat(path);
        snapshot.files += 1;
        snapshot.bytes += info.size;
      } catch (error) {
        // A temp file renamed or removed between readdir and stat is simply not there any more.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return snapshot;
}

// --- Members and requests over HTTP -------------------------------------------------------------

export { strongPassword, uniqueName, type Member } from './http-members.js';

export function signIn(
  server: ServerProcess,
  credentials: { username: string; password: string },
): Promise<string> {
  return signInAt(server.url(''), credentials);
}

/** Registers a member with a strong password through the API and signs them in. */
export function registerMember(server: ServerProcess, prefix = 'm'): Promise<Member> {
  return registerAt(server.url(''), server.url(''), prefix);
}

/** POST /api/v1/media/upload as a browser's FormData would send it; returns status and body. */
export function upload(
  server: ServerProcess,
  member: Member,
  fields: Record<string, string>,
  files: UploadFile[],
): Promise<{ status: number; body: string }> {
  return uploadAt(server.url(''), member, fields, files);
}

/** Uploads a post and returns its id; fails the test on any other answer than 201. */
export async function publish(
  server: ServerProcess,
  member: Member,
  fields: Record<string, string>,
  files: UploadFile[],
): Promise<string> {
  return publishAt(server.url(''), member, fields, files);
}

/** Runs `task` over `items` with at most `concurrency` at once; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= items.length) return;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
  return results;
}
