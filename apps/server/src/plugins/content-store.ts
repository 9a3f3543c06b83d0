import { join } from 'node:path';
import fp from 'fastify-plugin';
import { ContentStore } from '../storage/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    contentStore: ContentStore;
  }
}

/** The blocks' folder inside the data directory, so one directory still holds all state. */
export const CONTENT_STORE_DIR = 'ipfs';

export interface ContentStorePluginOptions {
  dataDir: string;
  /** fsync every import before it resolves (default true); throwaway stores skip it for speed. */
  durable?: boolean;
  /** Opens the store BLOCKSTORE names (open-content-store.ts); default: the folder above. */
  open?: () => Promise<ContentStore>;
}

/**
 * Opens the IPFS content store (under `$DATA_DIR/ipfs`, or as `open` says: BLOCKSTORE=postgres)
 * and closes it when the server closes.
 * Register it before any route that uses `app.contentStore` (uploads, the gateway).
 */
export const contentStorePlugin = fp<ContentStorePluginOptions>(
  async (app, { dataDir, durable = true, open }) => {
    const store = open
      ? await open()
      : await ContentStore.open(join(dataDir, CONTENT_STORE_DIR), { durable });
    app.decorate('contentStore', store);
    app.addHook('onClose', async () => {
      await store.close();
    });
    app.log.info(`content store ready: ${store.directory}`);
  },
  { name: 'content-store' },
);
