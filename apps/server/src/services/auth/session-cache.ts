import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';
import type { BusListener } from '../notifications/notification-bus.js';
import type { Clock } from '../clock.js';

export interface CachedSession {
  session: Session;
  user: User;
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
 */
export function createSessionCache(options: {
  ttlMs: number;
  maxEntries: number;
  now: Clock;
  subscribe?: SessionEndSubscription;
}) {
  const { ttlMs, maxEntries, now } = options;
  const entries = new Map<string, Entry>();
  // Per member: the tokens cached for them, and the bus subscription that lives as long as any.
  const members = new Map<string, { tokens: Set<string>; unsubscribe: () => void }>();
  // Moves on every forget: a lookup that began before a session ended must not be stored after.
  let generation = 0;

  function remove(tokenHash: string): void {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const member = members.get(entry.user.id);
    if (!member) return;
    member.tokens.delete(tokenHash);
    if (member.tokens.size === 0) {
      members.delete(entry.user.id);
      member.unsubscribe();
    }
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

  function listen(userId: string, tokenHash: string): void {
    const member = members.get(userId);
    if (member) {
      member.tokens.add(tokenHash);
      return;
    }
    const unsubscribe =
      options.subscribe?.(userId, (event) => {
        if (event.kind === 'sessions-ended') forget(userId, event);
        else if (event.kind === 'account-changed') forget(userId, {});
        else if (event.kind === 'interrupted') clear();
      }) ?? (() => {});
    members.set(userId, { tokens: new Set([tokenHash]), unsubscribe });
  }

  return {
    /** Taken before a database lookup and handed to `set` with its result. */
    generation: (): number => generation,
    get(tokenHash: string): CachedSession | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (entry.storedAt + ttlMs <= now().getTime()) {
        remove(tokenHash);
        return undefined;
      }
      return entry;
    },
    set(tokenHash: string, found: CachedSession, lookedUpAt: number): void {
      if (ttlMs <= 0 || lookedUpAt !== generation) return;
      remove(tokenHash);
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
      }
      entries.set(tokenHash, { ...found, storedAt: now().getTime() });
      listen(found.user.id, tokenHash);
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
