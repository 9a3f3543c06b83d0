import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

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

// Each app keeps its own vitest config (environment, aliases); the root only lists them, and the
// repository's own scripts (scripts/*.mjs) are tested as a small project of their own.
//
// Test files run one more than the cores at a time. Most integration files spend their time
// waiting (on a server process they started, PostgreSQL, a timer), and after the end-to-end
// suite, which `npm test` (scripts/test.mjs) runs beside this one, is done, Vitest runs alone:
// one file per core left a core idle for much of that time.
export default defineConfig({
  test: {
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: AttacksFirst },
    projects: [
      'apps/server',
      'apps/web',
      'packages/shared',
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
