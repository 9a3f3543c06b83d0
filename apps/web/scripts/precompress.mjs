// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every built text file of
// at least 1 KiB, once at build time, so the server sends them as they are (plugins/static-spa.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises';
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

async function precompress(path) {
  const body = await readFile(path);
  if (body.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return 1;
}

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
let count = 0;
for await (const path of files(dist)) {
  if (COMPRESSIBLE.test(path)) count += await precompress(path);
}
console.log(`precompressed ${count} files in ${dist} (.br and .gz)`);
