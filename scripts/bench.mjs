#!/usr/bin/env node
// Runs the benchmarks and prints their figures:
//   npm run bench                    every server scenario, then the web bundle sizes
//   npm run bench -- posts upload    only the named server scenarios
//   npm run bench -- keywords        only the analyzer's keyword precision/recall
//   npm run bench -- bundle          only the first-load JavaScript of / and /forum
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const args = process.argv.slice(2);
const serverScenarios = args.filter((arg) => arg !== 'bundle' && arg !== 'keywords');
const runServer = args.length === 0 || serverScenarios.length > 0;
const runKeywords = args.length === 0 || args.includes('keywords');
const runBundle = args.length === 0 || args.includes('bundle');

function run(command, commandArgs) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0) process.exitCode = 1;
}

if (runServer) run('npm', ['run', 'bench', '-w', '@symposia/server', '--', ...serverScenarios]);
if (runKeywords) {
  // The embedded analyzer's keyword precision/recall at 5 (apps/server/bench/keywords.ts).
  run('npx', ['tsx', '--tsconfig', 'apps/server/tsconfig.test.json', 'apps/server/bench/keywords.ts']);
}
if (runBundle) {
  if (!existsSync('apps/web/dist/index.html')) run('npm', ['run', 'build']);
  console.log('\nbundle: first-load JavaScript of / and /forum (gzip), budget 150 KiB');
  run('node', ['apps/web/scripts/bundle-size.mjs']);
}
