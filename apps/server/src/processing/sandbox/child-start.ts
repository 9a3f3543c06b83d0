import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
