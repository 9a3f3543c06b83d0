import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SERVER_ENV } from './e2e/fixtures/server-env';

/**
 * End-to-end tests drive Debian's Chromium against the real built server (apps/server/dist) serving
 * the real build (apps/web/dist) on a fresh data directory. Nothing is downloaded: without
 * /usr/bin/chromium the run fails under CI and is skipped, loudly, elsewhere.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const isCI = process.env.CI === 'true';
const hasChromium = existsSync(CHROMIUM);

if (!hasChromium) {
  const reason = `Chromium not found at ${CHROMIUM}; install it with "apt-get install -y chromium".`;
  if (isCI) throw new Error(`${reason} End-to-end tests cannot be skipped under CI.`);
  console.warn(`\n!!! SKIPPING END-TO-END TESTS: ${reason}\n`);
}

/**
 * Another server instead of the one started here:
 * - SYMPOSIA_E2E_BASE_URL=http://host:port runs the suite against a server already running there
 *   (started with the settings of e2e/fixtures/server-env.ts);
 * - SYMPOSIA_E2E_CLUSTER=1 (`npm run test:cluster-e2e`) starts `npm run cluster` with those
 *   settings — two API processes behind nginx on PostgreSQL and Redis, no worker, since the
 *   specs expect uploads to stay 'processing' — and runs the suite through nginx.
 * Specs that start a server or worker of their own (on a data directory of their own) cannot
 * follow and are left out, found by what they import.
 */
const externalBaseUrl = process.env.SYMPOSIA_E2E_BASE_URL || undefined;
const onCluster = process.env.SYMPOSIA_E2E_CLUSTER === '1';
const elsewhere = externalBaseUrl !== undefined || onCluster;
const e2eDir = fileURLToPath(new URL('./e2e', import.meta.url));
const ownServerSpecs = readdirSync(e2eDir).filter(
  (file) =>
    file.endsWith('.spec.ts') &&
    /own-server|dist\/worker\.js/.test(readFileSync(join(e2eDir, file), 'utf8')),
);
// Specs that start their own server each take a port offset of their own (ownServerPort): two
// with the same offset could run side by side, and one would test the other's server.
const offsets = new Map<string, string>();
for (const file of ownServerSpecs) {
  for (const [, offset] of readFileSync(join(e2eDir, file), 'utf8').matchAll(
    /(?:ownServerPort|ownServerForSpec)\((\d+)/g,
  )) {
    const other = offsets.get(offset as string);
    if (other !== undefined && other !== file) {
      throw new Error(`${file} and ${other} both start their own server at offset ${offset}`);
    }
    offsets.set(offset as string, file);
  }
}
if (elsewhere && hasChromium) {
  console.warn(`Left out (they start their own server or worker): ${ownServerSpecs.join(', ')}`);
}

for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
  if (hasChromium && !externalBaseUrl && !existsSync(join(repoRoot, built))) {
    throw new Error(`${built} is missing: run "npm run build" at the repository root first.`);
  }
}

// The config is evaluated again in every worker; environment variables carry the first choice over.
process.env.SYMPOSIA_E2E_PORT ??= '4317';
process.env.SYMPOSIA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'symposia-e2e-'));
const port = Number(process.env.SYMPOSIA_E2E_PORT);
const dataDir = process.env.SYMPOSIA_E2E_DATA_DIR;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: './e2e',
  // Without a browser, run only the file that reports the skip.
  testMatch: hasChromium ? '**/*.spec.ts' : '**/no-browser.skip.ts',
  outputDir: './test-results',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  forbidOnly: isCI,
  retries: 0,
  // Two cores on the test machine: one worker per core, the server shares them.
  workers: 2,
  // Limits sized for a machine two or three times slower than a quiet one (a CI machine shared with
  // other work): they guard against hangs; the specs wait on events, never on time. The longest
  // specs (axe scans of every tab at two widths) take about 50 s on a quiet two-core machine.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // A trace records a screencast and a DOM snapshot at every step of every test, kept or not: a
    // fifth of the browser's CPU in the suite (docs/BENCHMARKS.md). SYMPOSIA_E2E_TRACE=1 keeps the
    // trace of each failed test to look at.
    trace: process.env.SYMPOSIA_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    video: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: browser,
      testIgnore: elsewhere ? ownServerSpecs : [],
    },
  ],
  webServer:
    !hasChromium || externalBaseUrl
      ? undefined
      : onCluster
        ? {
            // The cluster's own database, Redis keys and temporary directories go at SIGINT.
            command: 'node scripts/cluster.mjs',
            cwd: repoRoot,
            url: `${baseURL}/healthz`,
            reuseExistingServer: false,
            timeout: 600_000,
            stdout: 'ignore',
            stderr: 'pipe',
            gracefulShutdown: { signal: 'SIGINT', timeout: 60_000 },
            env: {
              ...E2E_SERVER_ENV,
              CLUSTER_PORT: String(port),
              CLUSTER_WORKERS: '0',
              CLUSTER_QUIET: '1',
            },
          }
        : {
            command: 'node apps/server/dist/server.js',
            cwd: repoRoot,
            url: `${baseURL}/healthz`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'ignore',
            stderr: 'pipe',
            env: { ...E2E_SERVER_ENV, PORT: String(port), DATA_DIR: dataDir },
          },
});
