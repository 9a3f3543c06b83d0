// The stamp of a build's inputs: one SHA-256 over the path and bytes of every file the build reads.
// Tests, end-to-end specs and outputs are left out: they change nothing that is built.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Folders and files, relative to the checkout, whose contents make the build. */
export const BUILD_INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared',
  'apps/server',
  'apps/web',
];

const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'e2e',
  'test',
  'bench',
  'seed',
  'test-results',
  'playwright-report',
  '.tmp',
]);
const SKIPPED_FILE = /(?:\.test\.tsx?|\.tsbuildinfo|\.log|\.md)$/;

const STAMP_FILE = join('node_modules', '.cache', 'symposia', 'build-stamp');

async function* inputFiles(root, path) {
  const entries = await readdir(join(root, path), { withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOTDIR' || error.code === 'ENOENT') return error.code;
    throw error;
  });
  if (entries === 'ENOENT') return; // an input that is absent adds nothing (and its path neither)
  if (entries === 'ENOTDIR') {
    yield path;
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) yield* inputFiles(root, child);
    else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) yield child;
  }
}

/** The hex stamp of the build inputs under `root`. */
export async function buildStamp(root) {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for await (const file of inputFiles(root, input)) {
      // Paths with '/' whatever the platform, so one checkout gives one stamp.
      hash.update(relative(root, join(root, file)).split(sep).join('/'));
      hash.update('\0');
      hash.update(await readFile(join(root, file)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

export async function readStamp(root) {
  return readFile(join(root, STAMP_FILE), 'utf8').catch(() => null);
}

export async function writeStamp(root, stamp) {
  await mkdir(join(root, STAMP_FILE, '..'), { recursive: true });
  await writeFile(join(root, STAMP_FILE), stamp);
}
