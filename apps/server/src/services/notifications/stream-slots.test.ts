import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { describePostgres } from '../../../test/helpers.js';
import { describeRedis, redisPrefix, testRedis } from '../../../test/redis.js';
import { redisStreamLeases } from '../../redis/stream-slots.js';
import { createNotificationStreamRepository } from '../../repositories/notification-stream-repository.js';
import { createLeasedSlots, type StreamLeaseStore } from './stream-slots.js';

/**
 * The leases: a process that died without closing its streams holds their places only until
 * their leases run out; a live process's renewals keep its places.
 */
function leases(store: () => Promise<StreamLeaseStore>) {
  const owner = () => ({
    memberId: randomUUID(),
    address: `198.51.100.${Math.floor(Math.random() * 250)}`,
  });
  const caps = { perMember: 2, perAddress: 100 };

  it('the places of a process that died come free when their leases run out', async () => {
    const leased = await store();
    const ada = owner();
    // A process that took two places and died: nothing renews them.
    expect(await leased.take(randomUUID(), ada, caps, 400)).toBeNull();
    expect(await leased.take(randomUUID(), ada, caps, 400)).toBeNull();
    expect(await leased.take(randomUUID(), ada, caps, 400)).toBe('member');
    await sleep(600);
    expect(await leased.take(randomUUID(), ada, caps, 400)).toBeNull();
  });

  it('a live process keeps its places by renewing them, and gives them back at close', async () => {
    const shared = await store();
    const warnings: unknown[] = [];
    const slots = createLeasedSlots({
      store: shared,
      caps,
      leaseMs: 300,
      warn: (_message, error) => warnings.push(error),
    });
    const ada = owner();
    expect(await slots.take('s1', ada)).toBeNull();
    expect(await slots.take('s2', ada)).toBeNull();
    await sleep(900);
    // Another process still sees both places held.
    expect(await shared.take(randomUUID(), ada, caps, 300)).toBe('member');
    await slots.close();
    expect(await shared.take(randomUUID(), ada, caps, 60_000)).toBeNull();
    expect(warnings).toEqual([]);
  });
}

describePostgres('live stream leases in PostgreSQL', (db) => {
  leases(async () => createNotificationStreamRepository((await db.buildApp()).app.db));
});
describeRedis('live stream leases', () => {
  leases(async () => redisStreamLeases(testRedis(), redisPrefix()));
});
