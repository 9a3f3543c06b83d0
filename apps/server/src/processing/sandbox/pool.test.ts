import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ReaderUnavailableError, ResourceLimitError } from '../errors.js';
import { childExecArgv } from './child-start.js';
import { residentBytes } from './watchdog.js';
import { createChildPool, type ChildPool, type PoolSettings } from './pool.js';
import { createSandbox } from './sandbox.js';

/**
 * The pool of long-lived sandbox children (issue 31): the limits of a child per file, a child that
 * breaks one killed and replaced, a crash failing its own task alone.
 */

const execute = promisify(execFile);
const MISBEHAVING = new URL('./testing/misbehaving-child.ts', import.meta.url);
// Generous time, so that a loaded machine never turns another test into a timeout.
const LIMITS = { timeoutMs: 60_000, memoryMb: 160 };
const IMPATIENT = { ...LIMITS, timeoutMs: 2_000 };
const SLOW_START = new URL('./testing/slow-start-child.ts', import.meta.url);

let dir: string;
const pools: ChildPool[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symposia-pool-'));
});
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function pool(settings: Partial<PoolSettings> = {}): ChildPool {
  const made = createChildPool({
    size: 1,
    limits: LIMITS,
    entry: MISBEHAVING,
    cwd: dir,
    ...settings,
  });
  pools.push(made);
  return made;
}

/** A scratch directory of one task. */
async function scratch(name: string): Promise<string> {
  const path = join(dir, name);
  await mkdir(path, { recursive: true });
  return path;
}

const run = (target: ChildPool, kind: string, input: unknown = null, signal?: AbortSignal) =>
  target.run<unknown>({ kind, input }, { cwd: dir, signal });

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the task to fail');
    },
    (reason: unknown) => reason,
  );
}

function alive(pid: number): boolean {
  return residentBytes(pid) !== undefined;
}

