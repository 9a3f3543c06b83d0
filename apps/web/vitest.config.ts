import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sharedContractVersion } from './contract-version.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react()],
  define: { __SHARED_CONTRACT_VERSION__: JSON.stringify(sharedContractVersion()) },
  resolve: {
    alias: {
      '@': fromHere('./src'),
      '@symposia/shared': fromHere('../../packages/shared/src/index.ts'),
    },
  },
  test: {
    name: 'web',
    root: fromHere('.'),
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    unstubGlobals: true,
  },
});
