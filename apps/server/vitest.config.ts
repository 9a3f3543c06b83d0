import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Files that measure this process's own memory (live bytes after a collection): each runs in a
 * process of its own, so no other file's leftovers count (the root vitest.config.ts).
 */
export const OWN_PROCESS_FILES = ['src/storage/conformance.test.ts'];

/**
 * The server's tests as a Vitest project; `test` names it and narrows its files or isolation.
 *
 * The files share their worker processes (`isolate: false`) unless told otherwise: each file opens
 * its own databases, data directories and apps and closes them after, and none replaces a module
 * (no vi.mock), so importing the server's modules again for every one of ~170 files only cost
 * CPU — about half of it (src/services: 66 → 34 s of CPU, the same 226 tests passing).
 */
export function serverProject(
  test: { name?: string; include?: string[]; exclude?: string[]; isolate?: boolean } = {},
): TestProjectInlineConfiguration {
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    resolve: {
      // Tests run against the shared sources, so they never depend on a stale packages/shared/dist.
      alias: {
        '@symposia/shared': fileURLToPath(
          new URL('../../packages/shared/src/index.ts', import.meta.url),
        ),
      },
    },
    test: {
      name: 'server',
      environment: 'node',
      include: ['src/**/*.test.ts', 'seed/**/*.test.ts'],
      isolate: false,
      // Sized for a slow day (a machine two or three times slower, or shared with other work),
      // not for a fast one: a limit is a guard against a hang, never a speed assertion (speed is
      // measured by `npm run bench`).
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...test,
    },
  };
}

// Run from this folder (`npx vitest run src/…`): the files named share processes too.
export default defineConfig(serverProject());
