import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../domain/session.js';
import type { User } from '../../domain/user.js';
import type { NotificationRepository } from '../../repositories/index.js';
import type { BusEvent } from './notification-bus.js';
import { createNotificationService } from './notification-service.js';
import { createInProcessSlots } from './stream-slots.js';
import { createContentVersion } from '../content-version.js';
import {
  createRelayedBus,
  encodePayloads,
  RELAY_PAYLOAD_MAX_BYTES,
  sharedRoundTrips,
} from './relayed-bus.js';

/** A relayed bus whose relay keeps what it was asked to send, failing when told to. */
function relayedBus(options: { failing?: boolean } = {}) {
  const sent: string[] = [];
  const problems = { sendErrors: 0, badPayloads: [] as string[] };
  const bus = createRelayedBus({
    relay: {
      send: async (payload) => {
        if (options.failing) throw new Error('the database is away');
        sent.push(payload);
      },
    },
    onSendError: () => {
      problems.sendErrors += 1;
    },
    onBadPayload: (payload) => problems.badPayloads.push(payload),
  });
  return { bus, sent, problems };
}

function heard(bus: ReturnType<typeof relayedBus>['bus'], userId: string): BusEvent[] {
  const events: BusEvent[] = [];
  bus.subscribe(userId, (event) => events.push(event));
  return events;
}

describe('relayed notification bus', () => {
  it('splits a message to many members into payloads under the NOTIFY limit, losing none', () => {
    const userIds = Array.from({ length: 1000 }, () => randomUUID());
    const payloads = encodePayloads('me', userIds, { kind: 'count-changed' });
    expect(payloads.length).toBeGreaterThan(1);
    const carried: string[] = [];
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(RELAY_PAYLOAD_MAX_BYTES);
      const parsed = JSON.parse(payload) as { from: string; kind: string; userIds: string[] };
      expect(parsed).toMatchObject({ from: 'me', kind: 'count-changed' });
      carried.push(...parsed.userIds);
    }
    expect(carried).toEqual(userIds);
    // Few members: one payload, with what a session's end says.
    expect(
      encodePayloads('me', ['ada'], { kind: 'sessions-ended', exceptSessionId: 's1' }).map(
        (payload) => JSON.parse(payload) as unknown,
      ),
    ).toEqual([{ from: 'me', userIds: ['ada'], kind: 'sessions-ended', exceptSessionId: 's1' }]);
  });

  it('tells this process at once, and the others through the relay; skips its own echo', async () => {
    const here = relayedBus();
    const there = relayedBus();
    const adaHere = heard(here.bus, 'ada');
    const adaThere = heard(there.bus, 'ada');
    const bobThere = heard(there.bus, 'bob');

    here.bus.publish(['ada'], { kind: 'count-changed' });
    expect(adaHere).toEqual([{ kind: 'count-changed' }]);
    await here.bus.flush();
    expect(here.sent).toHaveLength(1);

    // The relay delivers every payload to every process, the sender's included.
    for (const payload of here.sent) {
      here.bus.receive(payload);
      there.bus.receive(payload);
    }
    expect(adaHere).toEqual([{ kind: 'count-changed' }]);
    expect(adaThere).toEqual([{ kind: 'count-changed' }]);
    expect(bobThere).toEqual([]);

    there.bus.publish(['ada'], { kind: 'sessions-ended', sessionId: 's9' });
    await there.bus.flush();
    for (const payload of there.sent) here.bus.receive(payload);
    expect(adaHere).toEqual([
      { kind: 'count-changed' },
      { kind: 'sessions-ended', sessionId: 's9' },
    ]);
  });

  it('a post published to all reaches every listener of every process in one payload', async () => {
    const here = relayedBus();
    const there = relayedBus();
    const adaHere = heard(here.bus, 'ada');
    const bobHere = heard(here.bus, 'bob');
    const adaThere = heard(there.bus, 'ada');
    const bobThere = heard(there.bus, 'bob');
    const published = { kind: 'post-published', postId: 'p1' } as const;

    here.bus.publishToAll(published);
    expect(adaHere).toEqual([published]);
    await here.bus.flush();
    // Whoever listens, one small payload naming nobody.
    expect(here.sent.map((payload) => JSON.parse(payload) as unknown)).toEqual([
      { from: expect.any(String), kind: 'post-published', postId: 'p1' },
    ]);
    for (const payload of here.sent) {
      here.bus.receive(payload);
      there.bus.receive(payload);
    }
    expect(adaHere).toEqual([published]);
    expect(adaThere).toEqual([published]);
    expect(bobThere).toEqual([published]);

    // To one member (a private post's author): theirs alone, in the other process too.
    const own = { kind: 'post-published', postId: 'p2' } as const;
    there.bus.publish(['bob'], own);
    await there.bus.flush();
    for (const payload of there.sent) here.bus.receive(payload);
    expect(bobHere).toEqual([published, own]);
    expect(adaHere).toEqual([published]);
    expect(adaThere).toEqual([published]);
  });

  it('a payload not of this bus is reported and ignored; a failed send is reported', async () => {
    const { bus, problems } = relayedBus({ failing: true });
    const ada = heard(bus, 'ada');
    for (const payload of [
      'not json',
      '{"kind":"count-changed"}',
      '{"from":"x","userIds":"ada"}',
    ]) {
      bus.receive(payload);
    }
    expect(problems.badPayloads).toHaveLength(3);
    expect(ada).toEqual([]);

    bus.publish(['ada'], { kind: 'count-changed' });
    await bus.flush();
    expect(problems.sendErrors).toBe(1);
    // Still told in this process.
    expect(ada).toEqual([{ kind: 'count-changed' }]);
  });

  it('when the relay was interrupted, every open stream ends (its client reads afresh)', async () => {
    const { bus } = relayedBus();
    const notifications = {
      unreadCount: async () => 2,
    } as unknown as NotificationRepository;
    const now = new Date('2030-01-01T12:00:00Z');
    const service = createNotificationService({
      notifications,
      bus,
      now: () => now,
      heartbeatMs: 60_000,
      slots: createInProcessSlots({ perMember: 8, perAddress: 32 }),
    });
    const session: Session = {
      id: 's1',
      userId: 'ada',
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 3_600_000).toISOString(),
      revokedAt: null,
      lastUsedAt: null,
    };
    let ended = 0;
    const sink = {
      count: () => {},
      published: () => {},
      heartbeat: () => {},
      end: () => (ended += 1),
    };
    await service.watch({ id: 'ada' } as User, session, '203.0.113.7', sink);
    await service.watch({ id: 'bob' } as User, { ...session, userId: 'bob' }, '203.0.113.7', sink);
    expect(service.openStreamCount()).toBe(2);
    bus.interrupted();
    expect(ended).toBe(2);
    expect(service.openStreamCount()).toBe(0);
  });
});

