#!/usr/bin/env node
// Runs every check the project has, in the order a failure is cheapest to find:
// lint and format, typecheck, build, unit + integration (Vitest, on SQLite and PostgreSQL),
// end to end (Playwright in Chromium). Ends with one summary line "N passed, N failed, N skipped".
// Under CI=true a skipped test fails the run: CI must exercise PostgreSQL and the browser.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isCI = process.env.CI === 'true';
const reportDir = mkdtempSync(join(tmpdir(), 'symposia-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${seconds}s)`);
  if (!ok) failedSteps.push(label);
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

const steps = [
  () => run('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  () => run('format', 'npx', ['prettier', '--check', '.']),
  () =>
    run('typecheck', 'npx', [
      'tsc',
      '-b',
      'packages/shared',
      'apps/server',
      'apps/server/tsconfig.test.json',
      'apps/web',
    ]),
  () => run('build', 'npm', ['run', 'build']),
  () => {
    const file = join(reportDir, 'vitest.json');
    const ok = run('unit and integration', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    countVitest(file);
    return ok;
  },
  () => {
    const file = join(reportDir, 'playwright.json');
    const ok = run(
      'end to end',
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    );
    countPlaywright(file);
    return ok;
  },
];

for (const step of steps) {
  // Static checks stop nothing else from running, so one run shows every problem at once.
  step();
}

if (isCI && totals.skipped > 0) {
  failedSteps.push(`${totals.skipped} skipped test(s) under CI=true`);
}

console.log('');
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
