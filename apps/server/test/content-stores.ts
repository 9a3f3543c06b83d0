import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NextToLast } from 'blockstore-fs/sharding';
import type { CID } from 'multiformats/cid';
import { describe, it } from 'vitest';
import { openDatabase } from '../src/db/index.js';
import { createBlockRepository } from '../src/repositories/block-repository.js';
import { ContentStore, type ContentStoreOptions } from '../src/storage/index.js';
import { DurableFsBlockstore } from '../src/storage/fs-blockstore.js';
import { blockKey, PgBlockEngine } from '../src/storage/pg-engine.js';
import { freshPostgresSchema, postgresUnavailable, TEST_POSTGRES_URL } from './helpers.js';

/** A content store on one blockstore, with ways to damage it behind the store's back. */
export interface StoreUnderTest {
  store: ContentStore;
  /** Writes a block as is, without any check (a block of another kind, say). */
  putRaw(cid: CID, bytes: Uint8Array): Promise<void>;
  /** Removes a block. */
  remove(cid: CID): Promise<void>;
  /** Replaces a block's bytes (damage). */
  overwrite(cid: CID, bytes: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export interface Blockstore {
  name: 'fs' | 'postgres';
  /** `cacheBytes`: the local cache of a PostgreSQL store (none by default). */
  open(options?: ContentStoreOptions & { cacheBytes?: number }): Promise<StoreUnderTest>;
}

const fsStore: Blockstore = {
  name: 'fs',
  async open(options = {}) {
    const directory = await mkdtemp(join(tmpdir(), 'content-fs-'));
    const store = await ContentStore.open(join(directory, 'ipfs'), options);
    const blocks = new DurableFsBlockstore(store.directory, { durable: false });
    return {
      store,
      putRaw: async (cid, bytes) => {
        await blocks.put(cid, bytes);
      },
      remove: (cid) => blocks.delete(cid),
      overwrite: async (cid, bytes) => {
        const { dir, file } = new NextToLast().encode(cid);
        await writeFile(join(store.directory, dir, file), bytes);
      },
      close: async () => {
        await store.close();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};

export const postgresStore: Blockstore = {
  name: 'postgres',
  async open(options = {}) {
    const schema = await freshPostgresSchema();
    const { db } = await openDatabase({ dialect: 'postgres', url: schema.url });
    const directory = await mkdtemp(join(tmpdir(), 'content-pg-'));
    const engine = await PgBlockEngine.open(createBlockRepository(db), {
      cacheDirectory: join(directory, 'cache'),
      cacheBytes: options.cacheBytes ?? 0,
    });
    const store = ContentStore.withEngine(engine, options);
    const write = async (cid: CID, bytes: Uint8Array) => {
      await db
        .insertInto('blocks')
        .values({
          key: blockKey(cid),
          data: Buffer.from(bytes),
          size: bytes.byteLength,
          touched_at: new Date(),
          writer: 'test',
        })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({ data: Buffer.from(bytes), size: bytes.byteLength }),
        )
        .execute();
    };
    return {
      store,
      putRaw: write,
      remove: async (cid) => {
        await db.deleteFrom('blocks').where('key', '=', blockKey(cid)).execute();
      },
      overwrite: write,
      close: async () => {
        await store.close();
        await db.destroy();
        await schema.drop();
        await rm(directory, { recursive: true, force: true });
      },
    };
  },
};

/**
 * Runs a suite on every blockstore: the file system always, PostgreSQL when reachable (skipped
 * with a warning otherwise, failed under CI=true).
 */
export function describeEachBlockstore(name: string, suite: (blockstore: Blockstore) => void) {
  describe(`${name} [fs]`, () => suite(fsStore));
  const problem = postgresUnavailable();
  const title = `${name} [postgres blockstore]`;
  if (problem === null) {
    describe(title, () => suite(postgresStore));
  } else if (process.env.CI === 'true') {
    describe(title, () => {
      it('needs a reachable PostgreSQL under CI', () => {
        throw new Error(`PostgreSQL unreachable: ${problem}`);
      });
    });
  } else {
    console.warn(
      `SKIPPING "${title}": PostgreSQL at ${TEST_POSTGRES_URL} is unreachable (${problem}).`,
    );
    describe.skip(title, () => suite(postgresStore));
  }
}
