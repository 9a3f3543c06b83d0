#!/usr/bin/env node
/**
 * First-load JavaScript budget of the web build (run after `npm run build`).
 *
 * For each measured route it adds up the gzipped bytes of what a browser must fetch before the
 * screen can render: the entry chunk and its static imports, plus the route's lazily loaded chunk
 * and its static imports (dynamic imports inside them, e.g. the particle field, load later and
 * are not counted). Exits non-zero when a route exceeds the budget.
 *
 * The chunk graph comes from the Vite manifest (dist/.vite/manifest.json) when the build writes
 * one; otherwise from index.html (entry script and modulepreload tags) and the files under
 * dist/assets: static `import … from "./x.js"` statements, and the source maps to find which
 * chunk holds a route module (by file name when there is no source map).
 *
 * Usage: node apps/web/scripts/bundle-size.mjs [--dist <dir>] [--budget-kib <n>]
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROUTES = [
  { route: '/', module: 'src/app/routes/home.tsx' },
  { route: '/forum', module: 'src/app/routes/forum.tsx' },
];
// Issue 17: what a phone on a slow network can load before the page answers.
const DEFAULT_BUDGET_KIB = 100;
const GZIP_LEVEL = 9;

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const options = { dist: join(webRoot, 'dist'), budgetKiB: DEFAULT_BUDGET_KIB };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (flag === '--dist') options.dist = resolve(value());
    else if (flag === '--budget-kib') options.budgetKiB = Number(value());
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: node apps/web/scripts/bundle-size.mjs [--dist <dir>] [--budget-kib <n>]');
      process.exit(0);
    } else fail(`Unknown argument ${arg}`);
  }
  if (!Number.isFinite(options.budgetKiB) || options.budgetKiB <= 0) {
    fail('--budget-kib must be a positive number');
  }
  return options;
}

function fail(message) {
  console.error(`bundle-size: ${message}`);
  process.exit(2);
}

/** A path inside dist, always with forward slashes, e.g. `assets/index-abc.js`. */
const toDistPath = (dist, absolute) => relative(dist, absolute).split(/[\\/]/).join('/');

