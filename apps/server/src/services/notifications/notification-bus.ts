/**
 * How a member's open streams learn that something changed for them: their unread count (a new
 * notification, some read, what one was about deleted or hidden), or the end of a session
 * (sign-out, a password change, a suspension), or that a post they may see was published (issue
 * 31: the forum shows it without a reload). Services publish after their transaction commits;
 * streams subscribe by member.
 *
 * `createInProcessBus` reaches the streams of this process only (SQLite: one process).
 * relayed-bus.ts carries the same messages between processes (PostgreSQL LISTEN/NOTIFY,
 * db/notify-channel.ts); services and streams see the same interface either way.
 */
export type BusMessage =
  /** The member's unread count may have changed: streams read it again. */
  | { kind: 'count-changed' }
  /**
   * Sessions of the member ended: streams opened with `sessionId` (or, without it, every stream
   * but those of `exceptSessionId`) close.
   */
  | { kind: 'sessions-ended'; sessionId?: string; exceptSessionId?: string }
  /**
   * The member's account changed (profile, settings, role): what any process cached of it — the
   * session lookups carrying it — is read afresh on their next request. Streams go on.
   */
  | { kind: 'account-changed' }
  /**
   * A post was published (processed, or given up and published with what was made): streams tell
   * their client, whose forum list reads it in. Sent to every stream (`publishToAll`) when anyone
   * may read it, else to whom may (its author): services/notifications/notification-service.ts.
   */
  | { kind: 'post-published'; postId: string };

/** What may be told to every listener at once: only what anyone may know. */
export type BroadcastMessage = Extract<BusMessage, { kind: 'post-published' }>;

/**
 * What a listener hears: the messages published for its member, or `interrupted` — the bus may
 * have missed messages (its link to the other processes dropped or came back), so what a stream
 * said may be stale and its session may have ended meanwhile. Streams end on it; their clients
 * connect again, signing in afresh and reading the count anew.
 */
export type BusEvent = BusMessage | { kind: 'interrupted' };

export type BusListener = (event: BusEvent) => void;

export interface NotificationBus {
  /** Tells these members' listeners, in every process the bus reaches. */
  publish(userIds: readonly string[], message: BusMessage): void;
  /** Tells every listener, in every process the bus reaches. */
  publishToAll(message: BroadcastMessage): void;
  /** Listens to the member's messages until the returned function is called. */
  subscribe(userId: string, listener: BusListener): () => void;
  /** Resolves once what was published so far has left this process (relayed buses only). */
  flush?(): Promise<void>;
}

/** Whether a `sessions-ended` message ends the stream opened with `sessionId`. */
export function endsSession(
  message: Extract<BusMessage, { kind: 'sessions-ended' }>,
  sessionId: string,
): boolean {
  if (message.sessionId !== undefined) return message.sessionId === sessionId;
  return message.exceptSessionId !== sessionId;
}

/** The listeners of this process, by member: where every bus delivers. */
export function createListenerRegistry() {
  const listeners = new Map<string, Set<BusListener>>();
  return {
    deliver(userIds: readonly string[], event: BusEvent): void {
      for (const userId of userIds) {
        // A copy: a listener may unsubscribe (its stream closing) while being told.
        for (const listener of [...(listeners.get(userId) ?? [])]) listener(event);
      }
    },
    /** Tells every listener of the process (`interrupted`, a public post published). */
    deliverToAll(event: BusEvent): void {
      this.deliver([...listeners.keys()], event);
    },
    subscribe(userId: string, listener: BusListener): () => void {
      let own = listeners.get(userId);
      if (!own) {
        own = new Set();
        listeners.set(userId, own);
      }
      own.add(listener);
      return () => {
        const current = listeners.get(userId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) listeners.delete(userId);
      };
    },
  };
}

/** The bus of one process: listeners in memory, by member. */
export function createInProcessBus(): NotificationBus {
  const registry = createListenerRegistry();
  return {
    publish: (userIds, message) => registry.deliver(userIds, message),
    publishToAll: (message) => registry.deliverToAll(message),
    subscribe: (userId, listener) => registry.subscribe(userId, listener),
  };
}