describe('content changes over the relay', () => {
  it('a bump in one process moves the content version of the others, not twice its own', async () => {
    const here = relayedBus();
    const there = relayedBus();
    const versionHere = createContentVersion(here.bus.contentChanges);
    const versionThere = createContentVersion(there.bus.contentChanges);
    versionHere.bump();
    await here.bus.flush();
    expect(here.sent).toHaveLength(1);
    for (const payload of here.sent) {
      here.bus.receive(payload);
      there.bus.receive(payload);
    }
    expect(versionHere.current()).toBe(1);
    expect(versionThere.current()).toBe(1);
    // An interruption may have hidden changes: the version moves.
    there.bus.interrupted();
    expect(versionThere.current()).toBe(2);
  });

  it('while the relay is down, every read sees a new version (nothing cached is trusted)', () => {
    const { bus } = relayedBus();
    const version = createContentVersion(bus.contentChanges);
    bus.linkChanged(false);
    expect(version.current()).not.toBe(version.current());
    bus.linkChanged(true);
    expect(version.current()).toBe(version.current());
  });

  it('shares round trips: each call waits for one that began after it', async () => {
    const started: (() => void)[] = [];
    const caughtUp = sharedRoundTrips(() => new Promise<void>((resolve) => started.push(resolve)));
    const first = caughtUp();
    const second = caughtUp();
    const third = caughtUp();
    expect(third).toBe(second);
    expect(started).toHaveLength(1);
    let secondDone = false;
    void second.then(() => (secondDone = true));
    started[0]?.();
    await first;
    // The second began after the first ended.
    expect(started).toHaveLength(2);
    expect(secondDone).toBe(false);
    started[1]?.();
    await second;
    expect(started).toHaveLength(2);
  });
});
