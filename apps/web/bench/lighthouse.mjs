#!/usr/bin/env node
/**
 * Lighthouse on the pages people arrive on, as a visitor on a phone meets them: Lighthouse's
 * default mobile profile (simulated slow 4G, 4× CPU slowdown) in Debian's Chromium, against the
 * built server started as `npm start` starts it, over the seeded demo community.
 *
 * Steps: build if there is no build; seed a fresh data directory (`npm run seed`, DATA_DIR in a
 * temporary folder); start `node apps/server/dist/server.js` on a free port; wait until the
 * worker has processed the seeded uploads; run Lighthouse RUNS times on `/`, `/forum` and the
 * first seeded post, each run followed by one of the same page with its scripts blocked (the
 * browser's own share of the figures); print the median of each category score and Web Vital
 * beside its target, and the script-less median beside each vital.
 * Exits non-zero when a median misses its target.
 *
 * Usage: node apps/web/bench/lighthouse.mjs [--runs <n>] [--json <file>] [--reports <dir>]
 *        [--base <url>]  (--reports keeps each run's full Lighthouse report as JSON)
 *        (or `npm run bench -- lighthouse`); --base measures a server already running there
 *        (seeded by you) instead of building, seeding and starting one.
 * Environment: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_DATA_DIR (reuse a seeded
 * data directory instead of seeding a new one).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The issue's targets: scores out of 100 (at least), vitals in their own unit (at most). */
const CATEGORIES = [
  { id: 'performance', label: 'performance', target: 95 },
  { id: 'accessibility', label: 'accessibility', target: 100 },
  { id: 'best-practices', label: 'best practices', target: 100 },
  { id: 'seo', label: 'SEO', target: 100 },
];
const VITALS = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 's', scale: 1000 },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 's', scale: 1000 },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms', scale: 1, target: 200 },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '', scale: 1, target: 0.02 },
  { id: 'speed-index', label: 'SI', unit: 's', scale: 1000 },
  // The main thread's whole work, as simulated at the 4x slowdown: the day's speed shows here.
  { id: 'mainthread-work-breakdown', label: 'main thread', unit: 's', scale: 1000 },
];

/**
 * The floor under the pages' figures: a page with a heading and a paragraph and nothing else,
 * measured by the same Chromium in the same run. What it costs is this machine's day, not the
 * product: on a slow day the browser's own start of a page is a long task by itself (issue 31).
 */
const BLANK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<meta name="description" content="The floor of the Lighthouse bench"><title>Floor</title></head>' +
  // Text in the site's two languages, as every page's language switch has (English · 中文).
  '<body><main><h1>Floor</h1><p>A paragraph of text — the largest thing on this page, in the ' +
  'site’s two languages: English · 中文.</p></main></body></html>';

/** Serves BLANK_PAGE on a free port of 127.0.0.1 until close(). */
async function startBlankPage() {
  const server = createHttpServer((request, response) => {
    // Only the page: its robots.txt is missing, as a site's may not be.
    if (request.url !== '/') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(BLANK_PAGE);
  });
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((closed) => server.close(closed)),
  };
}

