import { describe, expect, it } from 'vitest';
import { SlidingWindowRateLimiter } from './sliding-window-rate-limiter.js';

function clockAt(start: number) {
  let now = start;
  return { now: () => new Date(now), advance: (seconds: number) => (now += seconds * 1000) };
}

describe('SlidingWindowRateLimiter', () => {
  it('allows max events per window, then says when the next one is allowed', async () => {
    const clock = clockAt(0);
    const limiter = new SlidingWindowRateLimiter({ max: 2, windowSeconds: 60, now: clock.now });

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
  });

  it('does not count refused events, so retrying cannot extend the wait', async () => {
    const clock = clockAt(0);
    const limiter = new SlidingWindowRateLimiter({ max: 1, windowSeconds: 60, now: clock.now });
    await limiter.consume('k');
    for (let i = 0; i < 30; i += 1) {
      clock.advance(1);
      await limiter.consume('k');
    }
    clock.advance(30);
    expect((await limiter.consume('k')).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const limiter = new SlidingWindowRateLimiter({ max: 1, windowSeconds: 60 });
    expect((await limiter.consume('a')).allowed).toBe(true);
    expect((await limiter.consume('b')).allowed).toBe(true);
    expect((await limiter.consume('a')).allowed).toBe(false);
  });

  it('checks without counting and hits without checking', async () => {
    const limiter = new SlidingWindowRateLimiter({ max: 2, windowSeconds: 60 });
    await limiter.check('k');
    await limiter.check('k');
    expect((await limiter.check('k')).allowed).toBe(true);
    await limiter.hit('k');
    await limiter.hit('k');
    expect((await limiter.check('k')).allowed).toBe(false);
  });

  it('holds a bounded number of keys, forgetting the least recently used', async () => {
    const limiter = new SlidingWindowRateLimiter({ max: 1, windowSeconds: 60, maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) await limiter.hit(key);
    await limiter.hit('a');
    await limiter.hit('d');
    expect(limiter.size).toBe(3);
    expect((await limiter.check('b')).allowed).toBe(true);
    expect((await limiter.check('a')).allowed).toBe(false);
    expect((await limiter.check('d')).allowed).toBe(false);
  });

  it('gives back the event consume counted, and nothing more', async () => {
    const limiter = new SlidingWindowRateLimiter({ max: 2, windowSeconds: 60 });
    await limiter.consume('k');
    await limiter.consume('k');
    expect((await limiter.check('k')).allowed).toBe(false);
    await limiter.release('k');
    expect((await limiter.check('k')).allowed).toBe(true);
    await limiter.release('k');
    await limiter.release('k');
    await limiter.release('never-seen');
    expect(limiter.size).toBe(0);
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(true);
    expect((await limiter.consume('k')).allowed).toBe(false);
  });

  it('allows at most max of many concurrent consumes for one key', async () => {
    const limiter = new SlidingWindowRateLimiter({ max: 10, windowSeconds: 60 });
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.consume('k')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  });

  it('stores a fixed-size digest of each key, however long the key', async () => {
    const limiter = new SlidingWindowRateLimiter({ max: 1, windowSeconds: 60 });
    await limiter.hit('\uFDFA'.repeat(100_000));
    await limiter.hit('x'.repeat(1_000_000));
    await limiter.hit('short');
    const keys = limiter.storedKeys();
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await limiter.check('x'.repeat(1_000_000))).allowed).toBe(false);
    expect((await limiter.check('x'.repeat(999_999))).allowed).toBe(true);
  });

  it('drops keys whose events all left the window', async () => {
    const clock = clockAt(0);
    const limiter = new SlidingWindowRateLimiter({ max: 3, windowSeconds: 60, now: clock.now });
    await limiter.hit('k');
    clock.advance(61);
    await limiter.check('k');
    expect(limiter.size).toBe(0);
  });
});
