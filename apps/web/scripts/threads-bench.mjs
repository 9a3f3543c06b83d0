#!/usr/bin/env node
// Opening a post with 2,000 comments in Debian's Chromium with Lighthouse's mobile CPU throttling
// (4x slowdown through CDP Emulation.setCPUThrottlingRate), against the built server
// (apps/server/dist, production mode, its own process and data directory) serving the built web
// app (apps/web/dist). Prints, beside the targets of issue 17 ("Large threads"):
//   - the comment data transferred before the first comments are shown (target ≤ 64 KiB);
//   - how long the comments section takes to become interactive: from its first request until a
//     click on the first comment's Reply button has opened the reply box (target ≤ 1 s);
// and, for comparison, the size of the whole thread in one answer (?skip=0&limit=2000).
// Figures, not assertions. Run: npm run bench -- threads (after npm run build).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

// The probe and the figures below run in the page, where these exist.
/* global window, document, MutationObserver */

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = Number(process.env.THREADS_BENCH_PORT ?? 4391);
const BASE = `http://127.0.0.1:${PORT}`;
const COMMENTS = 2000;
const AUTHORS = 10;
const CPU_SLOWDOWN = 4;
const RUNS = 3;
const TARGET_BYTES = 64 * 1024;
const TARGET_MS = 1000;
const PASSWORD = 'correct horse battery';

