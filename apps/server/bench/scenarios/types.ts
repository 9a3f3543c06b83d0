import type { BenchServer } from '../server.js';

/** One HTTP request shape to load-test. */
export interface Target {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A named group of targets, run by `npm run bench -- <name>`. */
export interface Scenario {
  name: string;
  description: string;
  /** Prepares data through the public API and says what to measure. */
  prepare: (server: BenchServer) => Promise<Target[]>;
}
