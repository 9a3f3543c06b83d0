import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReaderUnavailableError, ResourceLimitError } from '../errors.js';
import { docxBomb } from '../extract/testing/bombs.js';
import { createSandbox, runInChild } from './sandbox.js';

const MISBEHAVING = new URL('./testing/misbehaving-child.ts', import.meta.url);
// Generous time, so that a loaded machine never turns another test into a timeout.
const LIMITS = { timeoutMs: 60_000, memoryMb: 160 };
const IMPATIENT = { ...LIMITS, timeoutMs: 2_000 };
const SLOW_START = new URL('./testing/slow-start-child.ts', import.meta.url);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'symposia-sandbox-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = (kind: string, input: unknown = null, signal?: AbortSignal, limits = LIMITS) =>
  runInChild<unknown>(MISBEHAVING, { kind, input }, limits, { cwd: dir, signal });

async function limitOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ResourceLimitError);
  return (error as ResourceLimitError).limit;
}

describe('runInChild', () => {
  it('answers with what the child returns', async () => {
    expect(await run('echo', { bytes: Buffer.from('ok') })).toEqual({ bytes: Buffer.from('ok') });
  });

  it('gives the child no secrets from the environment', async () => {
    process.env.SYMPOSIA_TEST_SECRET = 'hunter2';
    try {
      const keys = (await run('environment')) as string[];
      expect(keys).not.toContain('SYMPOSIA_TEST_SECRET');
      expect(keys).toEqual(expect.arrayContaining(['PATH']));
    } finally {
      delete process.env.SYMPOSIA_TEST_SECRET;
    }
  });

  it('kills a child that runs past the wall-clock limit, while this process keeps running', async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    try {
      const error = await run('spin', null, undefined, IMPATIENT).catch(
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(ResourceLimitError);
      expect(error).toMatchObject({ limit: 'time', message: 'reading it took longer than 2 s' });
    } finally {
      clearInterval(ticker);
    }
    // The parent's event loop was free the whole time the child spun.
    expect(ticks).toBeGreaterThan(20);
  });

  it("counts the file's time from when the child is ready, not while it loads", async () => {
    const quick = { ...LIMITS, timeoutMs: 1_000 };
    const answer = runInChild(SLOW_START, { kind: 'echo', input: 'read' }, quick, { cwd: dir });
    expect(await answer).toBe('read');
  });

  it('gives up on a child that does not get ready within its start allowance', async () => {
    const hasty = { ...LIMITS, startTimeoutMs: 300 };
    const error = await runInChild(SLOW_START, { kind: 'echo', input: null }, hasty, {
      cwd: dir,
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ReaderUnavailableError);
    expect(error).toMatchObject({ message: 'the file reader did not start within 0.3 s' });
  });

  it(
    'kills a child whose buffers (outside the JS heap) pass the memory limit',
    { timeout: 90_000 },
    async () => {
      const error = await run('buffers').catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(ResourceLimitError);
      expect(error).toMatchObject({
        limit: 'memory',
        message: 'reading it needed more than 160 MB of memory',
      });
    },
  );

  it('stops a child whose JS heap passes the memory limit', { timeout: 90_000 }, async () => {
    expect(await limitOf(run('heap'))).toBe('memory');
  });

  it('turns a crashed child into a permanent failure', async () => {
    expect(await limitOf(run('crash'))).toBe('crash');
  });

  it('passes on the message of a task that fails, as an ordinary error', async () => {
    const error = await run('throw').catch((reason: unknown) => reason);
    expect(error).not.toBeInstanceOf(ResourceLimitError);
    expect((error as Error).message).toBe('the parser gave up');
  });

  it('kills the child when the job is aborted (its lease was lost)', async () => {
    const controller = new AbortController();
    const running = run('spin', null, controller.signal);
    setTimeout(() => controller.abort(new Error('lease lost')), 200);
    await expect(running).rejects.toThrow('lease lost');
  });
});

describe('createSandbox', () => {
  it('extracts in a child within its limits and removes its scratch files', async () => {
    const tmpDir = join(dir, 'scratch');
    const sandbox = createSandbox({ limits: LIMITS, tmpDir });
    const result = await sandbox.run('extract', new TextEncoder().encode('Notes on moss.'), {
      contentType: 'text/plain',
      name: 'notes.txt',
      options: {},
    });
    expect(result).toMatchObject({ kind: 'text', text: 'Notes on moss.' });
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('stops a 1 GiB DOCX bomb at its XML budget inside a reader allowed 160 MB', async () => {
    // Were the XML inflated whole, the reader would be killed for its memory instead.
    const sandbox = createSandbox({ limits: LIMITS, tmpDir: join(dir, 'scratch') });
    const result = await sandbox.run('extract', docxBomb(1024, { declaredSize: 2048 }), {
      contentType: DOCX,
      name: 'bomb.docx',
      options: {},
    });
    expect(result).toMatchObject({ kind: 'docx', text: '', limitExceeded: true });
    expect(result.error).toMatch(/unpacks to more than 32 MiB/);
  });
});
