import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  missingBuild,
  startCluster,
  type Cluster,
  type ClusterOptions,
} from '../../../scripts/cluster-lib.mjs';
import { TEST_POSTGRES_URL } from './helpers.js';
import {
  postForm,
  publishAt,
  registerAt,
  signInAt,
  uniqueName,
  type Member,
} from './http-members.js';
import { TEST_REDIS_URL } from './redis.js';
import { until } from './server-process.js';

/**
 * A cluster of real processes for a test file (scripts/cluster-lib.mjs): the built API server
 * (apps/server/dist, as `npm start` runs it) several times and the built worker, on a fresh
 * PostgreSQL schema and the tests' Redis with BLOCKSTORE=postgres. One cluster per file, started
 * before its tests and stopped after them; `npm test` builds before it runs Vitest.
 */
export interface TestCluster {
  cluster: Cluster;
  /** The base URL of the API process serving the i-th request when requests alternate. */
  api: (i: number) => string;
  /** SQL on the cluster's database (`$1` placeholders). */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
}

/** Minutes, not seconds: two cores shared by the build, other suites and these processes. */
export const CLUSTER_START_TIMEOUT_MS = 240_000;

export function useCluster(options: ClusterOptions): () => TestCluster {
  let current: TestCluster | null = null;
  let pool: pg.Pool | null = null;
  beforeAll(async () => {
    const missing = missingBuild({ web: false });
    if (missing.length > 0) {
      throw new Error(
        `${missing.join(', ')} missing: run "npm run build" before the cluster tests`,
      );
    }
    const cluster = await startCluster({
      nginx: false,
      adminDatabaseUrl: TEST_POSTGRES_URL,
      databaseKind: 'schema',
      redisUrl: TEST_REDIS_URL,
      ...options,
    });
    pool = new pg.Pool({ connectionString: cluster.database.url, max: 2 });
    const db = pool;
    current = {
      cluster,
      api: (i) => (cluster.apis[i % cluster.apis.length] as { url: string }).url,
      query: async (text, params = []) => (await db.query(text, params)).rows,
    };
  }, CLUSTER_START_TIMEOUT_MS);
  afterAll(async () => {
    await pool?.end();
    await current?.cluster.stop();
  }, CLUSTER_START_TIMEOUT_MS);
  return () => {
    if (!current) throw new Error('the cluster did not start');
    return current;
  };
}

// --- Requests over HTTP -------------------------------------------------------------------------

export type ClusterMember = Member;
export { postForm, uniqueName };

export function signIn(
  base: string,
  credentials: { username: string; password: string },
): Promise<string> {
  return signInAt(base, credentials);
}

/** Registers through `registerAt` and signs in through `signInAt` (both base URLs). */
export function registerMember(registerBase: string, signInBase = registerBase): Promise<Member> {
  return registerAt(registerBase, signInBase, 'c');
}

/** POST /api/v1/media/upload as a browser's FormData sends it; returns the new post's id. */
export const publish = publishAt;

export async function getJson<T>(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${base}${path}`, { headers });
  const text = await response.text();
  expect(response.status, `${path}: ${text}`).toBe(200);
  return { status: response.status, body: JSON.parse(text) as T, headers: response.headers };
}

/** Counts of each status among `statuses`. */
export function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** Polls `probe` until it returns something other than undefined, every 100 ms. */
export function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  return until(probe, timeoutMs, what, 100);
}
