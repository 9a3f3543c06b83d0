import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { RateLimit } from '../services/rate-limit/rate-limiter.js';
import { SlidingWindowRateLimiter } from '../services/rate-limit/sliding-window-rate-limiter.js';
import { describeRedis, redisPrefix, testRedis, TEST_REDIS_URL } from '../../test/redis.js';
import { closeRedis, openRedis, type Redis } from './client.js';
import { RedisRateLimiter, redisRateLimiters } from './rate-limiter.js';

const quiet = { warn: () => {}, info: () => {} };
const open: Redis[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => closeRedis(client)));
});

/** One server process's connection, as plugins/redis.ts opens it. */
async function connection(prefix: string): Promise<Redis> {
  const client = await openRedis(
    { url: TEST_REDIS_URL, keyPrefix: prefix },
    {
      name: 'test',
      log: quiet,
    },
  );
  open.push(client);
  return client;
}

function clockAt(start: number) {
  let now = start;
  return { now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000) };
}

describeRedis('rate limits in Redis', () => {
  it('allows max events per window, then says when the next one is allowed', async () => {
    const prefix = redisPrefix();
    const clock = clockAt(Date.UTC(2030, 0, 1));
    const limiter = redisRateLimiters(await connection(prefix), {
      keyPrefix: prefix,
      now: clock.now,
      warn: () => {},
    })('test', { max: 2, windowSeconds: 60 });

    expect(await limiter.consume('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    clock.advance(10);
    expect(await limiter.consume('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await limiter.consume('k')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    clock.advance(45);
    expect(await limiter.consume('k')).toEqual({ allowed: false, retryAfterSeconds: 5 });
    clock.advance(5);
    // The first event left the window; the second (at 10 s) is still in it.
    expect(await limiter.consume('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await limiter.check('k')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    // Other keys are apart; check does not count, hit counts without checking.
    expect((await limiter.check('other')).allowed).toBe(true);
    await limiter.hit('other');
    await limiter.hit('other');
    expect((await limiter.check('other')).allowed).toBe(false);
  });

  it('gives back the event consume counted, and nothing more', async () => {
    const prefix = redisPrefix();
    const limiter = redisRateLimiters(await connection(prefix), {
      keyPrefix: prefix,
      warn: () => {},
    })('test', { max: 2, windowSeconds: 60 });
    await limiter.consume('k');
    await limiter.consume('k');
    expect((await limiter.check('k')).allowed).toBe(false);
    await limiter.release('k');
    expect((await limiter.check('k')).allowed).toBe(true);
    await limiter.release('k');
    await limiter.release('k');
    await limiter.release('never-seen');
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(false);
  });

  it('stores a fixed-size digest of each key, at most max events, expiring after the window', async () => {
    const prefix = redisPrefix();
    const limiter = redisRateLimiters(await connection(prefix), {
      keyPrefix: prefix,
      warn: () => {},
    })('comment', { max: 3, windowSeconds: 60 });
    const long = 'x'.repeat(1_000_000);
    for (let i = 0; i < 10; i += 1) await limiter.hit(long);
    const admin = testRedis();
    const keys = await admin.keys(`${prefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${prefix}rate:comment:[A-Za-z0-9_-]{43}$`));
    expect(await admin.zcard(keys[0] ?? '')).toBe(3);
    const ttl = await admin.pttl(keys[0] ?? '');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    expect((await limiter.check(long)).allowed).toBe(false);
    expect((await limiter.check('x'.repeat(999_999))).allowed).toBe(true);
  });

  // Every limit the composition root (services/index.ts) makes, with its configured maximum.
  const config = loadConfig({});
  const limits: [string, RateLimit][] = [
    ['login-ip', { max: config.loginRateLimit.ipMax, windowSeconds: 300 }],
    ['login-account', { max: config.loginRateLimit.accountMax, windowSeconds: 900 }],
    ['register', config.registerRateLimit],
    ['upload', config.uploadRateLimit],
    ['comment', config.commentRateLimit],
    ['report', config.reports.rateLimit],
  ];
  it.each(limits)(
    'the %s limit allows exactly its maximum to two processes consuming at once',
    async (name, limit) => {
      const prefix = redisPrefix();
      // Two server processes: each its own connection and its own limiter over one Redis.
      const [first, second] = await Promise.all([connection(prefix), connection(prefix)]);
      const options = { keyPrefix: prefix, warn: () => {} };
      const limiters = [
        redisRateLimiters(first, options)(name, limit),
        redisRateLimiters(second, options)(name, limit),
      ];
      const attempts = limit.max * 3 + 1;
      const decisions = await Promise.all(
        Array.from({ length: attempts }, (_, i) => limiters[i % 2]?.consume('same-key')),
      );
      expect(decisions.filter((decision) => decision?.allowed)).toHaveLength(limit.max);
      expect((await limiters[0]?.check('same-key'))?.allowed).toBe(false);
      expect((await limiters[1]?.consume('another-key'))?.allowed).toBe(true);
    },
  );

  it('while Redis cannot be reached, counts in this process and says so once', async () => {
    const prefix = redisPrefix();
    const client = await connection(prefix);
    const problems: unknown[] = [];
    const limiter = new RedisRateLimiter({
      client,
      keyPrefix: `${prefix}rate:test:`,
      max: 2,
      windowSeconds: 60,
      fallback: new SlidingWindowRateLimiter({ max: 2, windowSeconds: 60 }),
      onUnavailable: (error) => problems.push(error),
    });
    expect((await limiter.consume('k')).allowed).toBe(true);
    // The connection is gone, as when Redis stops: no command waits for it to return.
    client.disconnect();
    const decisions = await Promise.all([1, 2, 3].map(() => limiter.consume('k')));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, false]);
    expect(problems).toHaveLength(3);

    const warnings: string[] = [];
    const factory = redisRateLimiters(client, {
      keyPrefix: prefix,
      warn: (message) => warnings.push(message),
    });
    await factory('a', { max: 1, windowSeconds: 60 }).consume('k');
    await factory('b', { max: 1, windowSeconds: 60 }).consume('k');
    expect(warnings).toHaveLength(1);
  });
});

describe('opening Redis', () => {
  it('refuses to start when Redis cannot be reached, naming REDIS_URL and hiding the password', async () => {
    const url = 'redis://:s3cret@127.0.0.1:1';
    const opening = openRedis({ url, keyPrefix: 'x:' }, { name: 'test', log: quiet });
    await expect(opening).rejects.toThrow(
      /^REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:1.*ECONNREFUSED/,
    );
    await expect(opening).rejects.toMatchObject({ name: 'StartupError' });
    await expect(opening).rejects.not.toThrow(/s3cret/);
  });
});
