// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every built text file of
// at least 1 KiB, once at build time, so the server sends them as they are (plugins/static-spa.ts).
// Brotli 11 is slow, so every file is compressed at once (zlib's thread pool spreads them over the
// cores) and each copy is kept by the hash of its bytes: a rebuild compresses only what changed.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const MIN_BYTES = 1024;
// Already compressed formats (images, fonts as woff2) gain nothing.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|xml|wasm|ttf|otf|ico)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

const cacheDir = fileURLToPath(
  new URL('../../../node_modules/.cache/symposia/precompress', import.meta.url),
);

/** The copy of `body` made by `make`, from the cache when these bytes were compressed before. */
const used = new Set();

async function cached(body, extension, make) {
  const name = `${createHash('sha256').update(body).digest('hex')}${extension}`;
  used.add(name);
  const file = join(cacheDir, name);
  const kept = await readFile(file).catch(() => null);
  if (kept) return kept;
  const made = await make();
  // Written aside and renamed, so a build killed midway never leaves half a copy to reuse.
  await writeFile(`${file}.${process.pid}.tmp`, made);
  await rename(`${file}.${process.pid}.tmp`, file);
  return made;
}

async function precompress(path) {
  const body = await readFile(path);
  if (body.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    cached(body, '.br', () =>
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ),
    cached(body, '.gz', () => gzipAsync(body, { level: 9 })),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return 1;
}

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
await mkdir(cacheDir, { recursive: true });
const work = [];
for await (const path of files(dist)) {
  if (COMPRESSIBLE.test(path)) work.push(precompress(path));
}
const count = (await Promise.all(work)).reduce((sum, made) => sum + made, 0);
// The cache keeps what this build used and nothing older, so it never outgrows one build.
for (const name of await readdir(cacheDir)) {
  if (!used.has(name) && !name.endsWith('.tmp')) await rm(join(cacheDir, name), { force: true });
}
console.log(`precompressed ${count} files in ${dist} (.br and .gz)`);
