import { join } from 'node:path';
import type { Config } from './config.js';
import type { AppDatabase } from './db/index.js';
import { CONTENT_STORE_DIR } from './plugins/content-store.js';
import { createBlockRepository } from './repositories/block-repository.js';
import { ContentStore } from './storage/index.js';
import { PgBlockEngine } from './storage/pg-engine.js';

/** The local copies of blocks read from PostgreSQL (BLOCKSTORE=postgres), emptied at start. */
export const BLOCK_CACHE_DIR = 'ipfs-cache';

/**
 * Opens the content store BLOCKSTORE names, the same way in every process (server, worker,
 * `npm run gc`): blocks under DATA_DIR/ipfs, or in the database's `blocks` table.
 */
export async function openContentStore(
  config: Pick<Config, 'dataDir' | 'blockstore' | 'database'>,
  db: AppDatabase,
  options: { durable?: boolean } = {},
): Promise<ContentStore> {
  if (config.blockstore.kind === 'postgres') {
    if (config.database.dialect !== 'postgres') {
      throw new Error('BLOCKSTORE=postgres needs a PostgreSQL DATABASE_URL');
    }
    const engine = await PgBlockEngine.open(createBlockRepository(db), {
      cacheDirectory: join(config.dataDir, BLOCK_CACHE_DIR),
      cacheBytes: config.blockstore.cacheBytes,
    });
    return ContentStore.withEngine(engine);
  }
  return ContentStore.open(join(config.dataDir, CONTENT_STORE_DIR), options);
}
