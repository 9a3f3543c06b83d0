import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  NOTIFICATIONS_POLL_MS,
  type MarkNotificationsReadBody,
  type NotificationListQuery,
} from '@symposia/shared';
import type { NotificationPreferences, NotificationView } from '../../domain/notification.js';
import type { PublishedPost } from '../../domain/post.js';
import { publishedPostAudience } from '../../policies/index.js';
import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';
import type { NotificationRepository, NotificationSubject } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { TooManyAttemptsError } from '../errors.js';
import { endsSession, type NotificationBus } from './notification-bus.js';
import type { StreamSlots } from './stream-slots.js';

export type NotificationService = ReturnType<typeof createNotificationService>;

/** Where a live stream's events go (routes/notifications/stream.ts writes them as SSE). */
export interface StreamSink {
  /** The unread count, at the start and whenever it changes. */
  count(count: number): void;
  /** A post the member may see was published (issue 31): their forum reads it in. */
  published(postId: string): void;
  /** Nothing happened for a while; the stream is alive. */
  heartbeat(): void;
  /** The stream is over: its session ended, the server is closing, or reading failed. */
  end(): void;
}

export interface StreamHandle {
  /** Ends the stream (idempotent); its sink's end() is called once. */
  stop(): void;
}

// setTimeout holds at most this many milliseconds (about 24.8 days); a session ending later is
// checked again when that wait is over.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

// The services quote text as the repositories do (a followed author's post, written in the
// transaction that publishes it): one rule, in domain/.
export { excerptOf } from '../../domain/notification.js';

/** The UTC day of an ISO time: likes of one target are counted together per day. */
export function utcDay(at: string): string {
  return at.slice(0, 10);
}

/**
 * What the writes of any process tell the live streams through the bus: the server's services
 * (through their after-write step) and `npm run worker`, which has no notification service of its
 * own, say it the same way.
 */
export function streamAnnouncements(bus: NotificationBus) {
  return {
    /** These members' unread counts may have changed. */
    changed(userIds: Iterable<string>): void {
      const members = [...new Set(userIds)];
      if (members.length > 0) bus.publish(members, { kind: 'count-changed' });
    },

    /**
     * A post was published: the streams of whoever may see it hear of it (the policy's
     * `publishedPostAudience`: every stream, or its author's alone). It goes out once what was
     * sent before it has left — the content version's "this changed" — so a client told reads
     * the new list from any process.
     */
    async postPublished(post: PublishedPost): Promise<void> {
      const audience = publishedPostAudience(post);
      if (audience === 'nobody') return;
      await bus.flush?.();
      const message = { kind: 'post-published', postId: post.id } as const;
      if (audience === 'everyone') bus.publishToAll(message);
      else bus.publish([post.authorId], message);
    },
  };
}

/**
 * Reading notifications, marking them read, the settings, and the live streams. Notifications are
 * written by the services whose actions cause them (comments, likes, moderation), in their own
 * transactions; after each commit they call `changed` so the recipients' streams hear of it.
 */
