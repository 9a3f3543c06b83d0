// Types of scripts/cluster-lib.mjs, for the cluster tests and benchmarks written in TypeScript.
import type { ChildProcess } from 'node:child_process';

export const repoRoot: string;
export const NGINX: string;
export const NGINX_TEMPLATE: string;

export function freePort(): Promise<number>;

export function renderNginxSite(
  template: string,
  options: { listen: string; upstreams: string[] },
): string;
export function renderNginxMain(options: {
  prefix: string;
  site: string;
  accessLog?: boolean;
  asRoot?: boolean;
}): string;
export function writeNginxConfig(
  prefix: string,
  options: { listen: string; upstreams: string[]; accessLog?: boolean },
): Promise<string>;

export interface FreshDatabase {
  name: string;
  url: string;
  drop: () => Promise<unknown>;
}
export function freshDatabase(
  adminUrl: string,
  kind?: 'database' | 'schema',
): Promise<FreshDatabase>;
export function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void>;

export interface ClusterProcess {
  readonly name: string;
  readonly child: ChildProcess;
  readonly pid: number | undefined;
  readonly running: boolean;
  /** The last lines the process wrote (stdout and stderr). */
  output(): string;
  exited(): Promise<void>;
  /** Sends `signal` (SIGTERM), then SIGKILL after `graceMs`; resolves once it exited. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface ClusterApi extends ClusterProcess {
  readonly port: number;
  readonly url: string;
}

export interface Cluster {
  /** nginx's URL; null when started without nginx. */
  url: string | null;
  apis: ClusterApi[];
  workers: ClusterProcess[];
  nginx: ClusterProcess | null;
  database: FreshDatabase;
  redisPrefix: string;
  root: string;
  processes: ClusterProcess[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  apiCount?: number;
  workerCount?: number;
  nginx?: boolean;
  env?: Record<string, string>;
  apiEnv?: Record<string, string>;
  workerEnv?: Record<string, string>;
  adminDatabaseUrl?: string;
  databaseKind?: 'database' | 'schema';
  redisUrl?: string;
  echo?: boolean;
  nginxPort?: number;
  accessLog?: boolean;
  onDatabase?: (database: FreshDatabase) => Promise<void>;
}

export function waitForHealthy(
  url: string,
  proc?: ClusterProcess | null,
  timeoutMs?: number,
): Promise<void>;
export function missingBuild(options?: { web?: boolean }): string[];
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
