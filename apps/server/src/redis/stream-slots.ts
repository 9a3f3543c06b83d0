import type { Redis } from 'ioredis';
import type {
  StreamCaps,
  StreamLeaseStore,
  StreamOwner,
  StreamRefusal,
} from '../services/notifications/stream-slots.js';

/**
 * The live notification streams' places in Redis (services/notifications/stream-slots.ts): per
 * member and per client address, a sorted set of the open streams' ids scored by when their lease
 * runs out, in milliseconds of the Redis server's clock (one clock for every process). A set
 * expires one lease after its last write, so a deployment whose processes all died leaves nothing.
 */

/** Drops lapsed leases, checks both caps, and takes the place in both sets: one atomic step. */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[1])
for i = 1, 2 do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[i + 2]) then return i end
end
for i = 1, 2 do
  redis.call('ZADD', KEYS[i], now + lease, ARGV[2])
  redis.call('PEXPIRE', KEYS[i], lease)
end
return 0
`;

/**
 * Extends the leases of streams still held: KEYS are (member, address) pairs, ARGV the lease and
 * one id per pair. XX: a place that lapsed (or was given back meanwhile) is not taken again.
 */
const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[1])
for i = 1, #KEYS do
  local id = ARGV[math.floor((i - 1) / 2) + 2]
  if redis.call('ZADD', KEYS[i], 'XX', 'CH', now + lease, id) == 1 then
    redis.call('PEXPIRE', KEYS[i], lease)
  end
end
return 0
`;

/** Streams renewed per script call, so one call never holds Redis for long. */
const RENEW_BATCH = 500;

interface WithScripts {
  symposiaStreamTake(
    memberKey: string,
    addressKey: string,
    leaseMs: number,
    id: string,
    perMember: number,
    perAddress: number,
  ): Promise<number>;
  symposiaStreamRenew(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
}

/** `keyPrefix`: REDIS_KEY_PREFIX; the sets are `<prefix>streams:member:<id>` and `…:address:<key>`. */
export function redisStreamLeases(client: Redis, keyPrefix: string): StreamLeaseStore {
  const scripted = client as Redis & Partial<WithScripts>;
  // defineCommand sends EVALSHA, and the script itself once when Redis does not know it yet.
  if (scripted.symposiaStreamTake === undefined) {
    client.defineCommand('symposiaStreamTake', { numberOfKeys: 2, lua: TAKE_SCRIPT });
  }
  if (scripted.symposiaStreamRenew === undefined) {
    // The number of keys is given with each call (two per stream).
    client.defineCommand('symposiaStreamRenew', { lua: RENEW_SCRIPT });
  }
  const redis = client as Redis & WithScripts;
  // The address is already bounded (an IP, an IPv6 /64 or a digest: client-address.ts).
  const memberSet = (owner: StreamOwner) => `${keyPrefix}streams:member:${owner.memberId}`;
  const addressSet = (owner: StreamOwner) => `${keyPrefix}streams:address:${owner.address}`;

  return {
    async take(id: string, owner: StreamOwner, caps: StreamCaps, leaseMs: number) {
      const full = await redis.symposiaStreamTake(
        memberSet(owner),
        addressSet(owner),
        leaseMs,
        id,
        caps.perMember,
        caps.perAddress,
      );
      const refusals: Record<number, StreamRefusal> = { 1: 'member', 2: 'address' };
      return refusals[full] ?? null;
    },

    async renew(streams, leaseMs) {
      for (let start = 0; start < streams.length; start += RENEW_BATCH) {
        const batch = streams.slice(start, start + RENEW_BATCH);
        const keys = batch.flatMap(({ owner }) => [memberSet(owner), addressSet(owner)]);
        await redis.symposiaStreamRenew(
          keys.length,
          ...keys,
          leaseMs,
          ...batch.map(({ id }) => id),
        );
      }
    },

    async give(id, owner) {
      await redis.multi().zrem(memberSet(owner), id).zrem(addressSet(owner), id).exec();
    },
  };
}
