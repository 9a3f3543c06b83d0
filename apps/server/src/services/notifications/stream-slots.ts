/**
 * Places for live notification streams: at most `perMember` open at once per member and
 * `perAddress` per client address (services/rate-limit/client-address.ts), counted across every
 * server process that shares the count. Each stream holds one place from the moment it is let in
 * until it ends.
 *
 * Where the count lives is chosen by the engines (app.ts): in Redis with REDIS_URL
 * (redis/stream-slots.ts), else in PostgreSQL (repositories/notification-stream-repository.ts),
 * else in this process (SQLite: one process). A shared count is kept with leases: the process
 * renews its streams' leases while they are open, so the places of a process that died without
 * closing its streams come free when their leases run out instead of never.
 */

export interface StreamOwner {
  memberId: string;
  /** The client address as every per-address limit counts it (`addressKey`). */
  address: string;
}

export interface StreamCaps {
  /** NOTIFICATIONS_STREAMS_PER_MEMBER */
  perMember: number;
  /** NOTIFICATIONS_STREAMS_PER_ADDRESS */
  perAddress: number;
}

/** Which cap a refused stream met. */
export type StreamRefusal = 'member' | 'address';

export interface StreamSlots {
  /** Takes a place for stream `id`: null when taken, else which cap is full (nothing taken). */
  take(id: string, owner: StreamOwner): Promise<StreamRefusal | null>;
  /** The stream ended: its place comes free (idempotent; never throws). */
  give(id: string): void;
  /** The process is closing: renewals stop and every place still held is given back. */
  close(): Promise<void>;
}

/** A shared count of leased places (Redis or PostgreSQL). */
export interface StreamLeaseStore {
  /**
   * Takes a place leased for `leaseMs` unless a cap is full; places whose lease ran out do not
   * count. Atomic: of any number of concurrent takes, from any processes, none passes a cap.
   */
  take(
    id: string,
    owner: StreamOwner,
    caps: StreamCaps,
    leaseMs: number,
  ): Promise<StreamRefusal | null>;
  /** Extends the leases of these streams' places, those still held (a lapsed one stays gone). */
  renew(streams: { id: string; owner: StreamOwner }[], leaseMs: number): Promise<void>;
  give(id: string, owner: StreamOwner): Promise<void>;
}

/** The count in this process alone: SQLite's one process, or a shared store's fallback. */
export function createInProcessSlots(caps: StreamCaps): StreamSlots {
  const owners = new Map<string, StreamOwner>();
  const perMember = new Map<string, number>();
  const perAddress = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const count = (counts.get(key) ?? 0) + by;
    if (count > 0) counts.set(key, count);
    else counts.delete(key);
  };
  const give = (id: string) => {
    const owner = owners.get(id);
    if (!owner) return;
    owners.delete(id);
    add(perMember, owner.memberId, -1);
    add(perAddress, owner.address, -1);
  };
  return {
    async take(id, owner) {
      if ((perMember.get(owner.memberId) ?? 0) >= caps.perMember) return 'member';
      if ((perAddress.get(owner.address) ?? 0) >= caps.perAddress) return 'address';
      owners.set(id, owner);
      add(perMember, owner.memberId, 1);
      add(perAddress, owner.address, 1);
      return null;
    },
    give,
    async close() {
      for (const id of [...owners.keys()]) give(id);
    },
  };
}

/** How long a place is held without renewal: a dead process's places come free within it. */
export const STREAM_LEASE_MS = 60_000;

export interface LeasedSlotsOptions {
  store: StreamLeaseStore;
  caps: StreamCaps;
  /** STREAM_LEASE_MS unless a test shortens it; renewed every third of it. */
  leaseMs?: number;
  /** A store call failed (logged): the place is counted in this process meanwhile. */
  warn: (message: string, error: unknown) => void;
}

/**
 * Places in a shared store, with this process's leases renewed on a timer. Should the store
 * fail when a stream opens, the stream is counted in this process instead (the caps then hold
 * per process, as on one server), rather than letting every stream in or none.
 */
export function createLeasedSlots(options: LeasedSlotsOptions): StreamSlots {
  const { store, caps, warn } = options;
  const leaseMs = options.leaseMs ?? STREAM_LEASE_MS;
  const fallback = createInProcessSlots(caps);
  const held = new Map<string, StreamOwner>();
  const local = new Set<string>();

  let renewing: Promise<void> | null = null;
  const renew = () => {
    if (renewing || held.size === 0) return;
    const streams = [...held].map(([id, owner]) => ({ id, owner }));
    renewing = store
      .renew(streams, leaseMs)
      .catch((error: unknown) => warn('could not renew the live streams’ places', error))
      .finally(() => {
        renewing = null;
      });
  };
  const timer = setInterval(renew, Math.max(1, Math.floor(leaseMs / 3)));
  timer.unref();

  return {
    async take(id, owner) {
      try {
        const refusal = await store.take(id, owner, caps, leaseMs);
        if (refusal === null) held.set(id, owner);
        return refusal;
      } catch (error) {
        warn('could not count a live stream in the shared store; counted here', error);
        const refusal = await fallback.take(id, owner);
        if (refusal === null) local.add(id);
        return refusal;
      }
    },
    give(id) {
      const owner = held.get(id);
      if (owner) {
        held.delete(id);
        // Should this fail, the lease (no longer renewed) frees the place.
        store
          .give(id, owner)
          .catch((error: unknown) => warn('could not free a live stream’s place', error));
      } else if (local.delete(id)) {
        fallback.give(id);
      }
    },
    async close() {
      clearInterval(timer);
      const streams = [...held];
      held.clear();
      await Promise.allSettled(streams.map(([id, owner]) => store.give(id, owner)));
      await renewing;
      await fallback.close();
    },
  };
}
