import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import type { TestApp } from './helpers.js';

export interface OtherApp {
  app: FastifyInstance;
  config: Config;
  /** Closes the app (idempotent) and deletes its data directory. */
  close: () => Promise<void>;
}

/**
 * Another server process on the first one's database: the same settings and clock, but a data
 * directory of its own (another machine: no file system is shared), with `changes` applied.
 */
export async function anotherApp(first: TestApp, changes: Partial<Config> = {}): Promise<OtherApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'symposia-other-'));
  const config = { ...first.config, ...changes, dataDir };
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { now: first.clock.now });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    app,
    config,
    close: () => {
      closed ??= app.close().finally(() => rm(dataDir, { recursive: true, force: true }));
      return closed;
    },
  };
}
