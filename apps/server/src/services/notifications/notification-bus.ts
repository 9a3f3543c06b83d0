/**
 * How a member's open streams learn that something changed for them: their unread count (a new
 * notification, some read), or the end of a session (sign-out, a password change, a suspension).
 * Services publish after their transaction commits; streams subscribe by member.
 *
 * This implementation reaches the streams of this process only. With several server processes a
 * transport that carries the same messages between them (PostgreSQL LISTEN/NOTIFY, Redis
 * pub/sub) implements the same interface, and nothing else changes.
 */
export type BusMessage =
  /** The member's unread count may have changed: streams read it again. */
  | { kind: 'count-changed' }
  /**
   * Sessions of the member ended: streams opened with `sessionId` (or, without it, every stream
   * but those of `exceptSessionId`) close.
   */
  | { kind: 'sessions-ended'; sessionId?: string; exceptSessionId?: string };

export type BusListener = (message: BusMessage) => void;

export interface NotificationBus {
  publish(userId: string, message: BusMessage): void;
  /** Listens to the member's messages until the returned function is called. */
  subscribe(userId: string, listener: BusListener): () => void;
}

/** Whether a `sessions-ended` message ends the stream opened with `sessionId`. */
export function endsSession(
  message: Extract<BusMessage, { kind: 'sessions-ended' }>,
  sessionId: string,
): boolean {
  if (message.sessionId !== undefined) return message.sessionId === sessionId;
  return message.exceptSessionId !== sessionId;
}

/** The bus of one process: listeners in memory, by member. */
export function createInProcessBus(): NotificationBus {
  const listeners = new Map<string, Set<BusListener>>();
  return {
    publish(userId, message) {
      // A copy: a listener may unsubscribe (its stream closing) while being told.
      for (const listener of [...(listeners.get(userId) ?? [])]) listener(message);
    },
    subscribe(userId, listener) {
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
