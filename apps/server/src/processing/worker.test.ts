import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../test/helpers.js';
import { enqueueJob, requeueJob } from '../repositories/job-repository.js';
import { createRepositories, type JobRepository } from '../repositories/index.js';
import { ResourceLimitError } from './errors.js';
import { createWorker, retryDelaySeconds, type JobHandler } from './worker.js';

const silent = { info: () => {}, warn: () => {} };

function jobsOf(testApp: TestApp): JobRepository {
  return createRepositories(testApp.app.db, testApp.config.database.dialect).jobs;
}

async function enqueue(testApp: TestApp, subjectId: string, maxAttempts = 3): Promise<void> {
  const at = testApp.clock.now().toISOString();
  await testApp.app.db
    .transaction()
    .execute((trx) =>
      enqueueJob(trx, { id: randomUUID(), kind: 'test', subjectId, maxAttempts, at }),
    );
}

const iso = (testApp: TestApp, offsetSeconds = 0) =>
  new Date(testApp.clock.now().getTime() + offsetSeconds * 1000).toISOString();

/** Waits until `check` holds, polling; the worker runs on real timers. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('retryDelaySeconds', () => {
  it('doubles from 5 s and stops at 10 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(30)).toBe(600);
  });
});

describeEachDatabase('jobs', (db) => {
  it('claims due jobs once, skips future ones, and lets an expired lease be taken over', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'a');
    const first = await jobs.claim('w1', iso(testApp), iso(testApp, 60));
    expect(first).toMatchObject({
      subjectId: 'a',
      status: 'running',
      attempts: 1,
      leaseExpiries: 0,
      lockedBy: 'w1',
    });
    expect(await jobs.claim('w2', iso(testApp), iso(testApp, 60))).toBeUndefined();

    // w1 died: once its lease ran out, w2 takes the job over, and w1 can no longer renew it.
    // The takeover continues w1's attempt: a worker's death is not the job's failure.
    testApp.clock.advance(61);
    const takeover = await jobs.claim('w2', iso(testApp), iso(testApp, 60));
    expect(takeover).toMatchObject({
      subjectId: 'a',
      attempts: 1,
      leaseExpiries: 1,
      lockedBy: 'w2',
    });
    expect(await jobs.renewLease(takeover?.id ?? '', 'w1', iso(testApp, 60))).toBe(false);
    expect(await jobs.renewLease(takeover?.id ?? '', 'w2', iso(testApp, 60))).toBe(true);

    // A late completion by w1 changes nothing; w2's does.
    await jobs.complete(takeover?.id ?? '', 'w1', iso(testApp));
    expect((await jobs.findBySubject('test', 'a'))?.status).toBe('running');
    await jobs.complete(takeover?.id ?? '', 'w2', iso(testApp));
    expect((await jobs.findBySubject('test', 'a'))?.status).toBe('done');
  });

  /** Claims the job as a worker that dies at once, and lets its lease run out: `times` times. */
  async function killWorkers(testApp: TestApp, times: number): Promise<void> {
    const jobs = jobsOf(testApp);
    for (let death = 1; death <= times; death += 1) {
      expect(await jobs.claim(`dead-${death}`, iso(testApp), iso(testApp, 60))).toBeDefined();
      testApp.clock.advance(61);
    }
  }

  it('runs a job whose workers died more often than it has attempts: a death is no failed attempt', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'survivor', 2);
    await killWorkers(testApp, 3);
    let calls = 0;
    const givenUp: string[] = [];
    const worker = createWorker({
      jobs,
      handlers: {
        test: async () => {
          calls += 1;
        },
      },
      giveUpHandlers: { test: async (subject) => void givenUp.push(subject) },
      settings: { concurrency: 1, leaseSeconds: 30, pollMs: 10, maxLeaseExpiries: 3 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    try {
      await eventually(
        async () => (await jobs.findBySubject('test', 'survivor'))?.status === 'done',
      );
    } finally {
      await worker.stop();
    }
    expect(calls).toBe(1);
    expect(givenUp).toEqual([]);
    expect(await jobs.findBySubject('test', 'survivor')).toMatchObject({
      status: 'done',
      attempts: 1,
      leaseExpiries: 3,
    });
  });

  it('gives up a job whose workers keep dying past the cap, through its give-up handler', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'pill', 5);
    await killWorkers(testApp, 3);
    let calls = 0;
    const givenUp: [string, string][] = [];
    const worker = createWorker({
      jobs,
      handlers: {
        test: async () => {
          calls += 1;
        },
      },
      giveUpHandlers: { test: async (subject, reason) => void givenUp.push([subject, reason]) },
      settings: { concurrency: 1, leaseSeconds: 30, pollMs: 10, maxLeaseExpiries: 2 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    try {
      await eventually(async () => (await jobs.findBySubject('test', 'pill'))?.status === 'failed');
    } finally {
      await worker.stop();
    }
    const reason = 'gave up: the worker running it stopped 3 times';
    // Never run again: it is what kills its workers.
    expect(calls).toBe(0);
    expect(givenUp).toEqual([['pill', reason]]);
    expect(await jobs.findBySubject('test', 'pill')).toMatchObject({
      status: 'failed',
      attempts: 1,
      leaseExpiries: 3,
      lastError: reason,
    });
  });

  it('gives a job up again when its give-up handler failed, with the first reason', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'bomb', 5);
    let calls = 0;
    const givenUp: string[] = [];
    const worker = createWorker({
      jobs,
      handlers: {
        test: async () => {
          calls += 1;
          throw new ResourceLimitError('inflate', 'bomb.docx: too large');
        },
      },
      giveUpHandlers: {
        test: async (_subject, reason) => {
          givenUp.push(reason);
          if (givenUp.length === 1) throw new Error('database unavailable');
        },
      },
      settings: { concurrency: 1, leaseSeconds: 30, pollMs: 10 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    try {
      await eventually(async () => givenUp.length === 1);
      await eventually(async () => (await jobs.findBySubject('test', 'bomb'))?.status === 'queued');
      testApp.clock.advance(retryDelaySeconds(1));
      worker.wake();
      await eventually(async () => (await jobs.findBySubject('test', 'bomb'))?.status === 'failed');
    } finally {
      await worker.stop();
    }
    // The bomb was read once; giving it up was tried twice.
    expect(calls).toBe(1);
    expect(givenUp).toEqual(['bomb.docx: too large', 'bomb.docx: too large']);
    expect(await jobs.findBySubject('test', 'bomb')).toMatchObject({
      status: 'failed',
      lastError: 'bomb.docx: too large',
    });
  });

  it('does not give up a job it no longer holds (queued again by an edit meanwhile)', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'edited', 1);
    const givenUp: string[] = [];
    const worker = createWorker({
      jobs,
      handlers: {
        test: async () => {
          // The author edits the post while this run reads it: the job is queued afresh.
          const at = iso(testApp, 3600);
          await testApp.app.db.transaction().execute((trx) =>
            requeueJob(trx, {
              id: randomUUID(),
              kind: 'test',
              subjectId: 'edited',
              maxAttempts: 1,
              at,
            }),
          );
          throw new ResourceLimitError('inflate', 'old.docx: too large');
        },
      },
      giveUpHandlers: { test: async (subject) => void givenUp.push(subject) },
      settings: { concurrency: 1, leaseSeconds: 30, pollMs: 10 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    try {
      await eventually(
        async () => (await jobs.findBySubject('test', 'edited'))?.status === 'queued',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await worker.stop();
    }
    expect(givenUp).toEqual([]);
    expect(await jobs.findBySubject('test', 'edited')).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: null,
    });
  });

  it('keeps a job done when its stalled first run, claimed again by the same worker, fails late', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'stalled', 5);
    let calls = 0;
    let releaseFirst = () => {};
    const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve));
    const worker = createWorker({
      jobs,
      handlers: {
        test: async () => {
          calls += 1;
          if (calls > 1) return;
          // The first run stalls past its lease (a busy machine): the same worker, with a free
          // place, claims the job again and finishes it; then the first run fails.
          testApp.clock.advance(31);
          await firstReleased;
          throw new Error('the stalled run gave up');
        },
      },
      settings: { concurrency: 2, leaseSeconds: 30, pollMs: 10 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    try {
      await eventually(
        async () => (await jobs.findBySubject('test', 'stalled'))?.status === 'done',
      );
      releaseFirst();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await worker.stop();
    }
    expect(calls).toBe(2);
    expect(await jobs.findBySubject('test', 'stalled')).toMatchObject({
      status: 'done',
      lastError: null,
    });
  });

  it('gives each of 40 jobs to exactly one of four concurrent claimers', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    for (let index = 0; index < 40; index += 1) await enqueue(testApp, `job-${index}`);
    const claimed: string[][] = [[], [], [], []];
    await Promise.all(
      claimed.map(async (mine, worker) => {
        for (;;) {
          const job = await jobs.claim(`w${worker}`, iso(testApp), iso(testApp, 60));
          if (!job) return;
          mine.push(job.subjectId);
        }
      }),
    );
    const all = claimed.flat();
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
  });

  it('retries a failing job with backoff, then marks it failed with its error', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'flaky', 3);
    let calls = 0;
    const handler: JobHandler = async () => {
      calls += 1;
      throw new Error(`boom ${calls}`);
    };
    const worker = createWorker({
      jobs,
      handlers: { test: handler },
      settings: { concurrency: 1, leaseSeconds: 30, pollMs: 10 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    try {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await eventually(async () => calls === attempt);
        await eventually(
          async () => (await jobs.findBySubject('test', 'flaky'))?.status !== 'running',
        );
        const job = await jobs.findBySubject('test', 'flaky');
        expect(job?.lastError).toBe(`boom ${attempt}`);
        if (attempt < 3) {
          expect(job?.status).toBe('queued');
          expect(job?.runAfter).toBe(iso(testApp, retryDelaySeconds(attempt)));
          // Not due yet: nothing runs until the clock reaches run_after.
          await new Promise((resolve) => setTimeout(resolve, 50));
          expect(calls).toBe(attempt);
          testApp.clock.advance(retryDelaySeconds(attempt));
        } else {
          expect(job?.status).toBe('failed');
        }
      }
    } finally {
      await worker.stop();
    }
    expect(calls).toBe(3);
  });

  it('fails a job at once, without retrying, when its error is permanent', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'bomb', 5);
    let calls = 0;
    const worker = createWorker({
      jobs,
      handlers: {
        test: async () => {
          calls += 1;
          throw new ResourceLimitError('inflate', 'bomb.docx: the Word document is too large');
        },
      },
      settings: { concurrency: 1, leaseSeconds: 30, pollMs: 10 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    try {
      await eventually(async () => (await jobs.findBySubject('test', 'bomb'))?.status === 'failed');
      // Even with the clock past every backoff, it is never tried again.
      testApp.clock.advance(3600);
      worker.wake();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await worker.stop();
    }
    expect(calls).toBe(1);
    expect(await jobs.findBySubject('test', 'bomb')).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'bomb.docx: the Word document is too large',
    });
  });

  it('keeps no paths, command lines or stack in the error it records', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'leaky', 1);
    const error = new Error(
      'Command failed: ffmpeg -v error -ss 1 -i /srv/symposia/data/tmp/video-x1/source -f image2pipe pipe:1\n' +
        "/srv/symposia/data/tmp/video-x1/source: Invalid data found when processing input; ENOENT: no such file or directory, open 'C:\\data\\tmp\\in.pdf' (file:///srv/symposia/x.js)",
    );
    const worker = createWorker({
      jobs,
      handlers: {
        test: async () => {
          throw error;
        },
      },
      settings: { concurrency: 1, leaseSeconds: 30, pollMs: 10 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    try {
      await eventually(
        async () => (await jobs.findBySubject('test', 'leaky'))?.status === 'failed',
      );
    } finally {
      await worker.stop();
    }
    const { lastError } = (await jobs.findBySubject('test', 'leaky')) ?? {};
    expect(lastError).toBe(
      "a command failed [path]: Invalid data found when processing input; ENOENT: no such file or directory, open '[path]' ([path])",
    );
    expect(lastError).not.toMatch(/srv|ffmpeg|video-x1|\bat\s/);
  });

  it('completes a job that succeeds after a failure, and stop waits for jobs in flight', async () => {
    const testApp = await db.buildApp();
    const jobs = jobsOf(testApp);
    await enqueue(testApp, 'second-time-lucky');
    let calls = 0;
    let finished = false;
    const worker = createWorker({
      jobs,
      handlers: {
        test: async () => {
          calls += 1;
          if (calls === 1) throw new Error('first try fails');
          await new Promise((resolve) => setTimeout(resolve, 100));
          finished = true;
        },
      },
      settings: { concurrency: 2, leaseSeconds: 30, pollMs: 10 },
      now: testApp.clock.now,
      log: silent,
    });
    worker.start();
    // Queued again after the failed first try (it was queued before that try too).
    await eventually(
      async () =>
        calls === 1 && (await jobs.findBySubject('test', 'second-time-lucky'))?.status === 'queued',
    );
    testApp.clock.advance(retryDelaySeconds(1));
    await eventually(async () => calls === 2);
    await worker.stop();
    expect(finished).toBe(true);
    expect(await jobs.findBySubject('test', 'second-time-lucky')).toMatchObject({
      status: 'done',
      attempts: 2,
    });
  });
});
