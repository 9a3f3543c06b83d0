#!/usr/bin/env node
// `npm start`: builds what the server serves only when its inputs changed since the last build, then
// runs the server exactly as `npm run serve -w @symposia/server` does. The stamp is a hash of every
// input file's path and bytes (sources, configs, the lockfile), so a restart of an unchanged checkout
// starts at once, and any edit — or a checkout of another commit — builds again.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStamp, readStamp, writeStamp } from './build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// What the server needs from a build; a stamp is trusted only while all of them exist.
const OUTPUTS = [
  'packages/shared/dist/index.js',
  'apps/server/dist/server.js',
  'apps/web/dist/index.html',
  'apps/web/dist-ssr/entry-server.js',
];

const started = Date.now();
const stamp = await buildStamp(root);
const built = OUTPUTS.every((file) => existsSync(join(root, file)));
if (built && (await readStamp(root)) === stamp) {
  console.log(`build is up to date (inputs unchanged, checked in ${Date.now() - started} ms)`);
} else {
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  await writeStamp(root, stamp);
  console.log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// The server runs as `npm run serve -w @symposia/server` runs it (node dist/server.js in its
// folder), as this process's child: signals go to it, and its exit is ours.
const server = spawn(process.execPath, ['dist/server.js'], {
  cwd: join(root, 'apps/server'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal ? osConstants.signals[signal] : 0));
});
