import { NOTIFICATION_EXCERPT_LENGTH } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';
import type { NotificationRepository } from '../../repositories/index.js';
import { createInProcessBus, endsSession } from './notification-bus.js';
import { createNotificationService, excerptOf, type StreamSink } from './notification-service.js';
import { createInProcessSlots } from './stream-slots.js';

const NOW = new Date('2030-01-01T12:00:00Z');
const user = { id: 'ada' } as User;

function session(overrides: Partial<Session> = {}): Session {
  return {
    id: 'session-1',
    userId: user.id,
    createdAt: NOW.toISOString(),
    expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
    revokedAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

/** A service over a repository whose unread count the test sets, counting the reads. */
function setUp() {
  const state = { unread: 0, reads: 0 };
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const notifications = {
    unreadCount: async () => {
      state.reads += 1;
      if (gate) await gate;
      return state.unread;
    },
  } as unknown as NotificationRepository;
  const service = createNotificationService({
    notifications,
    bus: createInProcessBus(),
    now: () => NOW,
    heartbeatMs: 60_000,
    slots: createInProcessSlots({ perMember: 8, perAddress: 32 }),
  });
  const sink = { counts: [] as number[], ended: 0 };
  const streamSink: StreamSink = {
    count: (count) => sink.counts.push(count),
    published: () => {},
    heartbeat: () => {},
    end: () => {
      sink.ended += 1;
    },
  };
  return {
    state,
    service,
    sink,
    streamSink,
    /** Holds every count read until `release()`. */
    hold: () => {
      gate = new Promise((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return () => release();
    },
  };
}

describe('notification service: live streams', () => {
  it('a burst of changes costs two reads, and only a changed count is sent', async () => {
    const { state, service, sink, streamSink, hold } = setUp();
    await service.watch(user, session(), '203.0.113.7', streamSink);
    expect(sink.counts).toEqual([0]);
    const release = hold();
    state.unread = 3;
    for (let i = 0; i < 10; i += 1) service.changed([user.id]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.reads).toBe(3);
    expect(sink.counts).toEqual([0, 3]);
    service.changed([user.id]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sink.counts).toEqual([0, 3]);
  });

  it('a session already past its expiry ends at once; stop ends a stream once', async () => {
    const { service, sink, streamSink } = setUp();
    await service.watch(user, session({ expiresAt: NOW.toISOString() }), '203.0.113.7', streamSink);
    expect(sink.ended).toBe(1);
    expect(service.openStreamCount()).toBe(0);

    const handle = await service.watch(user, session(), '203.0.113.7', streamSink);
    handle.stop();
    handle.stop();
    expect(sink.ended).toBe(2);
  });

  it('sessions ended: one by id, or all but one, or all', () => {
    expect(endsSession({ kind: 'sessions-ended', sessionId: 'a' }, 'a')).toBe(true);
    expect(endsSession({ kind: 'sessions-ended', sessionId: 'a' }, 'b')).toBe(false);
    expect(endsSession({ kind: 'sessions-ended', exceptSessionId: 'a' }, 'a')).toBe(false);
    expect(endsSession({ kind: 'sessions-ended', exceptSessionId: 'a' }, 'b')).toBe(true);
    expect(endsSession({ kind: 'sessions-ended' }, 'b')).toBe(true);
  });

  it('after the server starts closing, no stream stays open', async () => {
    const { service, sink, streamSink } = setUp();
    await service.watch(user, session(), '203.0.113.7', streamSink);
    service.closeStreams();
    expect(sink.ended).toBe(1);
    await service.watch(user, session(), '203.0.113.7', streamSink);
    expect(sink.ended).toBe(2);
    expect(service.openStreamCount()).toBe(0);
  });
});

describe('notification excerpts', () => {
  it('one line, cut to the limit with an ellipsis', () => {
    expect(excerptOf('  a\n\n b  ')).toBe('a b');
    const long = excerptOf('x'.repeat(500));
    expect(long.length).toBe(NOTIFICATION_EXCERPT_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});