for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
  if (!existsSync(join(repoRoot, built))) {
    console.error(`${built} is missing: run "npm run build" first.`);
    process.exit(1);
  }
}
if (!existsSync(CHROMIUM)) {
  console.error(`threads bench skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium).`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

/** Deterministic made-up prose, 8–60 words, as long and as compressible as real remarks. */
function prose() {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const words =
    'the model data result method sample error signal noise measure theory paper figure table ' +
    'value test effect bias control study claim evidence analysis variance prior estimate ' +
    'review source cite reading argument point question answer approach section appendix';
  const list = words.split(' ');
  return () =>
    Array.from(
      { length: 8 + Math.floor(next() * 53) },
      () => list[Math.floor(next() * list.length)],
    ).join(' ');
}

async function api(path, { token, body, form } = {}) {
  const response = await fetch(`${BASE}/api/v1${path}`, {
    method: body || form ? 'POST' : 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : form,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function member(name) {
  await api('/auth/register', {
    form: new URLSearchParams({ username: name, password: PASSWORD }),
  });
  const login = new URLSearchParams({ grant_type: 'password', username: name, password: PASSWORD });
  const { access_token: token } = await api('/auth/token', { form: login });
  return token;
}

/** A post and 2,000 comments through the API: a third top-level, the rest replies (levels 2, 3). */
async function seed() {
  const suffix = Date.now().toString(36);
  const tokens = [];
  for (let index = 0; index < AUTHORS; index += 1)
    tokens.push(await member(`tb${index}_${suffix}`));
  const post = new FormData();
  post.set('title', 'A long discussion');
  post.set('content', 'Two thousand remarks on one paper.');
  post.set('files', new Blob(['a hot topic'], { type: 'text/plain' }), 'topic.txt');
  const { post_id: postId } = await api('/media/upload', { token: tokens[0], form: post });
  const text = prose();
  const roots = [];
  let seedValue = 11;
  const pick = (length) => {
    seedValue = (seedValue * 48271) % 2147483647;
    return seedValue % length;
  };
  // In small concurrent batches: the order within a batch does not matter to the bench.
  for (let index = 0; index < COMMENTS; index += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, COMMENTS - index) }, async (_, offset) => {
        const at = index + offset;
        const token = tokens[at % AUTHORS];
        const root = at % 3 === 0 || roots.length === 0 ? undefined : roots[pick(roots.length)];
        const body = { postId, content: text(), imageUrl: '' };
        if (root) {
          const deeper = root.replies.length > 0 && pick(10) < 4;
          const parentId = deeper ? root.replies[pick(root.replies.length)] : root.id;
          const reply = await api('/comments/create', { token, body: { ...body, parentId } });
          root.replies.push(reply._id);
          return;
        }
        const comment = await api('/comments/create', { token, body });
        roots.push({ id: comment._id, replies: [] });
      }),
    );
  }
  return { postId, reader: tokens[1] };
}

function startServer(dataDir) {
  const server = spawn('node', ['apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WORKER_CONCURRENCY: '0',
      COMMENT_RATE_LIMIT_MAX: '1000000',
      REGISTER_RATE_LIMIT_MAX: '1000',
      LOGIN_RATE_LIMIT_IP_MAX: '1000',
      LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1000',
      UPLOAD_RATE_LIMIT_MAX: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return server;
}

async function waitHealthy() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server was not healthy within 60 s');
}

// Runs in the page before its scripts: notes when the first comment shows and when a reply box
// opens, on the page's own clock (performance.now(), 0 = navigation start).
const probe = () => {
  const marks = {};
  window.__threadsBench = marks;
  new MutationObserver(() => {
    if (marks.shown === undefined && document.querySelector('article[data-comment-id]')) {
      marks.shown = performance.now();
    }
    if (
      marks.replyBox === undefined &&
      document.querySelector('article[data-comment-id] textarea')
    ) {
      marks.replyBox = performance.now();
    }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener(
    'click',
    () => {
      marks.clicked ??= performance.now();
    },
    true,
  );
};

async function measure(browser, postId, reader) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(([token]) => localStorage.setItem('access_token', token), [reader]);
  await context.addInitScript(probe);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${BASE}/forum/detail/${postId}`);
  await page.waitForSelector('article[data-comment-id]');
  await page
    .locator('article[data-comment-id]')
    .first()
    .getByRole('button', { name: /^Reply/ })
    .click();
  await page.waitForFunction(() => window.__threadsBench.replyBox !== undefined);
  const figures = await page.evaluate(() => {
    const marks = window.__threadsBench;
    const comments = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/v1/comments/'));
    const before = comments.filter((entry) => entry.responseEnd <= marks.shown);
    const first = Math.min(...comments.map((entry) => entry.startTime));
    return {
      bytes: before.reduce((sum, entry) => sum + entry.transferSize, 0),
      bodyBytes: before.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      requests: before.map((entry) => {
        const url = new URL(entry.name);
        return `${url.pathname.replace(/^\/api\/v1\/comments/, '')}${url.search} ${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)} ms`;
      }),
      clicked: marks.clicked,
      shown: marks.shown,
      interactive: marks.replyBox,
      // Until the first comments show, then as long as a click on Reply takes to be answered
      // (the driver's own delay between the two is left out).
      sectionShown: marks.shown - first,
      clickAnswered: marks.replyBox - marks.clicked,
      sectionInteractive: marks.shown - first + (marks.replyBox - marks.clicked),
      asked2000: comments.some((entry) => entry.name.includes('limit=2000')),
    };
  });
  await context.close();
  return figures;
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(join(tmpdir(), 'symposia-threads-bench-'));
const server = startServer(dataDir);
let browser;
try {
  await waitHealthy();
  const started = Date.now();
  const { postId, reader } = await seed();
  console.log(
    `\nthreads: a post with ${COMMENTS.toLocaleString('en')} comments ` +
      `(seeded through the API in ${((Date.now() - started) / 1000).toFixed(1)} s), ` +
      `Chromium with ${CPU_SLOWDOWN}x CPU slowdown, median of ${RUNS} loads`,
  );
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  // A first load warms the server's shared copies, as any reader before this one would have.
  await measure(browser, postId, reader);
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, postId, reader));
  const bytes = median(runs.map((run) => run.bytes));
  const section = median(runs.map((run) => run.sectionInteractive));
  const row = (label, value, target) =>
    console.log(`  ${label.padEnd(58)} ${value.padStart(10)}   ${target}`);
  row(
    'comment data before the first comments show (on the wire)',
    kib(bytes),
    `target ≤ ${kib(TARGET_BYTES)}`,
  );
  row('  the same, uncompressed JSON', kib(median(runs.map((run) => run.bodyBytes))), '');
  row(
    'comments section interactive (first request → shown + click)',
    `${Math.round(section)} ms`,
    `target ≤ ${TARGET_MS} ms`,
  );
  row(
    'first comments shown, from navigation start',
    `${Math.round(median(runs.map((run) => run.shown)))} ms`,
    '(whole page)',
  );
  row(
    'reply box open, from navigation start',
    `${Math.round(median(runs.map((run) => run.interactive)))} ms`,
    '(whole page)',
  );
  console.log(
    `  of which: first request → comments shown ${Math.round(median(runs.map((run) => run.sectionShown)))} ms, ` +
      `a click on Reply answered in ${Math.round(median(runs.map((run) => run.clickAnswered)))} ms`,
  );
  console.log('  comment requests before the first comments show (one load):');
  for (const line of runs[0].requests) console.log(`    ${line}`);
  console.log(`  any request with limit=2000: ${runs.some((run) => run.asked2000) ? 'YES' : 'no'}`);
  // What the page used to fetch first: the whole thread in one answer.
  const whole = await fetch(`${BASE}/api/v1/comments/post/${postId}?skip=0&limit=2000`);
  const body = Buffer.from(await whole.arrayBuffer());
  row(
    'for comparison: the whole thread in one answer (gzip)',
    kib(gzipSync(body).length),
    `${kib(body.length)} JSON`,
  );
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