export function createNotificationService(deps: {
  notifications: NotificationRepository;
  bus: NotificationBus;
  now: Clock;
  /** NOTIFICATIONS_HEARTBEAT_MS: how often an idle stream says it is alive. */
  heartbeatMs: number;
  /** The places streams take, per member and per client address (stream-slots.ts). */
  slots: StreamSlots;
}) {
  const { notifications, bus, now, heartbeatMs, slots } = deps;
  const openStreams = new Set<StreamHandle>();
  let closing = false;
  const { changed, postPublished } = streamAnnouncements(bus);

  return {
    /** The member's notifications, leaving out those about what they may no longer see. */
    async list(user: User, page: NotificationListQuery): Promise<NotificationView[]> {
      return notifications.list(user, page);
    },

    async unreadCount(user: User): Promise<number> {
      return notifications.unreadCount(user);
    },

    /** Marks the member's own notifications read (ids of others' are passed over). */
    async markRead(user: User, body: MarkNotificationsReadBody): Promise<number> {
      const which = 'all' in body ? 'all' : body.ids;
      const count = await notifications.markRead(user, which, now().toISOString());
      if (count > 0) changed([user.id]);
      return count;
    },

    async preferences(user: User): Promise<NotificationPreferences> {
      return notifications.preferences(user.id);
    },

    /** Changes the types given; answers with all of them. */
    async savePreferences(
      user: User,
      changes: Partial<NotificationPreferences>,
    ): Promise<NotificationPreferences> {
      await notifications.savePreferences(user.id, changes);
      return notifications.preferences(user.id);
    },

    /**
     * Tells these members' streams that their unread count may have changed. Called after the
     * transaction that wrote their notifications committed (comments, likes, moderation).
     */
    changed,

    /** A post was just published: the streams of whoever may see it hear of it (issue 31). */
    postPublished,

    /**
     * A post, comment, review or response was deleted, hidden, restored or made private: the
     * notifications about it leave or come back (the repository shows only those about what their recipient may
     * see), so the streams of its unread notifications' recipients read their count again.
     * Called after the change committed. A failure to read them is not the change's: their
     * counts catch up at their next change or reconnect.
     */
    async contentChanged(target: NotificationSubject): Promise<void> {
      let recipients: string[];
      try {
        recipients = await notifications.unreadRecipientsAbout(target);
      } catch {
        return;
      }
      changed(recipients);
    },

    /**
     * Sessions of the member ended (sign-out, a password change, a suspension): the streams
     * opened with them close. One session, or every session but `exceptSessionId` (or all).
     */
    sessionsEnded(userId: string, which: { sessionId: string } | { exceptSessionId?: string }) {
      bus.publish([userId], { kind: 'sessions-ended', ...which });
    },

    /**
     * The member's account changed: every process drops what it cached of it. Resolves once the
     * message has left, so the answer that made the change is sent after it.
     */
    async accountChanged(userId: string): Promise<void> {
      bus.publish([userId], { kind: 'account-changed' });
      await bus.flush?.();
    },

    /**
     * Opens a live stream of the member's unread count: the count now, then each change, a
     * heartbeat when idle. It ends when its session ends (signed out, revoked, expired), when
     * the server closes, when the bus may have missed messages (its link between processes
     * dropped), or when `stop` is called (the client went away). At most
     * NOTIFICATIONS_STREAMS_PER_MEMBER are open per member and NOTIFICATIONS_STREAMS_PER_ADDRESS
     * per client `address` (`addressKey`), on all server processes together: one more is refused
     * (TooManyAttemptsError) rather than let one account or client hold unbounded connections.
     */
    async watch(
      user: User,
      session: Session,
      address: string,
      sink: StreamSink,
    ): Promise<StreamHandle> {
      const slot = randomUUID();
      const refusal = await slots.take(slot, { memberId: user.id, address });
      if (refusal !== null) {
        throw new TooManyAttemptsError(
          NOTIFICATIONS_POLL_MS / 1000,
          refusal === 'member'
            ? MESSAGES.tooManyNotificationStreams
            : MESSAGES.tooManyNotificationStreamsFromAddress,
        );
      }

      let stopped = false;
      let lastSent: number | null = null;
      let reading = false;
      let readAgain = false;
      let expiryTimer: NodeJS.Timeout | undefined;
      const heartbeatTimer = setInterval(() => sink.heartbeat(), heartbeatMs);
      heartbeatTimer.unref();

      const handle: StreamHandle = {
        stop() {
          if (stopped) return;
          stopped = true;
          unsubscribe();
          clearInterval(heartbeatTimer);
          clearTimeout(expiryTimer);
          openStreams.delete(handle);
          slots.give(slot);
          sink.end();
        },
      };

      // One read of the count at a time; changes arriving meanwhile cause one more read after it,
      // so a burst of notifications costs two queries, not one each.
      async function sendCount(): Promise<void> {
        if (reading) {
          readAgain = true;
          return;
        }
        reading = true;
        try {
          do {
            readAgain = false;
            const count = await notifications.unreadCount(user);
            if (stopped) return;
            if (count !== lastSent) {
              lastSent = count;
              sink.count(count);
            }
          } while (readAgain && !stopped);
        } catch {
          // The database failed: the client falls back to polling and connects again later.
          handle.stop();
        } finally {
          reading = false;
        }
      }

      const unsubscribe = bus.subscribe(user.id, (event) => {
        if (event.kind === 'count-changed') void sendCount();
        else if (event.kind === 'post-published') sink.published(event.postId);
        // The bus may have missed messages: the client connects again and reads afresh.
        else if (event.kind === 'interrupted') handle.stop();
        else if (event.kind === 'sessions-ended' && endsSession(event, session.id)) handle.stop();
      });

      const endAtExpiry = () => {
        const left = Date.parse(session.expiresAt) - now().getTime();
        if (left <= 0) {
          handle.stop();
          return;
        }
        expiryTimer = setTimeout(endAtExpiry, Math.min(left, LONGEST_TIMER_MS));
        expiryTimer.unref();
      };

      openStreams.add(handle);
      endAtExpiry();
      if (closing) handle.stop();
      else await sendCount();
      return handle;
    },

    /** The server is closing: every open stream ends, so none holds the shutdown open. */
    closeStreams(): void {
      closing = true;
      for (const handle of [...openStreams]) handle.stop();
    },

    /** How many streams are open (for tests and diagnostics). */
    openStreamCount(): number {
      return openStreams.size;
    },
  };
}
