#!/usr/bin/env node
// `npm run bench -- cluster`: throughput of the anonymous forum list (GET /api/v1/media/list)
// through nginx in front of one and of two API processes of a local cluster
// (scripts/cluster-lib.mjs: the built server on PostgreSQL and Redis, BLOCKSTORE=postgres), and
// of one API process without nginx for reference. Figures, not assertions: on a machine with
// few cores the load generator, nginx and the processes compete for them.
//
//   BENCH_DURATION=10      seconds per target
//   BENCH_CONNECTIONS=50   concurrent connections, no pipelining
//   BENCH_POSTS=60         posts published through the API before measuring
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  freePort,
  missingBuild,
  NGINX,
  startCluster,
  waitForHealthy,
  writeNginxConfig,
} from './cluster-lib.mjs';

function positive(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  }
  return value;
}

const duration = positive('BENCH_DURATION', 10);
const connections = positive('BENCH_CONNECTIONS', 50);
const postCount = positive('BENCH_POSTS', 60);

async function measure(name, url) {
  const result = await autocannon({ url, connections, pipelining: 1, duration, workers: 1 });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function publishPosts(base, count) {
  const credentials = {
    username: `bench${randomBytes(5).toString('hex')}`,
    password: 'Bench-password-1',
  };
  const register = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    body: new URLSearchParams(credentials),
  });
  if (register.status !== 201)
    throw new Error(`register: ${register.status} ${await register.text()}`);
  const token = await fetch(`${base}/api/v1/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', ...credentials }),
  });
  const { access_token: accessToken } = await token.json();
  for (let index = 0; index < count; index += 1) {
    const form = new FormData();
    form.set('title', `Benchmark post ${index}`);
    form.set('summary', 'A post of the cluster benchmark, listed anonymously.');
    form.set('content', 'Body text of the benchmark post. '.repeat(20));
    form.set('tags', 'bench,cluster');
    form.set('visibility', 'public');
    const pdf = `%PDF-1.4\n% ${randomBytes(16).toString('hex')}\n%%EOF\n`;
    form.set('files', new Blob([pdf], { type: 'application/pdf' }), `paper-${index}.pdf`);
    const response = await fetch(`${base}/api/v1/media/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: form,
    });
    if (response.status !== 201)
      throw new Error(`upload: ${response.status} ${await response.text()}`);
  }
}

/** A second nginx from the same template, in front of the first API process alone. */
async function startSingleUpstreamNginx(cluster) {
  const port = await freePort();
  const prefix = join(cluster.root, 'nginx-one');
  const main = await writeNginxConfig(prefix, {
    listen: `127.0.0.1:${port}`,
    upstreams: [`127.0.0.1:${cluster.apis[0].port}`],
  });
  const child = spawn(NGINX, ['-e', 'stderr', '-p', prefix, '-c', main], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealthy(`${url}/healthz`, null, 30_000);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGQUIT');
      }),
  };
}

const missing = missingBuild({ web: false });
if (missing.length > 0) {
  console.error(`${missing.join(', ')} missing: run "npm run build" first`);
  process.exit(1);
}

console.log(
  `\ncluster: anonymous GET /api/v1/media/list through nginx (${connections} connections, ${duration} s each)`,
);
const cluster = await startCluster({
  apiCount: 2,
  workerCount: 0,
  env: { LOG_LEVEL: 'warn', UPLOAD_RATE_LIMIT_MAX: '100000' },
});
let single = null;
try {
  await publishPosts(cluster.url, postCount);
  single = await startSingleUpstreamNginx(cluster);
  const path = '/api/v1/media/list';
  // A short warm-up of each, so the first figures do not pay for JIT and connection set-up.
  for (const base of [cluster.apis[0].url, single.url, cluster.url]) {
    await autocannon({ url: `${base}${path}`, connections: 10, duration: 2 });
  }
  const rows = [
    await measure('1 API process, no nginx', `${cluster.apis[0].url}${path}`),
    await measure('nginx → 1 API process', `${single.url}${path}`),
    await measure('nginx → 2 API processes', `${cluster.url}${path}`),
  ];
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'failed'];
  const table = rows.map((row) => [
    row.name,
    row.rps.toFixed(0),
    row.p50.toFixed(1),
    row.p99.toFixed(1),
    String(row.failures),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((line) => line[column].length)),
  );
  const format = (line) => line.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  console.log(format(header));
  for (const line of table) console.log(format(line));
  console.log(`(${postCount} posts; 2 vs 1 process: ×${(rows[2].rps / rows[1].rps).toFixed(2)})`);
} finally {
  await single?.stop();
  await cluster.stop();
}
