#!/usr/bin/env node
// Runs the benchmarks and prints their figures:
//   npm run bench                    every server scenario, then the web bundle sizes
//   npm run bench -- posts upload    only the named server scenarios (processing: the pipeline
//                                    and bursts of 500 uploads; related: a refresh at 1k–100k posts)
//   npm run bench -- keywords        only the analyzer's keyword precision/recall
//   npm run bench -- sybil           only the sybil rings' share of the pool under trust weighting
//   npm run bench -- bundle          only the first-load JavaScript of / and /forum
//   npm run bench -- threads         only opening a post with 2,000 comments in Chromium
//   npm run bench -- lighthouse      only Lighthouse (mobile) on /, /forum and a seeded post
//   npm run bench -- cluster         only the anonymous list through nginx, 1 and 2 API processes
//                                    (PostgreSQL, Redis and nginx running; not in the default run)
//   npm run bench -- start           only `npm start` until its first page, cold and warm
//                                    (removes the build outputs first; not in the default run)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const serverScenarios = args.filter(
  (arg) =>
    arg !== 'bundle' &&
    arg !== 'keywords' &&
    arg !== 'sybil' &&
    arg !== 'threads' &&
    arg !== 'lighthouse' &&
    arg !== 'cluster' &&
    arg !== 'start',
);
const runServer = args.length === 0 || serverScenarios.length > 0;
const runKeywords = args.length === 0 || args.includes('keywords');
const runSybil = args.length === 0 || args.includes('sybil');
const runBundle = args.length === 0 || args.includes('bundle');
const runThreads = args.length === 0 || args.includes('threads');
const runLighthouse = args.length === 0 || args.includes('lighthouse');
const runCluster = args.includes('cluster');
const runStart = args.includes('start');

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}

if (runServer) run('npm', ['run', 'bench', '-w', '@symposia/server', '--', ...serverScenarios]);
if (runKeywords) {
  // The embedded analyzer's keyword precision/recall at 5 (apps/server/bench/keywords.ts).
  run('npx', [
    'tsx',
    '--tsconfig',
    'apps/server/tsconfig.test.json',
    'apps/server/bench/keywords.ts',
  ]);
}
if (runSybil) {
  // Seeded rings and honest communities through the trust and scoring code (issue 28;
  // apps/server/bench/sybil.ts).
  run('npx', ['tsx', '--tsconfig', 'apps/server/tsconfig.test.json', 'apps/server/bench/sybil.ts']);
}
if (runBundle) {
  if (!existsSync('apps/web/dist/index.html')) run('npm', ['run', 'build']);
  console.log('\nbundle: first-load JavaScript of / and /forum (gzip), budget 100 KiB');
  run('node', ['apps/web/scripts/bundle-size.mjs']);
}
if (runThreads) {
  if (!existsSync('apps/web/dist/index.html')) run('npm', ['run', 'build']);
  // Paged threads in the browser, 4x CPU slowdown (apps/web/scripts/threads-bench.mjs).
  run('node', ['apps/web/scripts/threads-bench.mjs']);
}
if (runLighthouse) {
  // Seeds a fresh data directory, starts the built server as npm start does, runs Lighthouse's
  // mobile profile in Chromium and prints scores and Web Vitals beside their targets
  // (apps/web/bench/lighthouse.mjs).
  run('node', ['apps/web/bench/lighthouse.mjs']);
}
if (runCluster) {
  // Two API processes, nginx and the engines of deploy/ (scripts/cluster-bench.mjs).
  run('node', ['scripts/cluster-bench.mjs']);
}
if (runStart) {
  // A fresh clone's first start and a restart (scripts/start-bench.mjs).
  run('node', ['scripts/start-bench.mjs']);
}
