import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config.ts';

/**
 * The server-rendering build: src/entry-server.tsx as a Node module in dist-ssr/, which the API
 * server imports to answer Home, the forum and a post with HTML (apps/server/src/plugins/
 * server-render.ts). Same aliases, plugins and CSS-module names as the client build, so the
 * server's markup matches what the browser hydrates. Packages stay in node_modules.
 */
export default mergeConfig(
  base,
  defineConfig({
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: 'dist-ssr',
      emptyOutDir: true,
      sourcemap: false,
      // Nothing here is fetched by a browser: one file per dynamic import is plenty.
      rolldownOptions: { output: { codeSplitting: true } },
    },
  }),
);
