#!/usr/bin/env node
// `npm run bench -- start`: how long `npm start` takes to serve its first page, printed beside the
// targets. Cold: every build output and build cache removed first, as on a fresh clone after
// `npm install` (the outputs are rebuilt by the run). Warm: a restart of the unchanged checkout.
// Each start gets its own empty data directory and port, so a running server is never disturbed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { cold: 60, warm: 10 };

// What a fresh clone does not have: every build output, TypeScript's incremental state, the
// precompressed copies and the stamp (node_modules/.cache/symposia).
const BUILD_STATE = [
  'packages/shared/dist',
  'packages/shared/tsconfig.tsbuildinfo',
  'apps/server/dist',
  'apps/server/tsconfig.tsbuildinfo',
  'apps/web/dist',
  'apps/web/dist-ssr',
  'node_modules/.cache/symposia',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function firstPageSeconds() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'symposia-start-'));
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error('npm start exited before it served a page');
      const ok = await fetch(`http://127.0.0.1:${port}/`)
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) return (performance.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    // The whole group: npm, the start script and the server.
    if (!exited) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => (exited ? resolve() : child.on('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const path of BUILD_STATE) rmSync(join(root, path), { recursive: true, force: true });
const cold = await firstPageSeconds();
const warm = await firstPageSeconds();

console.log('\nstart: `npm start` until GET / answers 200');
const row = (label, seconds, target) =>
  `  ${label.padEnd(36)} ${seconds.toFixed(1).padStart(6)} s   target ≤ ${target} s ${seconds <= target ? '✔' : '✘'}`;
console.log(row('first start (no build outputs)', cold, TARGETS.cold));
console.log(row('restart of an unchanged checkout', warm, TARGETS.warm));
