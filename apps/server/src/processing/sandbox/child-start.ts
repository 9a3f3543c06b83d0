import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ReaderUnavailableError } from '../errors.js';
import type { ProcessLimits } from './watchdog.js';

/**
 * How long a child may take to load before it says it is ready (tasks.ts `ChildReady`), unless
 * its limits say otherwise: no file has been read by then, so this is the machine's time, not the
 * file's, and is generous.
 */
export const CHILD_START_LIMIT_MS = 30_000;

const startLimitOf = (limits: ProcessLimits) => limits.startTimeoutMs ?? CHILD_START_LIMIT_MS;

/** The limits a child is watched by: the start's allowance until it is ready, a file's from then. */
export function limitsWhile(ready: boolean, limits: ProcessLimits): ProcessLimits {
  return ready ? limits : { ...limits, timeoutMs: startLimitOf(limits) };
}

/** A child that did not get ready in time: not the file's fault, so it is retried later. */
export function notStarted(limits: ProcessLimits): ReaderUnavailableError {
  return new ReaderUnavailableError(
    `the file reader did not start within ${startLimitOf(limits) / 1000} s`,
  );
}

/** How a sandbox child is started: its heap limit, and the TypeScript loader under tsx. */
export function childExecArgv(entry: URL, memoryMb: number): string[] {
  const args = [`--max-old-space-size=${memoryMb}`];
  if (entry.pathname.endsWith('.ts')) {
    // Only in development and tests: the child needs the same TypeScript loader as its parent.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    args.unshift('--import', tsx);
  }
  return args;
}

/**
 * Starts a sandbox child (a one-off in sandbox.ts, or one of the pool's): its heap limit, its own
 * directory, an IPC channel for requests and replies, stderr kept for the error it may explain.
 */
export function forkSandboxChild(entry: URL, cwd: string, memoryMb: number): ChildProcess {
  return fork(fileURLToPath(entry), [], {
    cwd,
    execArgv: childExecArgv(entry, memoryMb),
    // No secrets for a parser to leak: not the database URL, not the faucet or AI keys.
    env: { PATH: process.env.PATH ?? '' },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
}

/** How V8 says it ran out of the heap it was given (it aborts the process). */
export const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit|Allocation failed/i;
