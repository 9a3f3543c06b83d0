import { sql, type Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { Dialect, Executor } from './database.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Job {
  id: string;
  kind: string;
  subjectId: string;
  status: JobStatus;
  /** Runs claimed from the queue; a takeover of an expired lease continues the run it took over. */
  attempts: number;
  maxAttempts: number;
  /** Times the job was taken over after its lease ran out (its worker died or stalled). */
  leaseExpiries: number;
  runAfter: string;
  leaseUntil: string | null;
  lockedBy: string | null;
  lastError: string | null;
}

export interface NewJob {
  id: string;
  kind: string;
  subjectId: string;
  maxAttempts: number;
  at: string;
}

interface JobRow {
  id: string;
  kind: string;
  subject_id: string;
  status: JobStatus;
  attempts: number | string;
  max_attempts: number | string;
  lease_expiries: number | string;
  run_after: string;
  lease_until: string | null;
  locked_by: string | null;
  last_error: string | null;
}

const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  subjectId: row.subject_id,
  status: row.status,
  attempts: Number(row.attempts),
  maxAttempts: Number(row.max_attempts),
  leaseExpiries: Number(row.lease_expiries),
  runAfter: row.run_after,
  leaseUntil: row.lease_until,
  lockedBy: row.locked_by,
  lastError: row.last_error,
});

/** Writes a job inside the caller's transaction, so the job exists exactly when its subject does. */
export async function enqueueJob(trx: Executor, job: NewJob): Promise<void> {
  await trx.insertInto('jobs').values(newJobRow(job)).execute();
}

/** The row of a job queued now: every insert of a job writes exactly this. */
export function newJobRow(job: NewJob) {
  return {
    id: job.id,
    kind: job.kind,
    subject_id: job.subjectId,
    status: 'queued' as const,
    max_attempts: job.maxAttempts,
    run_after: job.at,
    created_at: job.at,
    updated_at: job.at,
  };
}

/**
 * Queues the subject's job again (a post edited after its analysis), inside the caller's
 * transaction: one job row per kind and subject, back to `queued` with fresh attempts, or written
 * if it never was. A worker still running the old round loses its lease: its completion (matched by
 * `locked_by`) no longer lands, and the next claim runs the job from the start.
 */
export async function requeueJob(trx: Transaction<DatabaseSchema>, job: NewJob): Promise<void> {
  await trx
    .insertInto('jobs')
    .values(newJobRow(job))
    .onConflict((conflict) =>
      conflict.columns(['kind', 'subject_id']).doUpdateSet(requeuedJobRow(job.maxAttempts, job.at)),
    )
    .execute();
}

/**
 * Queues the subject's job inside the caller's transaction unless it is queued already: every
 * write while it waits for a worker joins that one run, which reads what they all wrote (a post's
 * related-post refresh, issue 31: under a burst of uploads the wait is the window). A job running
 * now, done or failed is queued again as `requeueJob` does (the run in progress completes
 * nothing, so what it read before this write is not what stays).
 */
export async function coalesceJob(trx: Transaction<DatabaseSchema>, job: NewJob): Promise<void> {
  await queueAgainUnless(trx, job, ['queued']);
}

/**
 * Writes the job's row, or queues the existing one again (`requeuedJobRow`) unless its status is
 * one of `keep`: the upsert coalesceJob and requeueIdle differ in `keep` alone.
 */
async function queueAgainUnless(db: Executor, job: NewJob, keep: JobStatus[]): Promise<void> {
  await db
    .insertInto('jobs')
    .values(newJobRow(job))
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'subject_id'])
        .doUpdateSet(requeuedJobRow(job.maxAttempts, job.at))
        .where('jobs.status', 'not in', keep),
    )
    .execute();
}

/**
 * What a job's row becomes when it is queued again: fresh attempts, no lease, no error. Every
 * upsert that re-queues a job (requeueJob, coalesceJob, requeueIdle, notification emails) sets
 * exactly this.
 */