/** Resolves an URL as written in index.html or a chunk (`/assets/x.js`, `./x.js`). */
function resolveSpecifier(fromDistPath, specifier) {
  if (/^(?:[a-z]+:)?\/\//i.test(specifier) || specifier.startsWith('data:')) return null;
  const clean = specifier.split(/[?#]/)[0];
  if (clean.startsWith('/')) return clean.slice(1);
  return posix.normalize(posix.join(posix.dirname(fromDistPath), clean));
}

function attributes(tag) {
  const result = {};
  for (const match of tag.matchAll(/([\w-]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
    result[match[1].toLowerCase()] = (match[2] ?? '').replace(/^["']|["']$/g, '');
  }
  return result;
}

/** The entry script(s) and the modules index.html preloads with them. */
function entryFromHtml(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    if (attrs.src && attrs.type === 'module') files.push(resolveSpecifier('index.html', attrs.src));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    if (attrs.rel === 'modulepreload' && attrs.href) {
      files.push(resolveSpecifier('index.html', attrs.href));
    }
  }
  const found = files.filter((file) => file && existsSync(join(dist, file)));
  if (found.length === 0) fail('index.html references no module script; is this a Vite build?');
  return found;
}

/** Static imports of a built ES module: `import … from "x"`, `import "x"`, `export … from "x"`. */
function staticImportsOf(source) {
  const specifiers = [];
  const patterns = [
    /(?<![\w$.])import\s*(?:[\w$*{}\s,]+?from\s*)?(["'])([^"'\n]+?)\1/g,
    /(?<![\w$.])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"'\n]+?)\1/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) specifiers.push(match[2]);
  }
  return specifiers;
}

/** Targets of `import("./x.js")` with a literal specifier. */
function dynamicImportsOf(source) {
  return [...source.matchAll(/(?<![\w$.])import\(\s*(["'`])([^"'`\n]+?)\1\s*\)/g)].map((m) => m[2]);
}

function graphFromFiles(dist) {
  const cache = new Map();
  const read = (file) => {
    if (!cache.has(file)) cache.set(file, readFileSync(join(dist, file), 'utf8'));
    return cache.get(file);
  };
  const isJs = (file) => file && /\.m?js$/.test(file) && existsSync(join(dist, file));

  const staticDeps = (file) =>
    staticImportsOf(read(file))
      .map((specifier) => resolveSpecifier(file, specifier))
      .filter(isJs);

  const closure = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const file = stack.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...staticDeps(file));
    }
    return seen;
  };

  const assetsDir = join(dist, 'assets');
  const chunks = existsSync(assetsDir)
    ? readdirSync(assetsDir, { recursive: true })
        .map((name) => toDistPath(dist, join(assetsDir, String(name))))
        .filter(isJs)
    : [];

  const entry = closure(entryFromHtml(dist));
  const lazyTargets = new Set(
    [...entry].flatMap((file) =>
      dynamicImportsOf(read(file))
        .map((specifier) => resolveSpecifier(file, specifier))
        .filter(isJs),
    ),
  );

  /** The chunk that holds the route module: by its source map, else by Vite's chunk naming. */
  const routeChunk = (module) => {
    const wanted = module.replace(/^\.?\//, '');
    const bySourceMap = chunks.filter((file) => {
      const map = join(dist, `${file}.map`);
      if (!existsSync(map)) return false;
      try {
        const { sources = [], sourceRoot = '' } = JSON.parse(readFileSync(map, 'utf8'));
        return sources.some((source) =>
          posix
            .normalize(posix.join(posix.dirname(file), sourceRoot, source))
            .endsWith(`/${wanted}`),
        );
      } catch {
        return false;
      }
    });
    // Prefer a chunk the entry loads lazily (the route chunk), not one that merely shares code.
    const lazy = bySourceMap.filter((file) => lazyTargets.has(file));
    if (lazy.length === 1) return lazy[0];
    if (bySourceMap.length === 1) return bySourceMap[0];

    const base = posix.basename(wanted).replace(/\.[cm]?[jt]sx?$/, '');
    const byName = chunks.filter(
      (file) => lazyTargets.has(file) && posix.basename(file).startsWith(`${base}-`),
    );
    if (byName.length === 1) return byName[0];
    const found = byName.length + bySourceMap.length;
    return fail(
      `cannot tell which chunk holds ${module} (${found ? 'several candidates' : 'none found'}); ` +
        'enable build.manifest in vite.config.ts for an exact answer',
    );
  };

  return { source: 'index.html + dist/assets', entry, routeFiles: (m) => closure([routeChunk(m)]) };
}

function graphFromManifest(dist, manifestPath) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const closure = (keys) => {
    const seen = new Set();
    const stack = [...keys];
    while (stack.length) {
      const key = stack.pop();
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file)) continue;
      seen.add(chunk.file);
      stack.push(...(chunk.imports ?? []));
    }
    return seen;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) fail(`${manifestPath} lists no entry chunk`);
  return {
    source: toDistPath(dist, manifestPath),
    entry: closure(entries),
    routeFiles: (module) => {
      const key = Object.keys(manifest).find((k) => manifest[k].src === module || k === module);
      if (!key) fail(`${module} is not in the Vite manifest`);
      return closure([key]);
    },
  };
}

function loadGraph(dist) {
  if (!existsSync(join(dist, 'index.html'))) {
    fail(`${join(dist, 'index.html')} is missing: run "npm run build" first.`);
  }
  for (const candidate of ['.vite/manifest.json', 'manifest.json']) {
    const path = join(dist, candidate);
    if (existsSync(path)) return graphFromManifest(dist, path);
  }
  return graphFromFiles(dist);
}

const KiB = 1024;
const formatKiB = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;

function printTable(rows) {
  const headers = ['route', 'file', 'raw', 'gzip', 'budget'];
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column >= 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(row[0] === '' && row[1] === '' ? '' : line(row));
}

function main() {
  const { dist, budgetKiB } = parseArgs(process.argv.slice(2));
  const graph = loadGraph(dist);
  const budget = budgetKiB * KiB;
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(join(dist, file));
      sizes.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: GZIP_LEVEL }).length });
    }
    return sizes.get(file);
  };

  const rows = [];
  const results = [];
  for (const { route, module } of ROUTES) {
    const files = [...new Set([...graph.entry, ...graph.routeFiles(module)])];
    // Entry files first, then the route's own, each group largest first.
    files.sort(
      (a, b) =>
        Number(graph.entry.has(b)) - Number(graph.entry.has(a)) || sizeOf(b).gzip - sizeOf(a).gzip,
    );
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const size = sizeOf(file);
      raw += size.raw;
      gzip += size.gzip;
      rows.push([route, file, formatKiB(size.raw), formatKiB(size.gzip), '']);
    }
    const ok = gzip <= budget;
    rows.push([
      route,
      `total (${ok ? 'ok' : 'OVER BUDGET'})`,
      formatKiB(raw),
      formatKiB(gzip),
      formatKiB(budget),
    ]);
    rows.push(['', '', '', '', '']);
    results.push({ route, gzip, ok });
  }

  console.log(
    `First-load JavaScript per route (gzip level ${GZIP_LEVEL}; budget ${budgetKiB} KiB; ` +
      `graph from ${graph.source})\n`,
  );
  printTable(rows.slice(0, -1));
  console.log('');
  for (const { route, gzip, ok } of results) {
    console.log(
      `${route.padEnd(7)} ${formatKiB(gzip).padStart(10)} gzip   budget ${formatKiB(budget)}   ` +
        (ok ? 'ok' : `over by ${formatKiB(gzip - budget)}`),
    );
  }

  const over = results.filter((result) => !result.ok);
  if (over.length > 0) {
    for (const { route, gzip } of over) {
      console.error(
        `\nbundle-size: the first load of ${route} needs ${formatKiB(gzip)} of gzipped JavaScript, ` +
          `over the ${budgetKiB} KiB budget by ${formatKiB(gzip - budget)}. Move heavy code behind a ` +
          'dynamic import() or out of the shell.',
      );
    }
    process.exit(1);
  }
  console.log(`\nAll measured routes are within ${budgetKiB} KiB of gzipped JavaScript.`);
}

main();
