import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Job, JobRepository } from '../repositories/index.js';
import type { Clock } from '../services/clock.js';
import { PermanentJobError, publicErrorMessage } from './errors.js';
import type { ProcessingLog } from './pipeline.js';

export interface WorkerSettings {
  /** Jobs run at once by this process. */
  concurrency: number;
  /** How long a claimed job stays this worker's without a renewal. */
  leaseSeconds: number;
  /** How often to look for due jobs when idle. */
  pollMs: number;
}

export type JobHandler = (subjectId: string, signal: AbortSignal) => Promise<void>;

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
 * sanitized. A worker that dies mid-job leaves its lease to expire; another claims it.
 */
export function createWorker(deps: {
  jobs: JobRepository;
  handlers: Record<string, JobHandler>;
  settings: WorkerSettings;
  now: Clock;
  log: ProcessingLog;
}): Worker {
  const { jobs, handlers, settings, now, log } = deps;
  // Only jobs this worker can run: another kind may be another process's alone (chain/owner.ts).
  const kinds = Object.keys(handlers);
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let looking = false;

  const at = (offsetSeconds = 0) => new Date(now().getTime() + offsetSeconds * 1000).toISOString();

  async function run(job: Job): Promise<void> {
    const handler = handlers[job.kind];
    const controller = new AbortController();
    const heartbeat = setInterval(
      () => {
        jobs.renewLease(job.id, id, at(settings.leaseSeconds)).then(
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
      // Claimed again after its worker died too often: it is not going to succeed.
      if (job.attempts > job.maxAttempts) {
        throw new Error(`gave up after ${job.maxAttempts} attempts`);
      }
      await handler(job.subjectId, controller.signal);
      await jobs.complete(job.id, id, at());
    } catch (error) {
      // The author reads this (a post's processing_error): no paths, no command lines, no stack.
      const reason = publicErrorMessage(error);
      // A bomb stays a bomb: trying it again would only spend the same limits again.
      const retry =
        job.attempts < job.maxAttempts && !(error instanceof PermanentJobError)
          ? { runAfter: at(retryDelaySeconds(job.attempts)) }
          : null;
      log.warn(
        `job ${job.kind} ${job.subjectId} failed (attempt ${job.attempts} of ${job.maxAttempts})` +
          (retry ? `; retrying after ${retry.runAfter}` : '; giving up'),
        error,
      );
      await jobs.fail(job.id, id, reason, at(), retry);
    } finally {
      clearInterval(heartbeat);
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
        const job = await jobs.claim(id, at(), at(settings.leaseSeconds), kinds);
        if (!job) break;
        const running = run(job).finally(() => {
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
