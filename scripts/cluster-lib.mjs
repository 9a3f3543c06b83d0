// A local Symposia cluster of real processes, as deploy/ runs it on a server: N API processes
// (the built apps/server/dist/server.js with WORKER_CONCURRENCY=0), M workers
// (apps/server/dist/worker.js, as `npm run worker` runs it) and Debian's nginx in front, rendered
// from deploy/nginx/symposia.conf, on one PostgreSQL database and one Redis with
// BLOCKSTORE=postgres. Each process has a data directory of its own: with the blocks in
// PostgreSQL nothing on disk is shared. Used by `npm run cluster` (scripts/cluster.mjs), the
// cluster benchmark (scripts/cluster-bench.mjs) and the cluster tests
// (apps/server/src/cluster/).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const NGINX_TEMPLATE = join(repoRoot, 'deploy', 'nginx', 'symposia.conf');
const SERVER_ENTRY = join(repoRoot, 'apps', 'server', 'dist', 'server.js');
const WORKER_ENTRY = join(repoRoot, 'apps', 'server', 'dist', 'worker.js');

/** Output lines kept per process for diagnostics. */
const OUTPUT_LINES_KEPT = 200;

/** A TCP port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// --- nginx ---------------------------------------------------------------------------------------

/**
 * deploy/nginx/symposia.conf with its upstream's `server` lines replaced by `upstreams`
 * (host:port each) and its `listen` lines by one `listen <listen>;`. Everything else — headers,
 * buffering, body sizes, compression — is the operator's file as it is.
 */
export function renderNginxSite(template, { listen, upstreams }) {
  const upstream = /(upstream\s+symposia_api\s*\{)([\s\S]*?)(\n\})/.exec(template);
  if (!upstream) throw new Error('deploy/nginx/symposia.conf has no "upstream symposia_api" block');
  const body = upstream[2].replace(/^[ \t]*server[ \t]+[^;\n]+;[ \t]*\n/gm, '');
  if (upstreams.length === 0) throw new Error('an upstream needs at least one server');
  const servers = upstreams.map((address) => `    server ${address};\n`).join('');
  const withUpstreams =
    template.slice(0, upstream.index) +
    upstream[1] +
    body.replace(/^(\s*\n)?/, (blank) => `${blank}${servers}`) +
    upstream[3] +
    template.slice(upstream.index + upstream[0].length);
  let first = true;
  const rendered = withUpstreams.replace(
    /^([ \t]*)listen[ \t]+[^;\n]+;[ \t]*\n/gm,
    (_line, indent) => {
      if (!first) return '';
      first = false;
      return `${indent}listen ${listen};\n`;
    },
  );
  if (first) throw new Error('deploy/nginx/symposia.conf has no listen line');
  return rendered;
}

/**
 * The main configuration of a private nginx: in the foreground, its pid, temporary files and logs
 * under `prefix`, including the rendered site. As root the workers run as nobody (nginx refuses
 * to leave them root), otherwise as the current user.
 */
