import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';

/** `${REPLAY_PATH}/{name}` serves what a scenario recorded: the same bytes from memory, no work. */
export const REPLAY_PATH = '/bench/replay';

/** A recorded answer: its body and the headers that describe it. */
export interface Recorded {
  body: Buffer;
  headers: Record<string, string>;
}

export interface BenchServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  /**
   * Records an answer for REPLAY_PATH: the floor for any implementation of a route whose answer
   * is that large, on this machine, under this load.
   */
  replay: (name: string, recorded: Recorded) => void;
  close: () => Promise<void>;
}

/**
 * The product app in this process on a throw-away data directory, for scenarios that fill the
 * database through it (100,000 posts) or replay recorded answers beside it. Their throughput is
 * still compared with the hello-world of bench/hello-world.mjs in its own process; the
 * production scenario starts the built server in its own process instead (bench/processes.ts).
 * DATABASE_URL from the environment is honoured, so PostgreSQL can be measured too.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'symposia-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    // Per-request info logs would measure the terminal, not the server.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Scenarios register dozens of members from this one address (comments: 41).
    REGISTER_RATE_LIMIT_MAX: process.env.REGISTER_RATE_LIMIT_MAX ?? '1000',
  });
  const app = await buildApp(config);
  const recordings = new Map<string, Recorded>();
  app.get<{ Params: { name: string } }>(`${REPLAY_PATH}/:name`, (request, reply) => {
    const recorded = recordings.get(request.params.name);
    if (!recorded) return reply.code(404).send();
    return reply.headers(recorded.headers).send(recorded.body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    replay: (name, recorded) => {
      recordings.set(name, recorded);
    },
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
