#!/usr/bin/env node
// Runs every check the project has: lint and format, typecheck, build, unit + integration (Vitest,
// on SQLite and PostgreSQL), end to end (Playwright in Chromium). Ends with the names of the tests
// that failed and one summary line "N passed, N failed, N skipped".
// Under CI=true a skipped test fails the run: CI must exercise PostgreSQL and the browser.
//
// The steps overlap where nothing ties them, so the whole run stays well under half an hour on a
// two-core machine: lint and format run beside the build; once it is done, Vitest, the end-to-end
// run and the typecheck run side by side. Vitest's output streams as it comes; every other
// step's output is kept and printed whole when the step ends, so no two steps' lines interleave.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const isCI = process.env.CI === 'true';
const reportDir = mkdtempSync(join(tmpdir(), 'symposia-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const failedTests = [];
const started = Date.now();

/** Runs one step; resolves to whether it passed. `streamed` steps print as they go. */
function run(label, command, args, { env = {}, streamed = false } = {}) {
  const logFile = join(reportDir, `${label.replace(/\W+/g, '-')}.log`);
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const stepStarted = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    if (!streamed) {
      const log = createWriteStream(logFile);
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
      child.on('close', () => log.end());
      log.on('finish', () => finish(child.exitCode));
    } else {
      child.on('close', (code) => finish(code));
    }
    function finish(code) {
      const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
      const ok = code === 0;
      if (!streamed) {
        console.log(`\n──── ${label} ────`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
      }
      console.log(`${ok ? '✔' : '✘'} ${label} (${seconds}s)`);
      if (!ok) failedSteps.push(label);
      resolve(ok);
    }
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status === 'failed') failedTests.push(`${suite.name}: ${test.fullName}`);
      if (isCI && (test.status === 'skipped' || test.status === 'pending')) {
        failedTests.push(`${suite.name}: ${test.fullName} (skipped)`);
      }
    }
    // A file that fails to load has no tests to list; its error is the file's message.
    if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) {
      failedTests.push(`${suite.name}: ${String(suite.message).split('\n')[0]}`);
    }
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats, suites = [] } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || (isCI && test.status === 'skipped')) {
          const what = test.status === 'skipped' ? ' (did not run)' : '';
          failedTests.push(`${spec.file}: ${[...titles, spec.title].join(' › ')}${what}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites) visit(suite, []);
}

const vitestReport = join(reportDir, 'vitest.json');
const playwrightReport = join(reportDir, 'playwright.json');

// Static checks stop nothing else from running, so one run shows every problem at once. The build
// comes first: the end-to-end run and one Vitest file (attacks/render.test.ts) read what it makes.
const lintAndFormat = Promise.all([
  run('lint', 'npx', ['eslint', '.', '--max-warnings=0']),
  run('format', 'npx', ['prettier', '--check', '.']),
]);
const built = run('build', 'npm', ['run', 'build']);
const typecheck = built.then(() =>
  run('typecheck', 'npx', [
    'tsc',
    '-b',
    'packages/shared',
    'apps/server',
    'apps/server/tsconfig.test.json',
    'apps/web',
  ]),
);

const unitAndIntegration = built
  .then(() =>
    run(
      'unit and integration',
      'npx',
      [
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestReport}`,
      ],
      { streamed: true },
    ),
  )
  .then(() => countVitest(vitestReport));

const endToEnd = built
  .then(() =>
    run(
      'end to end',
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
      { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport } },
    ),
  )
  .then(() => countPlaywright(playwrightReport));

await Promise.all([lintAndFormat, typecheck, unitAndIntegration, endToEnd]);

if (isCI && totals.skipped > 0) {
  failedSteps.push(`${totals.skipped} skipped test(s) under CI=true`);
}

console.log('');
if (failedTests.length > 0) {
  console.log(`Failed tests (${failedTests.length}):`);
  for (const name of failedTests) console.log(`  ✘ ${name}`);
}
if (failedSteps.length > 0) console.log(`Failed: ${failedSteps.join(', ')}`);
console.log(`Whole run: ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 ? 1 : 0);
