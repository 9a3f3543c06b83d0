import type { BenchServer } from '../server.js';

/** One HTTP request shape to load-test. */
export interface Target {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Another process's address (a reference server) instead of the scenario's server. */
  baseUrl?: string;
  /** The process answering at `baseUrl`, whose CPU time per request is printed beside its rate. */
  pid?: number;
  /** The share of hello-world's rate this must reach (0.5: 50%), printed beside the figure. */
  target?: number;
  /** This row replays the bytes of the rows below it from memory: what sending them costs alone. */
  floor?: boolean;
  /** The share of the nearest floor row above's rate this must reach, printed beside the figure. */
  targetOfFloor?: number;
}

/** A server a scenario started in its own process, and what to load-test on it. */
export interface OwnProcessTargets {
  baseUrl: string;
  /** The server's process: its CPU time per request is printed beside each of its figures. */
  pid?: number;
  /** One line on what runs there (database, log level, data). */
  describe: string;
  targets: Target[];
  /** Lines printed under the table once the load is over (e.g. how many access-log lines). */
  after?: () => string[];
  close: () => Promise<void>;
}

/**
 * A named measurement, run by `npm run bench -- <name>`. Either it prepares data on a server in
 * this process and names targets; or it starts a server in its own process (`start`) and names
 * targets; or it measures and prints on its own (`run`). Targets are load-tested beside the bare
 * Fastify hello-world, which always runs in a process of its own (bench/hello-world.mjs).
 */
export type Scenario = {
  name: string;
  description: string;
} & (
  | { prepare: (server: BenchServer) => Promise<Target[]>; run?: never; start?: never }
  | { run: (server: BenchServer) => Promise<void>; prepare?: never; start?: never }
  | { start: () => Promise<OwnProcessTargets>; prepare?: never; run?: never }
);
