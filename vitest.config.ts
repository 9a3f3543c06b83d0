import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { OWN_PROCESS_FILES, serverProject } from './apps/server/vitest.config.ts';

/**
 * The attack files first (apps/server/src/attacks/): each runs real server processes for minutes
 * (crash.test.ts kills and restarts one 40 times) and mostly waits on them, so begun early they
 * overlap the rest instead of running alone at the end. Otherwise Vitest's own order: failed and
 * longest first when it has timings from an earlier run, largest first on a fresh clone.
 */
class AttacksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isAttack = (file: TestSpecification) => file.moduleId.includes('/src/attacks/');
    return [...sorted.filter(isAttack), ...sorted.filter((file) => !isAttack(file))];
  }
}

// Each app keeps its own vitest config (environment, aliases) and the repository's own scripts
// (scripts/*.mjs) are a small project of their own. The server's config gives two projects: its
// files sharing worker processes, and apart those that measure their own process's memory
// (apps/server/vitest.config.ts); the browser-side files stay isolated (a fresh document each).
//
// Test files run one more than the cores at a time: many integration files wait (on a server
// process they started, PostgreSQL, a timer), so a third may use a core while two wait. The whole
// `npm test` (scripts/test.mjs, the end-to-end suite beside this one) is bound by CPU on two cores
// (docs/BENCHMARKS.md): less work shortens it, more files at once do not.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: AttacksFirst },
    projects: [
      serverProject({ exclude: OWN_PROCESS_FILES }),
      serverProject({ name: 'server (own process)', include: OWN_PROCESS_FILES, isolate: true }),
      'apps/web',
      'packages/shared',
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
