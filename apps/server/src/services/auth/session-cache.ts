import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';
import type { BusListener } from '../notifications/notification-bus.js';
import type { Clock } from '../clock.js';

export interface CachedSession {
  session: Session;
  user: User;
  /** What the lookup read of the account: checked on every request (session-service.ts). */
  account: { credentialsCurrent: boolean; suspendedUntil: string | null };
}

interface Entry extends CachedSession {
  storedAt: number;
}

/** Sessions ended: one (sign-out), all but one (password change) or all (suspension). */
export type EndedSessions = { sessionId?: string; exceptSessionId?: string };

/** How the cache hears of sessions another process ended (the notification bus). */
export type SessionEndSubscription = (userId: string, listener: BusListener) => () => void;

/**
 * The session lookups of this process, by token hash, for `ttlMs` (SESSION_CACHE_TTL_MS), so a
 * signed-in request does not read the database each time. Bounded to `maxEntries` (oldest out
 * first). An ended session leaves at once: `forget` in the process that ended it, and in every
 * other through the bus's `sessions-ended` message, which the cache listens to for each member it
 * holds sessions of. A bus `interrupted` event (messages may have been missed) empties the cache.
 *
 * A lookup is kept only if no session ended while it read (`generation`), and only if the cache
 * listened to the member's messages for the whole read: the member is known only once the read
 * returns, so the first lookup of a member subscribes and then reads again (`load`). Otherwise a
 * sign-out in another process during the read, its message arriving before anyone here listened,
 * would leave the session working here until SESSION_CACHE_TTL_MS.
 */
export function createSessionCache(options: {
  ttlMs: number;
  maxEntries: number;
  now: Clock;
  subscribe?: SessionEndSubscription;
}) {
  const { ttlMs, maxEntries, now } = options;
  const entries = new Map<string, Entry>();
  // Per member: the tokens cached for them and the lookups reading theirs (`holds`), and the bus
  // subscription that lives as long as either; `since` is the tick it began at.
  const members = new Map<
    string,
    { tokens: Set<string>; holds: number; since: number; unsubscribe: () => void }
  >();
  // Moves on every forget: a lookup that began before a session ended must not be stored after.
  let generation = 0;
  // Orders subscriptions and reads: a read began after a subscription if its tick is larger.
  let tick = 0;

  function unsubscribeIfUnused(userId: string): void {
    const member = members.get(userId);
    if (!member || member.tokens.size > 0 || member.holds > 0) return;
    members.delete(userId);
    member.unsubscribe();
  }

  function remove(tokenHash: string): void {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    members.get(entry.user.id)?.tokens.delete(tokenHash);
    unsubscribeIfUnused(entry.user.id);
  }

  function clear(): void {
    generation += 1;
    for (const tokenHash of [...entries.keys()]) remove(tokenHash);
  }

  function forget(userId: string, which: EndedSessions): void {
    generation += 1;
    for (const tokenHash of [...(members.get(userId)?.tokens ?? [])]) {
      const entry = entries.get(tokenHash);
      if (!entry) continue;
      const { id } = entry.session;
      const ended =
        which.sessionId !== undefined ? which.sessionId === id : which.exceptSessionId !== id;
      if (ended) remove(tokenHash);
    }
  }

  /** The member's record, subscribed to their messages from now on if it was not already. */
  function subscribed(userId: string) {
    const existing = members.get(userId);
    if (existing) return existing;
    const member = { tokens: new Set<string>(), holds: 0, since: ++tick, unsubscribe: () => {} };
    members.set(userId, member);
    member.unsubscribe =
      options.subscribe?.(userId, (event) => {
        if (event.kind === 'sessions-ended') forget(userId, event);
        else if (event.kind === 'account-changed') forget(userId, {});
        else if (event.kind === 'interrupted') clear();
      }) ?? (() => {});
    return member;
  }

  /** Keeps the lookup unless a session ended since `lookedUpAt` (the generation then). */
  function store(tokenHash: string, found: CachedSession, lookedUpAt: number): void {
    if (ttlMs <= 0 || lookedUpAt !== generation) return;
    remove(tokenHash);
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done) break;
      remove(oldest.value);
    }
    entries.set(tokenHash, { ...found, storedAt: now().getTime() });
    subscribed(found.user.id).tokens.add(tokenHash);
  }

  return {
    get(tokenHash: string): CachedSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.storedAt + ttlMs <= now().getTime()) {
        remove(tokenHash);
        return undefined;
      }
      return entry;
    },
    /**
     * Reads a session that is not cached (`read`: the database) and keeps it. When the cache was
     * not listening to the member's messages for the whole read, it subscribes, reads again and
     * keeps the second read: a session ended before the subscription shows in it, one ended
     * after is heard (and the entry not kept).
     */
    async load(
      tokenHash: string,
      read: () => Promise<CachedSession | undefined>,
    ): Promise<CachedSession | undefined> {
      if (ttlMs <= 0) return read();
      const startedAt = ++tick;
      const lookedUpAt = generation;
      const found = await read();
      if (!found) return undefined;
      const userId = found.user.id;
      const member = members.get(userId);
      if (member && member.since < startedAt) {
        store(tokenHash, found, lookedUpAt);
        return found;
      }
      const held = subscribed(userId);
      held.holds += 1;
      try {
        const again = generation;
        const fresh = await read();
        // A token belongs to one session, and a session to one member, for good.
        if (fresh) store(tokenHash, fresh, again);
        return fresh;
      } finally {
        held.holds -= 1;
        unsubscribeIfUnused(userId);
      }
    },
    /** Keeps the cached session's last use in step with the one just recorded. */
    markUsed(tokenHash: string, lastUsedAt: string): void {
      const entry = entries.get(tokenHash);
      if (entry) entry.session = { ...entry.session, lastUsedAt };
    },
    forget,
    clear,
    get size(): number {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
