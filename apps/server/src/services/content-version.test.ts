import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContentVersion, type ContentChangeLink } from './content-version.js';

const INTERVAL_MS = 1000;

/** A link that records what it announced and lets the test play another process's messages. */
function fakeLink() {
  const announced: (readonly string[] | undefined)[] = [];
  let listener: (memberIds?: readonly string[]) => void = () => undefined;
  const link: ContentChangeLink = {
    announce: (memberIds) => announced.push(memberIds),
    onChange: (heard) => {
      listener = heard;
    },
    linked: () => true,
  };
  return { link, announced, hear: (memberIds?: readonly string[]) => listener(memberIds) };
}

describe('content version: like counts coalesced per post', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const version = (link?: ContentChangeLink) =>
    createContentVersion(link, { countIntervalMs: INTERVAL_MS, now: () => Date.now() });

  it('bumps at once for the first like, then once at the end of the interval for the rest', () => {
    const { link, announced } = fakeLink();
    const content = version(link);
    content.countChanged('p');
    expect(content.current()).toBe(1);
    for (let index = 0; index < 500; index += 1) content.countChanged('p');
    expect(content.current()).toBe(1);
    vi.advanceTimersByTime(INTERVAL_MS - 1);
    expect(content.current()).toBe(1);
    vi.advanceTimersByTime(1);
    // Exact after the interval: one more bump, announced to the other processes too.
    expect(content.current()).toBe(2);
    expect(announced).toEqual([undefined, undefined]);
    vi.advanceTimersByTime(10 * INTERVAL_MS);
    expect(content.current()).toBe(2);
  });

  it('a loop of likes moves the version about once per interval, never staying stale', () => {
    const content = version();
    let beforeLast = 0;
    for (let ms = 0; ms < 10 * INTERVAL_MS; ms += 5) {
      beforeLast = content.current();
      content.countChanged('p');
      vi.advanceTimersByTime(5);
    }
    // 2,000 likes in 10 s: a bump at the start and one per interval after it.
    expect(content.current()).toBeGreaterThanOrEqual(10);
    expect(content.current()).toBeLessThanOrEqual(11);
    vi.advanceTimersByTime(INTERVAL_MS);
    // The last like of the loop was shown: a bump came after it.
    expect(content.current()).toBeGreaterThan(beforeLast);
  });

  it('keeps posts apart, and the next like after a quiet interval bumps at once', () => {
    const content = version();
    content.countChanged('a');
    content.countChanged('b');
    expect(content.current()).toBe(2);
    vi.advanceTimersByTime(INTERVAL_MS);
    content.countChanged('a');
    expect(content.current()).toBe(3);
  });

  it('any other bump shows the counts due, so no bump of their own follows', () => {
    const content = version();
    content.countChanged('p');
    content.countChanged('p');
    content.bump();
    expect(content.current()).toBe(2);
    vi.advanceTimersByTime(5 * INTERVAL_MS);
    expect(content.current()).toBe(2);
  });

  it('bumps every time with an interval of 0', () => {
    const content = createContentVersion(undefined, { countIntervalMs: 0 });
    content.countChanged('p');
    content.countChanged('p');
    expect(content.current()).toBe(2);
  });
});

describe('content version: member stamps', () => {
  it("moves a member's stamp, here and as announced, without moving the version", () => {
    const { link, announced, hear } = fakeLink();
    const content = createContentVersion(link);
    const before = content.memberStamp('m');
    content.memberChanged('m');
    const after = content.memberStamp('m');
    expect(after).not.toBe(before);
    expect(content.memberStamp('other')).toBe(0);
    expect(content.current()).toBe(0);
    expect(announced).toEqual([['m']]);

    // Another process's like by the member moves the stamp here; nothing shared is dropped.
    hear(['m']);
    expect(content.memberStamp('m')).not.toBe(after);
    expect(content.memberStamp('m')).not.toBe(before);
    expect(content.current()).toBe(0);
    hear();
    expect(content.current()).toBe(1);
  });

  it('never gives a member a stamp they had under the same version', () => {
    const content = createContentVersion();
    const seen = new Set<string>();
    for (let round = 0; round < 5; round += 1) {
      for (let change = 0; change < 5; change += 1) {
        const key = `${content.current()}:${content.memberStamp('m')}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        content.memberChanged('m');
      }
      content.bump();
    }
  });
});
