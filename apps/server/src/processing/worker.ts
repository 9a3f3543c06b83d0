import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Job, JobRepository } from '../repositories/index.js';
import type { Clock } from '../services/clock.js';
import { PermanentJobError, publicErrorMessage } from './errors.js';
import type { ProcessingLog } from './pipeline.js';
import { DEFAULT_MAX_LEASE_EXPIRIES } from '../settings/jobs.js';

export interface WorkerSettings {
  /** Jobs run at once by this process. */
  concurrency: number;
  /** How long a claimed job stays this worker's without a renewal. */
  leaseSeconds: number;
  /** How often to look for due jobs when idle. */
  pollMs: number;
  /**
   * Takeovers of a job whose lease ran out before it is given up (JOB_MAX_LEASE_EXPIRIES,
   * DEFAULT_MAX_LEASE_EXPIRIES when not given): a job that kills the worker process itself (a
   * poison pill) would otherwise take every worker down, one after another, for ever.
   */
  maxLeaseExpiries?: number;
}

export type JobHandler = (subjectId: string, signal: AbortSignal) => Promise<void>;

/**
 * Called when a job of its kind fails for good, with the reason the author reads, before the job
 * is marked failed (so a worker that dies in between leaves the job to be given up again): it
 * must be idempotent. A post's job publishes the post with what was made (pipeline.ts).
 */
export type GiveUpHandler = (subjectId: string, reason: string) => Promise<void>;

/** Wait before retry n (1-based): 5 s, 10 s, 20 s, … capped at 10 minutes. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(600, 5 * 2 ** Math.max(0, attempt - 1));
}

export interface Worker {
  readonly id: string;
  start: () => void;
  /** Looks for due jobs now instead of at the next poll. */
  wake: () => void;
  /** Stops claiming and waits for the jobs in flight to finish. */
  stop: () => Promise<void>;
}

/**
 * Runs durable jobs: claims due ones with a lease, keeps the lease alive while a job runs, and
 * records the outcome — done, retried later with exponential backoff, or failed for good after
 * the job's attempts (at once for a PermanentJobError). The error kept is the one the author sees,
 * sanitized. A worker that dies mid-job leaves its lease to expire; another takes the job over,
 * which is not a failed attempt (job-repository.ts `claim`) unless it happens more than
 * `maxLeaseExpiries` times. A job given up is handed to its kind's give-up handler first.
 */
export function createWorker(deps: {
  jobs: JobRepository;
  handlers: Record<string, JobHandler>;
  giveUpHandlers?: Record<string, GiveUpHandler>;
  settings: WorkerSettings;
  now: Clock;
  log: ProcessingLog;
}): Worker {
  const { jobs, handlers, giveUpHandlers = {}, settings, now, log } = deps;
  // Only jobs this worker can run: another kind may be another process's alone (chain/owner.ts).
  const kinds = Object.keys(handlers);
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let looking = false;
  // Each claim holds the lease under its own name: a job this worker claims again after its
  // lease ran out (a stalled run on a busy machine) is a second run, and the first one's late
  // renewal, failure or completion must not land on the second's job.
  let claims = 0;

  const at = (offsetSeconds = 0) => new Date(now().getTime() + offsetSeconds * 1000).toISOString();

  async function run(job: Job, holder: string): Promise<void> {
    const handler = handlers[job.kind];
    const controller = new AbortController();
    const heartbeat = setInterval(
      () => {
        jobs.renewLease(job.id, holder, at(settings.leaseSeconds)).then(
          (kept) => {
            if (!kept) controller.abort(new Error('lease lost to another worker'));
          },
          (error: unknown) => log.warn(`renewing the lease of job ${job.id} failed`, error),
        );
      },
      Math.max(1000, (settings.leaseSeconds * 1000) / 3),
    );
    try {
      if (!handler) throw new Error(`no handler for jobs of kind ${job.kind}`);
      // Every worker that ran it died: the job itself is what kills them.
      if (job.leaseExpiries > (settings.maxLeaseExpiries ?? DEFAULT_MAX_LEASE_EXPIRIES)) {
        throw new PermanentJobError(
          `gave up: the worker running it stopped ${job.leaseExpiries} times`,
        );
      }
      // Queued once more after its last attempt only because giving it up failed (below).
      if (job.attempts > job.maxAttempts) {
        throw new PermanentJobError(job.lastError ?? `gave up after ${job.maxAttempts} attempts`);
      }
      await handler(job.subjectId, controller.signal);
      await jobs.complete(job.id, holder, at());
    } catch (error) {
      // The author reads this (a post's processing_error): no paths, no command lines, no stack.
      const reason = publicErrorMessage(error);
      // A bomb stays a bomb: trying it again would only spend the same limits again.
      let retry: { runAfter: string; giveUpNext?: boolean } | null =
        job.attempts < job.maxAttempts && !(error instanceof PermanentJobError)
          ? { runAfter: at(retryDelaySeconds(job.attempts)) }
          : null;
      log.warn(
        `job ${job.kind} ${job.subjectId} failed (attempt ${job.attempts} of ${job.maxAttempts})` +
          (retry ? `; retrying after ${retry.runAfter}` : '; giving up'),
        error,
      );
      if (!retry && !(await giveUp(job, holder, reason, controller.signal))) {
        // Not given up yet: queued again, and its next claim (past its attempts) gives it up.
        retry = { runAfter: at(retryDelaySeconds(job.attempts)), giveUpNext: true };
      }
      await jobs.fail(job.id, holder, reason, at(), retry);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Hands a job that failed for good to its kind's give-up handler, only while this worker still
   * holds it (a job queued again by an edit, or taken over, is another run's to finish). False
   * when the handler failed: the job must not be marked failed without it.
   */
  async function giveUp(
    job: Job,
    holder: string,
    reason: string,
    signal: AbortSignal,
  ): Promise<boolean> {
    const handler = giveUpHandlers[job.kind];
    if (!handler) return true;
    try {
      if (signal.aborted || !(await jobs.renewLease(job.id, holder, at(settings.leaseSeconds)))) {
        return true;
      }
      await handler(job.subjectId, reason);
      return true;
    } catch (error) {
      log.warn(`giving up job ${job.kind} ${job.subjectId} failed; trying again later`, error);
      return false;
    }
  }

  // The lookup under way: stop() waits for it, so a job it claims meanwhile is waited for too.
  let lookup: Promise<void> = Promise.resolve();

  /** Claims and starts jobs while there is room; runs one lookup at a time. */
  function look(): Promise<void> {
    if (looking || stopped) return lookup;
    looking = true;
    lookup = claimAndStart();
    return lookup;
  }

  async function claimAndStart(): Promise<void> {
    try {
      while (!stopped && inFlight.size < settings.concurrency) {
        claims += 1;
        const holder = `${id}#${claims}`;
        const job = await jobs.claim(holder, at(), at(settings.leaseSeconds), kinds);
        if (!job) break;
        const running = run(job, holder).finally(() => {
          inFlight.delete(running);
          // A finished job frees a place: look again without waiting for the poll.
          void look().catch(() => undefined);
        });
        inFlight.add(running);
      }
    } catch (error) {
      log.warn('looking for jobs failed; trying again at the next poll', error);
    } finally {
      looking = false;
    }
  }

  return {
    id,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void look(), settings.pollMs);
      void look();
    },
    wake() {
      void look();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await lookup;
      await Promise.allSettled([...inFlight]);
    },
  };
}
