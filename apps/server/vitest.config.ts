import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
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
    // Sized for a slow day (a machine two or three times slower, or shared with other work), not
    // for a fast one: a limit is a guard against a hang, never a speed assertion (speed is
    // measured by `npm run bench`).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