export function renderNginxMain({ prefix, site, accessLog = false, asRoot = false }) {
  return [
    '# Rendered by scripts/cluster-lib.mjs for a local cluster; the site is deploy/nginx/symposia.conf.',
    'daemon off;',
    'master_process on;',
    ...(asRoot ? ['user nobody nogroup;'] : []),
    // As Debian's /etc/nginx/nginx.conf: one worker per core.
    'worker_processes auto;',
    `pid ${join(prefix, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 4096; }',
    'http {',
    `  access_log ${accessLog ? join(prefix, 'access.log') : 'off'};`,
    `  client_body_temp_path ${join(prefix, 'body')};`,
    `  proxy_temp_path ${join(prefix, 'proxy')};`,
    `  fastcgi_temp_path ${join(prefix, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(prefix, 'uwsgi')};`,
    `  scgi_temp_path ${join(prefix, 'scgi')};`,
    `  include ${site};`,
    '}',
    '',
  ].join('\n');
}

/** Writes nginx.conf and symposia.conf into `prefix`; returns the main file's path. */
export async function writeNginxConfig(prefix, { listen, upstreams, accessLog = false }) {
  await mkdir(prefix, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // Workers running as nobody must reach their temporary directories under the prefix.
  if (asRoot) await chmod(prefix, 0o755);
  const site = join(prefix, 'symposia.conf');
  const template = await readFile(NGINX_TEMPLATE, 'utf8');
  await writeFile(site, renderNginxSite(template, { listen, upstreams }));
  const main = join(prefix, 'nginx.conf');
  await writeFile(main, renderNginxMain({ prefix, site, accessLog, asRoot }));
  return main;
}

// --- PostgreSQL and Redis ------------------------------------------------------------------------

async function adminQuery(adminUrl, text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty place on `adminUrl`'s server: a database of its own (`kind: 'database'`) or a
 * schema of `adminUrl`'s database selected through search_path (`'schema'`, as the tests do).
 */
export async function freshDatabase(adminUrl, kind = 'database') {
  const name = `symposia_cluster_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  if (kind === 'schema') {
    await adminQuery(adminUrl, `create schema "${name}"`);
    url.searchParams.set('options', `-c search_path=${name}`);
    return {
      name,
      url: url.toString(),
      drop: () => adminQuery(adminUrl, `drop schema if exists "${name}" cascade`),
    };
  }
  await adminQuery(adminUrl, `create database "${name}"`);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** Deletes every key under `prefix` (a cluster's REDIS_KEY_PREFIX). */
export async function deleteRedisKeys(redisUrl, prefix) {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}

// --- Processes -----------------------------------------------------------------------------------

function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopChild(child, signal = 'SIGTERM', graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await done;
  clearTimeout(timer);
}

/**
 * One process of the cluster. Its output is kept (the last lines, for diagnostics) and, with
 * `echo`, written to this process's stdout prefixed with its name.
 */
function startProcess(name, command, args, env, echo) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, INIT_CWD: repoRoot, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = [];
  let partial = '';
  const keep = (chunk) => {
    const text = partial + chunk;
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      if (lines.length > OUTPUT_LINES_KEPT) lines.shift();
      if (echo) process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  return {
    name,
    child,
    get pid() {
      return child.pid;
    },
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    output: () => [...lines, partial].join('\n'),
    exited: () => exited(child),
    stop: (signal, graceMs) => stopChild(child, signal, graceMs),
  };
}

/** Polls `url` until it answers 200; fails early when `proc` exits. */
export async function waitForHealthy(url, proc, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc && !proc.running) {
      throw new Error(`${proc.name} exited before ${url} answered:\n${proc.output()}`);
    }
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${proc?.output() ?? ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The built entry points the cluster runs; what is missing, if anything. */
export function missingBuild({ web = true } = {}) {
  const needed = [SERVER_ENTRY, WORKER_ENTRY];
  if (web) needed.push(join(repoRoot, 'apps', 'web', 'dist', 'index.html'));
  return needed.filter((file) => !existsSync(file));
}

/**
 * Starts the cluster and resolves once every process answers. `stop()` ends it all (nginx, then
 * the API processes and workers with SIGTERM) and removes what it made: the database or schema,
 * the Redis keys, the temporary directories.
 *
 * Options: apiCount (2), workerCount (1), nginx (true), env (for every process), apiEnv and
 * workerEnv (for one role), adminDatabaseUrl (where the fresh database is made), databaseKind
 * ('database' | 'schema'), redisUrl, echo (print every process's output), nginxPort,
 * accessLog (nginx writes one), onDatabase (called with the fresh database before any process
 * starts, e.g. to turn on its query log).
 */
export async function startCluster(options = {}) {
  const {
    apiCount = 2,
    workerCount = 1,
    nginx = true,
    env = {},
    apiEnv = {},
    workerEnv = {},
    adminDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/postgres',
    databaseKind = 'database',
    redisUrl = 'redis://127.0.0.1:6379',
    echo = false,
    nginxPort,
    accessLog = false,
    onDatabase,
  } = options;
  const missing = missingBuild({ web: false });
  if (missing.length > 0) {
    throw new Error(`${missing.join(', ')} missing: run "npm run build" first`);
  }
  if (nginx && !existsSync(NGINX)) {
    throw new Error(`nginx not found at ${NGINX}: apt-get install nginx (or set NGINX_PATH)`);
  }
  const root = await mkdtemp(join(tmpdir(), 'symposia-cluster-'));
  const redisPrefix = `symposia-cluster-${randomBytes(4).toString('hex')}:`;
  const cleanUps = [() => rm(root, { recursive: true, force: true })];
  const processes = [];
  let stopped = null;

  const stop = () => {
    stopped ??= (async () => {
      // The way in first, so no request reaches a process that is stopping.
      const nginxProcess = processes.find((proc) => proc.name === 'nginx');
      if (nginxProcess) await nginxProcess.stop('SIGQUIT', 5000);
      await Promise.all(
        processes.filter((proc) => proc !== nginxProcess).map((proc) => proc.stop()),
      );
      for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
    })();
    return stopped;
  };

  try {
    const database = await freshDatabase(adminDatabaseUrl, databaseKind);
    cleanUps.push(() => database.drop());
    if (onDatabase) await onDatabase(database);
    cleanUps.push(() => deleteRedisKeys(redisUrl, redisPrefix));
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      BLOCKSTORE: 'postgres',
      HOST: '127.0.0.1',
      // nginx connects from the loopback address (deploy/nginx/symposia.conf).
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    };
    const dataDir = async (name) => {
      const dir = join(root, name);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return dir;
    };

    const apis = [];
    const startApi = async (index) => {
      const name = `api${index + 1}`;
      const port = await freePort();
      const proc = startProcess(
        name,
        process.execPath,
        [SERVER_ENTRY],
        {
          ...shared,
          PORT: String(port),
          DATA_DIR: await dataDir(name),
          WORKER_CONCURRENCY: '0',
          ...apiEnv,
        },
        echo,
      );
      processes.push(proc);
      const api = Object.assign(proc, { port, url: `http://127.0.0.1:${port}` });
      apis[index] = api;
      await waitForHealthy(`${api.url}/healthz`, proc);
      return api;
    };
    // The first process migrates the fresh database; the others start on it together.
    await startApi(0);
    await Promise.all(Array.from({ length: apiCount - 1 }, (_, index) => startApi(index + 1)));

    const workers = [];
    for (let index = 0; index < workerCount; index += 1) {
      const name = `worker${index + 1}`;
      const proc = startProcess(
        name,
        process.execPath,
        [WORKER_ENTRY],
        { ...shared, DATA_DIR: await dataDir(name), ...workerEnv },
        echo,
      );
      processes.push(proc);
      workers.push(proc);
    }

    let url = null;
    let nginxProcess = null;
    if (nginx) {
      const port = nginxPort ?? (await freePort());
      const prefix = join(root, 'nginx');
      // As root, nginx's workers run as nobody and must pass through the temporary directory.
      if (process.getuid?.() === 0) await chmod(root, 0o711);
      const main = await writeNginxConfig(prefix, {
        listen: `127.0.0.1:${port}`,
        upstreams: apis.map((api) => `127.0.0.1:${api.port}`),
        accessLog,
      });
      nginxProcess = startProcess(
        'nginx',
        NGINX,
        ['-e', 'stderr', '-p', prefix, '-c', main],
        {},
        echo,
      );
      processes.push(nginxProcess);
      url = `http://127.0.0.1:${port}`;
      await waitForHealthy(`${url}/healthz`, nginxProcess, 30_000);
    }
    // A worker that failed at start-up (a bad setting) is reported rather than left dead.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const worker of workers) {
      if (!worker.running) throw new Error(`${worker.name} exited:\n${worker.output()}`);
    }
    return {
      url,
      apis,
      workers,
      nginx: nginxProcess,
      database,
      redisPrefix,
      root,
      processes,
      stop,
    };
  } catch (error) {
    const outputs = processes
      .filter((proc) => proc.output().trim() !== '')
      .map((proc) => `--- ${proc.name}\n${proc.output()}`)
      .join('\n');
    await stop();
    if (outputs && error instanceof Error) error.message += `\n${outputs}`;
    throw error;
  }
}
