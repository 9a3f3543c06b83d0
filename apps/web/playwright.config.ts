import { existsSync, mkdtempSync } from 'node:fs';
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

for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
  if (hasChromium && !existsSync(join(repoRoot, built))) {
    throw new Error(`${built} is missing: run "npm run build" at the repository root first.`);
  }
}

// The config is evaluated again in every worker; environment variables carry the first choice over.
process.env.SYMPOSIA_E2E_PORT ??= '4317';
process.env.SYMPOSIA_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'symposia-e2e-'));
const port = Number(process.env.SYMPOSIA_E2E_PORT);
const dataDir = process.env.SYMPOSIA_E2E_DATA_DIR;
const baseURL = `http://127.0.0.1:${port}`;

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
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    screenshot: 'on',
    trace: 'retain-on-failure',
    video: 'off',
  },
  projects: [
    { name: 'chromium', use: browser, testIgnore: /processing\.spec\.ts$/ },
    // Runs after everything else: its worker processes every queued upload, which would change
    // the posts other tests are looking at.
    ...(hasChromium
      ? [
          {
            name: 'processing',
            use: browser,
            testMatch: /processing\.spec\.ts$/,
            dependencies: ['chromium'],
          },
        ]
      : []),
  ],
  webServer: hasChromium
    ? {
        command: 'node apps/server/dist/server.js',
        cwd: repoRoot,
        url: `${baseURL}/healthz`,
        reuseExistingServer: false,
        timeout: 60_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: { ...E2E_SERVER_ENV, PORT: String(port), DATA_DIR: dataDir },
      }
    : undefined,
});
