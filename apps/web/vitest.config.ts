import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vite.config.ts';

// Same aliases, plugins and contract version as the app build (vite.config.ts).
export default mergeConfig(
  base,
  defineConfig({
    test: {
      name: 'web',
      root: fileURLToPath(new URL('.', import.meta.url)),
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      restoreMocks: true,
      // A guard against a hang sized for a slow, shared machine (jsdom renders are CPU-bound).
      testTimeout: 30_000,
      unstubGlobals: true,
    },
  }),
);
