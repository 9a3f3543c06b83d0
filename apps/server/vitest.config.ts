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
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
