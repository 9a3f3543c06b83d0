import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';

export const HELLO_PATH = '/bench/hello';

export interface BenchServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  close: () => Promise<void>;
}

/**
 * The product app on a throw-away data directory, plus one hello-world route that goes through
 * the same global hooks: the baseline every scenario is compared with. DATABASE_URL from the
 * environment is honoured, so PostgreSQL can be measured too.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'symposia-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    // Per-request info logs would measure the terminal, not the server.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const app = await buildApp(config);
  app.get(HELLO_PATH, async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
