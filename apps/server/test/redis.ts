import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, it } from 'vitest';

/** Tests' Redis: a real server (127.0.0.1:6379 unless TEST_REDIS_URL says otherwise). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

async function probeRedis(): Promise<string | null> {
  const client = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause: unknown;
  client.on('error', (error: unknown) => {
    cause ??= error;
  });
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    const reason = cause ?? error;
    return reason instanceof Error ? reason.message : String(reason);
  } finally {
    client.disconnect();
  }
}

// Probed once per test file, before any suite is declared.
const redisProblem = await probeRedis();

/**
 * Runs a suite that needs Redis: skipped with a warning without a reachable server, failed under
 * CI=true. Each test takes its own key prefix (`redisPrefix()`), whose keys are deleted after it.
 */
export function describeRedis(name: string, suite: () => void): void {
  const title = `${name} [redis]`;
  if (redisProblem === null) {
    describe(title, suite);
  } else if (process.env.CI === 'true') {
    describe(title, () => {
      it('needs a reachable Redis under CI', () => {
        throw new Error(`Redis at ${TEST_REDIS_URL} unreachable: ${redisProblem}`);
      });
    });
  } else {
    console.warn(
      `SKIPPING "${title}": Redis at ${TEST_REDIS_URL} is unreachable (${redisProblem}). ` +
        'Start it (redis-server) or set TEST_REDIS_URL.',
    );
    describe.skip(title, suite);
  }
}

const prefixes: string[] = [];
const clients: Redis[] = [];

afterEach(async () => {
  const used = prefixes.splice(0);
  for (const client of clients.splice(0)) client.disconnect();
  if (used.length === 0) return;
  const admin = new Redis(TEST_REDIS_URL);
  try {
    for (const prefix of used) {
      let cursor = '0';
      do {
        const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await admin.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    admin.disconnect();
  }
});

/** A key prefix of this test alone (REDIS_KEY_PREFIX); its keys are deleted after the test. */
export function redisPrefix(): string {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
}

/** A connection of the test's own (to look at keys), closed after the test. */
export function testRedis(): Redis {
  const client = new Redis(TEST_REDIS_URL);
  clients.push(client);
  return client;
}
