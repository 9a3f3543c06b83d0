import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each app keeps its own vitest config (environment, aliases); the root only lists them, and the
// repository's own scripts (scripts/*.mjs) are tested as a small project of their own.
//
// Test files run one per core. Vitest's own default, one fewer than the cores, ran the files one at
// a time on a two-core machine although most integration files spend their time waiting (on a
// server process they started, PostgreSQL, a timer): `npm test` (scripts/test.mjs) runs the
// end-to-end suite beside this one, which takes up the rest of the machine.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism(),
    projects: [
      'apps/server',
      'apps/web',
      'packages/shared',
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