export function requeuedJobRow(maxAttempts: number, at: string) {
  return {
    status: 'queued' as const,
    attempts: 0,
    lease_expiries: 0,
    max_attempts: maxAttempts,
    run_after: at,
    lease_until: null,
    locked_by: null,
    last_error: null,
    updated_at: at,
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;

export function createJobRepository(db: AppDatabase, dialect: Dialect) {
  return {
    /**
     * Takes the next due job — queued and due, or running with an expired lease (its worker
     * died) — and leases it to `holder` (one claim of one worker), in one statement. A job from the queue starts a new
     * attempt; one taken over from an expired lease continues the attempt its worker died in
     * and counts a lease expiry instead: files are parsed in a sandboxed child
     * (processing/sandbox), so a worker's death says nothing about the job, and a server killed
     * again and again must not use up its attempts (the worker caps lease expiries on their
     * own, for a job that kills its worker itself). On PostgreSQL the candidate row is
     * locked with SKIP LOCKED so concurrent workers pass over each other's picks; on SQLite the
     * single writer makes the statement atomic. With `kinds`, only jobs of those kinds: a worker
     * takes only what it can run (the chain owner's transfers are its alone).
     */
    async claim(
      holder: string,
      now: string,
      leaseUntil: string,
      kinds?: readonly string[],
    ): Promise<Job | undefined> {
      const skipLocked = dialect === 'postgres' ? sql`for update skip locked` : sql``;
      const ofKinds =
        kinds === undefined
          ? sql``
          : kinds.length === 0
            ? sql`and false`
            : sql`and kind in (${sql.join(kinds)})`;
      const { rows } = await sql<JobRow>`
        update jobs
        set status = 'running', locked_by = ${holder}, lease_until = ${leaseUntil},
            attempts = case when status = 'queued' then attempts + 1 else attempts end,
            lease_expiries = case when status = 'running' then lease_expiries + 1
                                  else lease_expiries end,
            updated_at = ${now}
        where id = (
          select id from jobs
          where ((status = 'queued' and run_after <= ${now})
             or (status = 'running' and lease_until < ${now}))
             ${ofKinds}
          order by run_after, id
          limit 1
          ${skipLocked}
        )
        returning id, kind, subject_id, status, attempts, max_attempts, lease_expiries,
                  run_after, lease_until, locked_by, last_error`.execute(db);
      const row = rows[0];
      return row && toJob(row);
    },

    /** Queues a job on its own (its subject is written already); a second one is ignored. */
    async enqueue(job: NewJob): Promise<void> {
      await db
        .insertInto('jobs')
        .values(newJobRow(job))
        .onConflict((conflict) => conflict.columns(['kind', 'subject_id']).doNothing())
        .execute();
    },

    /**
     * Queues the subject's job again unless it is queued or running already (then that run sees
     * what was written, or the next queueing does): for sweeps that any write may call for.
     */
    async requeueIdle(job: NewJob): Promise<void> {
      await queueAgainUnless(db, job, ['queued', 'running']);
    },

    /**
     * Sends the subject's job back to the queue until `runAfter`, whatever its state: a job that
     * finds, while it runs, that it is early (an email that must wait) asks to run again then.
     * The run in progress then completes nothing (its lease is gone), as with `requeueJob`.
     */
    async runAgainAt(kind: string, subjectId: string, runAfter: string, at: string) {
      await db
        .updateTable('jobs')
        .set({
          status: 'queued',
          attempts: 0,
          lease_expiries: 0,
          run_after: runAfter,
          lease_until: null,
          locked_by: null,
          last_error: null,
          updated_at: at,
        })
        .where('kind', '=', kind)
        .where('subject_id', '=', subjectId)
        .execute();
    },

    /** Extends the lease of a job this worker still holds; false when it lost it. */
    async renewLease(id: string, holder: string, leaseUntil: string): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('locked_by', '=', holder)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async complete(id: string, holder: string, at: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({ status: 'done', lease_until: null, last_error: null, updated_at: at })
        .where('id', '=', id)
        .where('locked_by', '=', holder)
        .where('status', '=', 'running')
        .execute();
    },

    /**
     * Back to the queue until `runAfter`, or `failed` for good, with the error kept. With
     * `giveUpNext`, its attempts are used up, so its next claim gives it up without running it
     * (the worker could not finish giving it up this time).
     */
    async fail(
      id: string,
      holder: string,
      error: string,
      at: string,
      retry: { runAfter: string; giveUpNext?: boolean } | null,
    ): Promise<void> {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          status: retry ? 'queued' : 'failed',
          run_after: retry?.runAfter ?? at,
          lease_until: null,
          last_error: error,
          updated_at: at,
          ...(retry?.giveUpNext && { attempts: eb.ref('max_attempts') }),
        }))
        .where('id', '=', id)
        .where('locked_by', '=', holder)
        .where('status', '=', 'running')
        .execute();
    },

    async findBySubject(kind: string, subjectId: string): Promise<Job | undefined> {
      const row = await db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', kind)
        .where('subject_id', '=', subjectId)
        .executeTakeFirst();
      return row && toJob(row);
    },
  };
}
