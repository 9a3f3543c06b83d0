import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ReaderUnavailableError, ResourceLimitError } from '../errors.js';
import { forkSandboxChild, HEAP_EXHAUSTED, limitsWhile, notStarted } from './child-start.js';
import { createChildPool } from './pool.js';
import {
  isChildReady,
  type ChildReady,
  type SandboxReply,
  type SandboxRequest,
  type SandboxTaskKind,
  type SandboxTasks,
} from './tasks.js';
import { limitMessage, watchProcess, type ProcessLimits } from './watchdog.js';

/**
 * Untrusted files are parsed in child processes, kept in a pool (pool.ts): a heap limit
 * (--max-old-space-size), a watchdog on its resident memory and its wall-clock time (SIGKILL on
 * either), and no secrets in its environment. Whatever a PDF, a Word document or an image does to
 * its parser — inflate to gigabytes, loop, crash — costs that child, never the server, which keeps
 * answering while it runs.
 */

// Under tsx or Vitest this module runs from src/ as TypeScript; built, from dist/ as JavaScript.
const RUNNING_FROM_SOURCE = import.meta.url.endsWith('.ts');

/** The child entry of this directory, in the form this module runs as. */
export const SANDBOX_CHILD = new URL(
  `./child.${RUNNING_FROM_SOURCE ? 'ts' : 'js'}`,
  import.meta.url,
);

/**
 * Runs one request in a fresh child started from `entry` and resolves with its answer. A limit
 * reached, an abort or a child that dies without answering rejects with a ResourceLimitError
 * (or the abort's reason); an error the task reports rejects with that error's message.
 */
export function runInChild<T>(
  entry: URL,
  request: SandboxRequest,
  limits: ProcessLimits,
  options: { cwd: string; signal?: AbortSignal },
): Promise<T> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const child = forkSandboxChild(entry, options.cwd, limits.memoryMb);
    let reply: SandboxReply | undefined;
    let ready = false;
    let limit: 'time' | 'memory' | undefined;
    let limitWhileStarting = false;
    let startError: Error | undefined;
    let stderr = '';
    // The start's allowance first, then the file's limits from when the child is ready.
    const watch = () =>
      watchProcess(child, limitsWhile(ready, limits), (reached) => {
        limit = reached;
        limitWhileStarting = !ready;
      });
    let stopWatching = watch();
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4096);
    });
    child.on('message', (message: SandboxReply | ChildReady) => {
      if (!isChildReady(message)) {
        reply ??= message;
      } else if (!limit) {
        ready = true;
        stopWatching();
        stopWatching = watch();
      }
    });
    child.on('error', (error) => {
      startError ??= error;
    });
    child.on('close', (code, exitSignal) => {
      stopWatching();
      signal?.removeEventListener('abort', onAbort);
      if (limit === 'time' && limitWhileStarting) {
        reject(notStarted(limits));
      } else if (limit) {
        reject(new ResourceLimitError(limit, limitMessage(limit, limits)));
      } else if (signal?.aborted) {
        reject(signal.reason as Error);
      } else if (reply?.ok) {
        resolve(reply.value as T);
      } else if (reply) {
        reject(new Error(reply.message));
      } else if (HEAP_EXHAUSTED.test(stderr)) {
        reject(new ResourceLimitError('memory', limitMessage('memory', limits)));
      } else if (startError) {
        reject(
          new ReaderUnavailableError(`the file reader could not be started: ${startError.message}`),
        );
      } else {
        // Killed by the system, or a parser crashed the process: the same file will do it again.
        reject(
          new ResourceLimitError('crash', `reading it stopped the reader (${exitSignal ?? code})`),
        );
      }
    });
    child.send(request, (error) => {
      if (error) child.kill('SIGKILL');
    });
  });
}

export interface Sandbox {
  /** The limits every task runs within. */
  readonly limits: ProcessLimits;
  /** Runs a task on the bytes of `source` (streamed to a scratch file first). */
  run<K extends SandboxTaskKind>(
    kind: K,
    source: AsyncIterable<Uint8Array> | Uint8Array,
    input: Omit<SandboxTasks[K]['input'], 'path'>,
    signal?: AbortSignal,
  ): Promise<SandboxTasks[K]['output']>;
  /** Stops the readers (the pool's children); tasks after this fail. */
  close(): Promise<void>;
}

/**
 * Runs `use` on a scratch copy of `source` in a fresh directory under `tmpDir` (inside the data
 * directory), removed afterwards. Failing to make the copy is the server's problem, not the
 * file's: it throws a ReaderUnavailableError.
 */
export async function withScratchFile<T>(
  tmpDir: string,
  prefix: string,
  source: AsyncIterable<Uint8Array> | Uint8Array,
  use: (path: string, dir: string) => Promise<T>,
): Promise<T> {
  let dir: string;
  try {
    await mkdir(tmpDir, { recursive: true });
    dir = await mkdtemp(join(tmpDir, prefix));
  } catch (error) {
    throw new ReaderUnavailableError(`no scratch space for the file reader: ${describe(error)}`);
  }
  try {
    const path = join(dir, 'input');
    try {
      const chunks = source instanceof Uint8Array ? [source] : source;
      await pipeline(Readable.from(chunks), createWriteStream(path));
    } catch (error) {
      throw new ReaderUnavailableError(
        `the file could not be copied for its reader: ${describe(error)}`,
      );
    }
    return await use(path, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Each task gets its own scratch copy of its input under `tmpDir` and runs in a child of a pool of
 * `poolSize` (PROCESSING_POOL_SIZE: one per core by default).
 */
export function createSandbox(settings: {
  limits: ProcessLimits;
  tmpDir: string;
  poolSize?: number;
}): Sandbox {
  const { limits, tmpDir } = settings;
  const pool = createChildPool({
    size: settings.poolSize ?? availableParallelism(),
    limits,
    entry: SANDBOX_CHILD,
    cwd: tmpDir,
  });
  return {
    limits,
    run(kind, source, input, signal) {
      return withScratchFile(tmpDir, 'sandbox-', source, (path, dir) =>
        pool.run({ kind, input: { ...input, path } }, { cwd: dir, signal }),
      );
    },
    close: () => pool.close(),
  };
}
