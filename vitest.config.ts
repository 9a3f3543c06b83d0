import { defineConfig } from 'vitest/config';

// Each app keeps its own vitest config (environment, aliases); the root only lists them.
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'packages/shared'],
  },
});
