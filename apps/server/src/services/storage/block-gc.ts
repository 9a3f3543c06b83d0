import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { StorageRepository } from '../../repositories/index.js';
import type { ContentStore, GarbageCollection } from '../../storage/index.js';
import type { Clock } from '../clock.js';

/** The lease row's name (maintenance_leases). */
export const BLOCK_GC_LEASE = 'block-gc';
/** How long a run may hold the lease without renewing it; a dead run frees it after this. */
const LEASE_SECONDS = 15 * 60;
/** How often a run renews its lease. */
const RENEW_EVERY_MS = (LEASE_SECONDS / 3) * 1000;

export type BlockGc = ReturnType<typeof createBlockGc>;

export interface BlockGcRun extends GarbageCollection {
  startedAt: string;
  finishedAt: string;
}

/**
 * The block garbage collector as a chore of the whole deployment: any process may start it, one
 * at a time runs it (a lease row, taken in one statement, so it holds on PostgreSQL across
 * processes as on SQLite), and a scheduled run happens once per interval however many processes
 * schedule it (a run is due only when the last completed one started an interval ago).
 */
export function createBlockGc(deps: {
  store: ContentStore;
  storage: StorageRepository;
  now: Clock;
  /** BLOCK_GC_GRACE_SECONDS: blocks written or used more recently are never collected. */
  graceSeconds: number;
  /** BLOCK_GC_INTERVAL_SECONDS: how often a scheduled run is due; 0 turns scheduling off. */
  intervalSeconds: number;
}) {
  const { store, storage, now, graceSeconds, intervalSeconds } = deps;
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const at = (offsetSeconds = 0) => new Date(now().getTime() + offsetSeconds * 1000).toISOString();

  return {
    intervalSeconds,

    /**
     * Runs a collection unless another process is running one (or, with `onlyIfDue`, the last
     * completed one started less than an interval ago); null when it did not run. `signal` stops a
     * run between shard folders.
     */
    async run(options: { onlyIfDue?: boolean; signal?: AbortSignal } = {}) {
      const startedAt = at();
      const taken = await storage.tryLease(BLOCK_GC_LEASE, holder, {
        now: startedAt,
        until: at(LEASE_SECONDS),
        lastRunBefore: options.onlyIfDue ? at(-intervalSeconds) : undefined,
      });
      if (!taken) return null;

      const stop = new AbortController();
      const onAbort = () => stop.abort(options.signal?.reason);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      // A run that loses its lease (its renewals failed for a whole lease) stops: another process
      // may have taken over.
      const renewal = setInterval(() => {
        storage.renewLease(BLOCK_GC_LEASE, holder, at(LEASE_SECONDS)).then(
          (held) => {
            if (!held) stop.abort(new Error('the garbage collector lost its lease'));
          },
          () => undefined,
        );
      }, RENEW_EVERY_MS);
      renewal.unref();
      let finished = false;
      try {
        const result = await store.collectGarbage({
          roots: storage.recordedRoots(),
          cutoff: new Date(now().getTime() - graceSeconds * 1000),
          signal: stop.signal,
        });
        finished = true;
        return { ...result, startedAt, finishedAt: at() } satisfies BlockGcRun;
      } finally {
        clearInterval(renewal);
        options.signal?.removeEventListener('abort', onAbort);
        // A completed run is dated by its start, so the next one is due an interval after it.
        await storage.endLease(BLOCK_GC_LEASE, holder, finished ? startedAt : undefined);
      }
    },
  };
}
