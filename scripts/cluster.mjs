#!/usr/bin/env node
// `npm run cluster`: a local demonstration of Symposia scaled out (deploy/README.md), on the
// PostgreSQL and Redis already running here: 2 API processes, 1 worker and Debian's nginx in
// front, on a fresh database with BLOCKSTORE=postgres. Builds what is missing or older than its
// sources first, prints the URL, and stops everything (and drops the database) on Ctrl-C.
//
//   CLUSTER_API_PROCESSES=2   API processes behind nginx
//   CLUSTER_WORKERS=1         processing workers
//   CLUSTER_PORT=8080         nginx's port (default: a free one)
//   CLUSTER_ADMIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
//                             where the fresh database is created (and dropped at the end)
//   CLUSTER_REDIS_URL=redis://127.0.0.1:6379
//   CLUSTER_QUIET=1           do not echo the processes' output
//   --no-build                run the build as it is
// Any other variable of deploy/.env.example set here reaches every process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, startCluster } from './cluster-lib.mjs';

function count(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`${name} must be a whole number of at least ${min}, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

/** The newest modification time under `dir` (skipping node_modules, build output and tests). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Whether `dist` is missing or older than any of `sources` (tsc rewrites changed files only). */
const olderThan = (dist, entry, ...sources) =>
  !existsSync(join(dist, entry)) || sources.some((source) => newest(source) > newest(dist));

function build(workspace) {
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const at = (...parts) => join(repoRoot, ...parts);
const sharedSrc = at('packages', 'shared', 'src');
if (!process.argv.includes('--no-build')) {
  if (olderThan(at('packages', 'shared', 'dist'), 'index.js', sharedSrc)) build('@symposia/shared');
  if (
    olderThan(at('apps', 'server', 'dist'), 'server.js', at('apps', 'server', 'src'), sharedSrc)
  ) {
    build('@symposia/server');
  }
  if (olderThan(at('apps', 'web', 'dist'), 'index.html', at('apps', 'web', 'src'), sharedSrc)) {
    build('@symposia/web');
  }
}

const apiCount = count('CLUSTER_API_PROCESSES', 2, 1);
const workerCount = count('CLUSTER_WORKERS', 1, 0);
console.log(`Starting ${apiCount} API processes, ${workerCount} worker(s) and nginx…`);
let cluster;
try {
  cluster = await startCluster({
    apiCount,
    workerCount,
    nginxPort: process.env.CLUSTER_PORT ? count('CLUSTER_PORT', 0, 1) : undefined,
    adminDatabaseUrl:
      process.env.CLUSTER_ADMIN_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.CLUSTER_REDIS_URL || 'redis://127.0.0.1:6379',
    echo: process.env.CLUSTER_QUIET !== '1',
    env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
  });
} catch (error) {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log('');
for (const api of cluster.apis) console.log(`  ${api.name}    ${api.url} (pid ${api.pid})`);
for (const worker of cluster.workers) console.log(`  ${worker.name} pid ${worker.pid}`);
console.log(
  `  database ${cluster.database.name} (dropped on exit), Redis prefix ${cluster.redisPrefix}`,
);
console.log(`\nSymposia is running behind nginx at ${cluster.url}  (Ctrl-C stops it)\n`);

let stopping = false;
const shutDown = (reason, code) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${reason}: stopping nginx, the API processes and the worker…`);
  cluster.stop().then(
    () => {
      console.log('Stopped; the database was dropped.');
      process.exit(code);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutDown(signal, 0));
// A process that dies on its own takes the demonstration down with it, loudly.
for (const proc of cluster.processes) {
  proc.child.once('exit', (code, signal) => {
    if (!stopping) shutDown(`${proc.name} exited (${signal ?? code})`, 1);
  });
}
