import type { BenchServer } from '../server.js';

/** One HTTP request shape to load-test. */
export interface Target {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A named measurement, run by `npm run bench -- <name>`. Either it prepares data and names
 * targets, which are load-tested beside hello-world; or it measures and prints on its own (`run`).
 */
export type Scenario = {
  name: string;
  description: string;
} & (
  | { prepare: (server: BenchServer) => Promise<Target[]>; run?: never }
  | { run: (server: BenchServer) => Promise<void>; prepare?: never }
);
