import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkOfShared } from './chunk-groups.ts';
import { sharedContractVersion } from './contract-version.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The API server runs separately in development; in production it serves this build itself.
const apiTarget = process.env.SYMPOSIA_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  define: { __SHARED_CONTRACT_VERSION__: JSON.stringify(sharedContractVersion()) },
  resolve: {
    alias: {
      '@': fromHere('./src'),
      // Use the shared sources directly so neither dev nor build waits for a compiled copy.
      '@symposia/shared': fromHere('../../packages/shared/src/index.ts'),
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/ipfs': apiTarget,
      '/healthz': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every page needs React, the router and TanStack Query: one chunk for them, rather than
          // the handful of small shared chunks automatic splitting cuts them into as lazy screens
          // are added (each its own request and its own gzip dictionary): 1 KiB less to load.
          // The shared messages and limits and Vite's preload helper, which every page loads as
          // well, join them (another 0.4 KiB). zod and the shared schemas are not here: answers
          // are checked by lib/answer-contract.ts, loaded with the first answer (issue 17).
          groups: [
            {
              name: 'shell',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]|packages[\\/]shared[\\/]src[\\/](messages|limits|sort-options)\.ts$|vite[\\/]preload-helper/,
            },
            // The modules two screens or more share, in two chunks rather than one each
            // (chunk-groups.ts): the post page fetched 43 scripts, now 22.
            {
              name: chunkOfShared({
                arrival: [fromHere('./src/main.tsx'), fromHere('./src/app/routes/home.tsx')],
                listing: fromHere('./src/app/routes/forum.tsx'),
              }),
              debugName: 'shared by screens',
              minShareCount: 2,
              // Only the modules named: what they import (zod, the Markdown renderer) keeps its
              // own chunk, loaded by the screens that need it.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