function parseArgs(argv) {
  const options = { runs: 3, json: null, base: null, reports: null };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--runs') options.runs = Math.max(1, Number(value()) || 1);
    else if (flag === '--json') options.json = resolve(value());
    else if (flag === '--reports') options.reports = resolve(value());
    else if (flag === '--base') options.base = value().replace(/\/$/, '');
    else if (flag === '--help' || flag === '-h') {
      console.log(
        'Usage: node apps/web/bench/lighthouse.mjs [--runs <n>] [--json <file>] [--base <url>]',
      );
      process.exit(0);
    } else throw new Error(`unknown argument ${argv[i]}`);
  }
  return options;
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function getJson(url) {
  const answer = await fetch(url, { headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return answer.json();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function formatVital(vital, value) {
  const shown = value / vital.scale;
  if (vital.unit === 's') return `${shown.toFixed(2)} s`;
  if (vital.unit === 'ms') return `${Math.round(shown)} ms`;
  return shown.toFixed(3);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (CHROMIUM_PATH)`);
  if (options.base) {
    await measure(options.base, options);
    return;
  }
  const built = [
    'apps/server/dist/server.js',
    'apps/web/dist/index.html',
    'apps/web/dist-ssr/entry-server.js',
  ];
  if (built.some((file) => !existsSync(join(repoRoot, file)))) run('npm', ['run', 'build']);

  const ownDataDir = !process.env.LIGHTHOUSE_DATA_DIR;
  const dataDir = process.env.LIGHTHOUSE_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'symposia-lh-'));
  const serverEnv = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  if (ownDataDir) {
    console.log(`seeding ${dataDir} …`);
    run('npm', ['run', 'seed'], serverEnv);
  }
  const port = await freePort();
  // As `npm start` runs it (npm run serve -w @symposia/server: node dist/server.js).
  const server = spawn('node', ['dist/server.js'], {
    cwd: join(repoRoot, 'apps/server'),
    env: { ...process.env, ...serverEnv, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await measure(`http://127.0.0.1:${port}`, options);
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// A run whose trace came out broken (NO_NAVSTART: Lighthouse found no navigation start in
// Chromium's trace) is run again; it happens to about one run in six here, now and then twice
// in a row.
const ATTEMPTS = 4;

/**
 * One Lighthouse run, run again while its trace comes out broken (up to ATTEMPTS in all).
 * `settings` are Lighthouse's own (blockedUrlPatterns for the page without its scripts).
 */
async function audit(page, port, settings = {}) {
  for (let attempt = 1; ; attempt += 1) {
    const { lhr } = await lighthouse(page.url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES.map((category) => category.id),
      ...settings,
    });
    if (!lhr.runtimeError) return lhr;
    if (attempt >= ATTEMPTS) throw new Error(`${page.label}: ${lhr.runtimeError.message}`);
    console.warn(`${page.label}: ${lhr.runtimeError.code}; running again`);
  }
}

/**
 * Each page also as the server sends it without its app: every script request blocked (the two
 * small inline scripts still run). Its blocking time is the browser's own work on our HTML and
 * CSS (parse, style, the first layout, paint), which no change to the app's code can remove:
 * printed beside the page's figures so a slow day's share shows apart from ours.
 */
const WITHOUT_SCRIPTS = { blockedUrlPatterns: ['*.js'] };

async function measure(base, options) {
  await waitFor('the server', async () => (await fetch(`${base}/healthz`)).ok, 60_000);
  // The seeded uploads get their thumbnails and analysis from the worker: measure the forum as
  // it looks once they are done.
  const posts = await getJson(`${base}/api/v1/media/list?skip=0&limit=50`);
  if (posts.length === 0) throw new Error('the forum lists no posts: seed it first (npm run seed)');
  await waitFor(
    'the worker to process the seeded posts',
    async () => {
      const list = await getJson(`${base}/api/v1/media/list?skip=0&limit=50`);
      return list.every((post) => post.status !== 'processing');
    },
    300_000,
  ).catch((error) => console.warn(`${error.message}; measuring anyway`));
  const blank = await startBlankPage();
  const pages = [
    { label: 'a blank page (the floor: no target)', url: blank.url, floor: true },
    { label: '/', url: `${base}/` },
    { label: '/forum', url: `${base}/forum` },
    { label: '/forum/detail/{id}', url: `${base}/forum/detail/${posts[0].id}` },
  ];
  // One plain request each first, so no measurement pays for the server's first start.
  for (const page of pages) await fetch(page.url).then((answer) => answer.text());

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const results = [];
    for (const page of pages) {
      const runs = [];
      const withoutScripts = [];
      for (let i = 0; i < options.runs; i += 1) {
        const lhr = await audit(page, chrome.port);
        runs.push(lhr);
        // Interleaved with the page's own runs, so both meet the same moments of the day.
        const bare = page.floor ? null : await audit(page, chrome.port, WITHOUT_SCRIPTS);
        if (bare) withoutScripts.push(bare);
        if (options.reports) {
          mkdirSync(options.reports, { recursive: true });
          const name = `${page.label.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${i + 1}`;
          writeFileSync(join(options.reports, `${name}.json`), JSON.stringify(lhr));
          if (bare) {
            writeFileSync(join(options.reports, `${name}-no-scripts.json`), JSON.stringify(bare));
          }
        }
      }
      results.push({ page, runs, withoutScripts });
    }
    report(results, options);
  } finally {
    await chrome.kill();
    await blank.close();
  }
}

/** The longest task of the `long-tasks` audit (0 when there was none). */
function longestTaskMs(lhr) {
  const items = lhr.audits['long-tasks']?.details?.items ?? [];
  return items.reduce((longest, item) => Math.max(longest, item.duration ?? 0), 0);
}

/** "(without scripts: …)": the median of `valueOf` over the page's script-less runs, if any. */
function withoutScriptsNote(withoutScripts, valueOf, vital) {
  if (withoutScripts.length === 0) return '';
  const value = median(withoutScripts.map((lhr) => valueOf(lhr) ?? Number.NaN));
  return `   (without its scripts: ${formatVital(vital, value)})`;
}

function report(results, options) {
  const machine = `${process.platform} ${process.arch}, Node ${process.version}`;
  console.log(
    `\nlighthouse: mobile profile (default throttling), Chromium ${CHROMIUM}, median of ` +
      `${options.runs} run(s) per page; ${machine}\n  Chromium flags: ${CHROME_FLAGS.join(' ')}`,
  );
  let missed = 0;
  const summary = [];
  for (const { page, runs, withoutScripts } of results) {
    // Lighthouse's own measure of this machine's speed at each run: figures of a slower moment
    // read worse, and the index says how much slower it was.
    const indices = runs.map((lhr) => Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN));
    console.log(`\n  ${page.label}   (benchmarkIndex of each run: ${indices.join(', ')})`);
    const entry = { page: page.label, categories: {}, vitals: {} };
    for (const category of CATEGORIES) {
      const score = median(
        runs.map((lhr) => Math.round((lhr.categories[category.id]?.score ?? 0) * 100)),
      );
      const ok = score >= category.target;
      if (!ok && !page.floor) missed += 1;
      entry.categories[category.id] = score;
      console.log(
        `    ${category.label.padEnd(16)} ${String(score).padStart(6)}   ${page.floor ? '' : `target ≥ ${category.target}  ${ok ? 'ok' : 'MISSED'}`}`,
      );
    }
    for (const vital of VITALS) {
      const value = median(runs.map((lhr) => lhr.audits[vital.id]?.numericValue ?? Number.NaN));
      entry.vitals[vital.id] = value;
      let target = '';
      if (vital.target !== undefined && !page.floor) {
        const ok = value <= vital.target;
        if (!ok) missed += 1;
        target = `target ≤ ${vital.target}  ${ok ? 'ok' : 'MISSED'}`;
      }
      console.log(
        `    ${vital.label.padEnd(16)} ${formatVital(vital, value).padStart(9)}   ${target}` +
          withoutScriptsNote(withoutScripts, (lhr) => lhr.audits[vital.id]?.numericValue, vital),
      );
    }
    // The longest main-thread task Lighthouse saw (scaled by its 4x CPU slowdown), and what ran.
    const longest = median(runs.map((lhr) => longestTaskMs(lhr)));
    const ms = { unit: 'ms', scale: 1 };
    console.log(
      `    ${'longest task'.padEnd(16)} ${formatVital(ms, longest).padStart(9)}   ` +
        withoutScriptsNote(withoutScripts, longestTaskMs, ms),
    );
    // What Lighthouse would fix first: the failing audits of the median-performance run.
    const lhr = runs[Math.floor(runs.length / 2)];
    const failing = Object.values(lhr.categories)
      .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0))
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
      .map((audit) => audit.id);
    if (failing.length > 0)
      console.log(`    audits below 0.9: ${[...new Set(failing)].join(', ')}`);
    if (withoutScripts.length > 0) {
      entry.withoutScripts = Object.fromEntries(
        VITALS.map((vital) => [
          vital.id,
          median(withoutScripts.map((lhr) => lhr.audits[vital.id]?.numericValue ?? Number.NaN)),
        ]),
      );
    }
    summary.push(entry);
  }
  if (options.json) writeFileSync(options.json, JSON.stringify(summary, null, 2));
  if (missed > 0) {
    console.log(`\n${missed} figure(s) missed their target`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