describe('the pool of sandbox children', { timeout: 90_000 }, () => {
  it('runs task after task in one long-lived child, each in its own directory', async () => {
    const readers = pool();
    const first = (await run(readers, 'pid')) as number;
    expect(await run(readers, 'echo', { n: 1 })).toEqual({ n: 1 });
    expect(await run(readers, 'pid')).toBe(first);
    const own = await scratch('task-a');
    expect(await readers.run({ kind: 'cwd', input: null }, { cwd: own })).toBe(own);
    expect(readers.started()).toBe(1);
  });

  it('starts no child before the first file, and keeps its last child when idle', async () => {
    const readers = pool({ size: 2, idleMs: 50 });
    expect(readers.started()).toBe(0);
    const pid = (await run(readers, 'pid')) as number;
    expect(readers.started()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(pid)).toBe(true);
    expect(await run(readers, 'pid')).toBe(pid);
  });

  it('gives its children no secrets from the environment', async () => {
    process.env.SYMPOSIA_TEST_SECRET = 'hunter2';
    try {
      const keys = (await run(pool(), 'environment')) as string[];
      expect(keys).not.toContain('SYMPOSIA_TEST_SECRET');
      expect(keys).toEqual(expect.arrayContaining(['PATH']));
    } finally {
      delete process.env.SYMPOSIA_TEST_SECRET;
    }
  });

  it('kills a child past the time limit, replaces it, and the next file succeeds', async () => {
    const readers = pool({ limits: IMPATIENT });
    const before = (await run(readers, 'pid')) as number;
    const error = await failureOf(run(readers, 'spin'));
    expect(error).toBeInstanceOf(ResourceLimitError);
    expect(error).toMatchObject({ limit: 'time', message: 'reading it took longer than 2 s' });
    expect(alive(before)).toBe(false);
    const after = (await run(readers, 'pid')) as number;
    expect(after).not.toBe(before);
    expect(await run(readers, 'echo', 'next file')).toBe('next file');
    expect(readers.started()).toBe(2);
  });

  it("counts a file's time from when its child is ready, not while the child loads", async () => {
    const readers = pool({ entry: SLOW_START, limits: { ...LIMITS, timeoutMs: 1_000 } });
    expect(await run(readers, 'echo', 'after a slow start')).toBe('after a slow start');
    const error = await failureOf(run(readers, 'spin'));
    expect(error).toMatchObject({ limit: 'time', message: 'reading it took longer than 1 s' });
  });

  it('gives up on a child that does not get ready within its start allowance', async () => {
    const readers = pool({ entry: SLOW_START, limits: { ...LIMITS, startTimeoutMs: 300 } });
    const error = await failureOf(run(readers, 'echo', 'never read'));
    expect(error).toBeInstanceOf(ReaderUnavailableError);
    expect(error).toMatchObject({ message: 'the file reader did not start within 0.3 s' });
  });

  it('kills a child whose buffers pass the memory limit, and the next file succeeds', async () => {
    const readers = pool();
    const error = await failureOf(run(readers, 'buffers'));
    expect(error).toMatchObject({
      limit: 'memory',
      message: 'reading it needed more than 160 MB of memory',
    });
    expect(await run(readers, 'echo', 'next file')).toBe('next file');
  });

  it('stops a child whose JS heap passes the limit, and the next file succeeds', async () => {
    const readers = pool();
    const error = await failureOf(run(readers, 'heap'));
    expect(error).toBeInstanceOf(ResourceLimitError);
    expect((error as ResourceLimitError).limit).toBe('memory');
    expect(await run(readers, 'echo', 'next file')).toBe('next file');
  });

  it('fails only the file whose child crashed; the files beside it finish', async () => {
    const readers = pool({ size: 2 });
    // Two children busy at once: one crashes while the other reads.
    const [crashed, ...others] = await Promise.allSettled([
      run(readers, 'crash'),
      run(readers, 'echo', 'beside'),
      run(readers, 'echo', 'after'),
      run(readers, 'echo', 'later still'),
    ]);
    expect(crashed.status).toBe('rejected');
    const reason = (crashed as PromiseRejectedResult).reason as ResourceLimitError;
    expect(reason).toBeInstanceOf(ResourceLimitError);
    expect(reason.limit).toBe('crash');
    expect(others).toEqual([
      { status: 'fulfilled', value: 'beside' },
      { status: 'fulfilled', value: 'after' },
      { status: 'fulfilled', value: 'later still' },
    ]);
  });

  it('passes on the message of a task that fails, and keeps the child', async () => {
    const readers = pool();
    const before = await run(readers, 'pid');
    const error = await failureOf(run(readers, 'throw'));
    expect(error).not.toBeInstanceOf(ResourceLimitError);
    expect((error as Error).message).toBe('the parser gave up');
    expect(await run(readers, 'pid')).toBe(before);
  });

  it('runs no more tasks at once than it has children', async () => {
    const readers = pool({ size: 2 });
    const pids = await Promise.all(
      Array.from({ length: 12 }, () => run(readers, 'pid') as Promise<number>),
    );
    expect(new Set(pids).size).toBeLessThanOrEqual(2);
    expect(readers.started()).toBeLessThanOrEqual(2);
  });

  it('replaces a child after its number of tasks', async () => {
    const readers = pool({ maxTasksPerChild: 2 });
    const pids = [];
    for (let index = 0; index < 4; index += 1) pids.push(await run(readers, 'pid'));
    expect(pids[0]).toBe(pids[1]);
    expect(pids[2]).toBe(pids[3]);
    expect(pids[2]).not.toBe(pids[0]);
  });

  it('kills the child of an aborted task (its lease was lost) and goes on', async () => {
    const readers = pool();
    const controller = new AbortController();
    const running = run(readers, 'spin', null, controller.signal);
    // Waiting behind it: aborted too, it never reaches a child.
    const waiting = new AbortController();
    const queued = run(readers, 'echo', 'never', waiting.signal);
    waiting.abort(new Error('gave up waiting'));
    await expect(queued).rejects.toThrow('gave up waiting');
    setTimeout(() => controller.abort(new Error('lease lost')), 200);
    await expect(running).rejects.toThrow('lease lost');
    expect(await run(readers, 'echo', 'next')).toBe('next');
  });

  it('stops its children on close, failing what still waits', async () => {
    const readers = pool();
    const pid = (await run(readers, 'pid')) as number;
    const spinning = failureOf(run(readers, 'spin'));
    const waiting = failureOf(run(readers, 'echo', 'late'));
    await readers.close();
    expect(await waiting).toBeInstanceOf(ReaderUnavailableError);
    expect(await spinning).toBeInstanceOf(ReaderUnavailableError);
    expect(alive(pid)).toBe(false);
    expect(await failureOf(run(readers, 'echo'))).toBeInstanceOf(ReaderUnavailableError);
  });
});

describe('closing the pool', { timeout: 90_000 }, () => {
  it('holds its process open until its idle children have exited', async () => {
    const script = fileURLToPath(new URL('./testing/close-idle-pool.ts', import.meta.url));
    const { stdout } = await execute(
      process.execPath,
      [...childExecArgv(new URL(`file://${script}`), 256), script],
      {
        cwd: dir,
      },
    );
    expect(stdout).toBe('closed\n');
  });
});

describe('the sandbox over its pool', { timeout: 90_000 }, () => {
  it('reads files one after another in the same child', async () => {
    const sandbox = createSandbox({ limits: LIMITS, tmpDir: join(dir, 'scratch'), poolSize: 1 });
    try {
      for (const words of ['Notes on moss.', 'Notes on lichen.', 'Notes on ferns.']) {
        const result = await sandbox.run('extract', new TextEncoder().encode(words), {
          contentType: 'text/plain',
          name: 'notes.txt',
          options: {},
        });
        expect(result).toMatchObject({ kind: 'text', text: words });
      }
    } finally {
      await sandbox.close();
    }
  });
});
