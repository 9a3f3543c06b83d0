import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_HEARTBEAT_MS, NOTIFICATIONS_POLL_MS } from '@symposia/shared';
import {
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  STREAM_PATH,
  STREAM_SILENCE_MS,
  UNREAD_COUNT_PATH,
  reconnectDelay,
  startLiveCount,
} from './live-count';

/** A stream answer the test writes into, frame by frame, and may end. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    count: (n: number) =>
      controller.enqueue(encoder.encode(`event: count\ndata: {"count":${n}}\n\n`)),
    end: () => controller.close(),
  };
}

type Stream = ReturnType<typeof openStream>;

function setup(
  answers: (() => Response | Promise<Response>)[],
  pollAnswer: () => Response = () => new Response('{"count":7}', { status: 200 }),
) {
  // Stream requests, in order; the polls of GET /notifications/unread_count are counted apart.
  const calls: { url: string; init: RequestInit }[] = [];
  const polls: RequestInit[] = [];
  const fetchImpl = vi.fn((url: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(url) === UNREAD_COUNT_PATH) {
      polls.push(init);
      return Promise.resolve(pollAnswer());
    }
    calls.push({ url: String(url), init });
    const next = answers.shift();
    if (!next) return new Promise<Response>(() => {});
    return Promise.resolve(next());
  });
  const counts: number[] = [];
  const published: string[] = [];
  const onUnauthorized = vi.fn();
  const stop = startLiveCount({
    token: 'tok-1',
    onCount: (count) => counts.push(count),
    onUnauthorized,
    onPostPublished: (postId) => published.push(postId),
    fetchImpl: fetchImpl as unknown as typeof fetch,
    random: () => 0,
  });
  const pollCount = { calls: () => polls.length, last: () => polls[polls.length - 1] };
  return { calls, counts, published, pollCount, onUnauthorized, stop, fetchImpl };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('reconnectDelay', () => {
  it('doubles from the base up to the cap, plus up to half of it at random', () => {
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelay(1, () => 0)).toBe(2 * RECONNECT_BASE_MS);
    expect(reconnectDelay(3, () => 0)).toBe(8 * RECONNECT_BASE_MS);
    expect(reconnectDelay(50, () => 0)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(0, () => 1)).toBe(1.5 * RECONNECT_BASE_MS);
  });
});

describe('startLiveCount', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads counts from the stream, with the token in the Authorization header only', async () => {
    const stream = openStream();
    const { calls, counts, pollCount, stop } = setup([() => stream.response]);
    await flush();
    stream.count(2);
    stream.send(': heartbeat\n\n');
    stream.count(3);
    await flush();

    expect(counts).toEqual([2, 3]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(STREAM_PATH);
    expect(calls[0]!.url).not.toContain('tok-1');
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe('Bearer tok-1');
    expect(pollCount.calls()).toBe(0);
    stop();
  });

  it('reports each post the stream says was published, on the same connection as the count', async () => {
    const stream = openStream();
    const { calls, counts, published, stop } = setup([() => stream.response]);
    await flush();
    stream.count(1);
    stream.send('event: post-published\ndata: {"id":"p-1"}\n\n');
    // Not one: passed over.
    stream.send('event: post-published\ndata: {"id":42}\n\n');
    stream.send('event: post-published\ndata: {"id":"p-2"}\n\n');
    await flush();

    expect(published).toEqual(['p-1', 'p-2']);
    expect(counts).toEqual([1]);
    expect(calls).toHaveLength(1);
    stop();
  });

  it('when the stream fails: polls at once and every NOTIFICATIONS_POLL_MS, reconnects with backoff, stops polling once it is back', async () => {
    const back = openStream();
    const { calls, counts, pollCount, stop } = setup([
      () => Promise.reject(new TypeError('network down')),
      () => new Response('busy', { status: 503 }),
      () => back.response,
    ]);
    await flush();
    expect(pollCount.calls()).toBe(1);
    expect(counts).toEqual([7]);

    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS); // 2nd attempt: 503
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2 * RECONNECT_BASE_MS - 1);
    expect(calls).toHaveLength(2); // backoff doubled
    await vi.advanceTimersByTimeAsync(1); // 3rd attempt: the stream is back
    expect(calls).toHaveLength(3);
    back.count(4);
    await flush();
    expect(counts).toEqual([7, 4]);

    // The stream stays alive on heartbeats for two polling periods: no poll, no reconnect.
    for (
      let elapsed = 0;
      elapsed < 2 * NOTIFICATIONS_POLL_MS;
      elapsed += NOTIFICATIONS_HEARTBEAT_MS
    ) {
      await vi.advanceTimersByTimeAsync(NOTIFICATIONS_HEARTBEAT_MS);
      back.send(': heartbeat\n\n');
    }
    await flush();
    expect(pollCount.calls()).toBe(1);
    expect(calls).toHaveLength(3);
    stop();
  });

  it('keeps polling every NOTIFICATIONS_POLL_MS while the stream stays down', async () => {
    const { pollCount, stop } = setup(
      Array.from({ length: 50 }, () => () => new Response('', { status: 502 })),
    );
    await flush();
    await vi.advanceTimersByTimeAsync(3 * NOTIFICATIONS_POLL_MS);
    expect(pollCount.calls()).toBe(4);
    stop();
  });

  it('reconnects when the server ends the stream, and when it falls silent', async () => {
    const first = openStream();
    const second = openStream();
    let third: Stream | undefined;
    const { calls, counts, stop } = setup([
      () => first.response,
      () => second.response,
      () => {
        third = openStream();
        return third.response;
      },
    ]);
    await flush();
    first.count(1);
    first.end();
    await flush();
    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS);
    expect(calls).toHaveLength(2);
    second.count(2);
    await flush();

    await vi.advanceTimersByTimeAsync(STREAM_SILENCE_MS + RECONNECT_BASE_MS);
    expect(calls).toHaveLength(3);
    third!.count(5);
    await flush();
    expect(counts).toEqual([1, 7, 2, 7, 5]);
    stop();
  });

  it('a 401 ends it: no retry, no polling, and the session is reported over', async () => {
    const { calls, pollCount, onUnauthorized } = setup([
      () => new Response('{"detail":"Not authenticated"}', { status: 401 }),
    ]);
    await flush();
    await vi.advanceTimersByTimeAsync(10 * NOTIFICATIONS_POLL_MS);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(pollCount.calls()).toBe(0);
  });

  it('polls with the token in the Authorization header, and a 401 there ends it too', async () => {
    const { calls, pollCount, onUnauthorized } = setup(
      [() => new Response('', { status: 502 })],
      () => new Response('{"detail":"Not authenticated"}', { status: 401 }),
    );
    await flush();
    expect(new Headers(pollCount.last()!.headers).get('Authorization')).toBe('Bearer tok-1');
    await vi.advanceTimersByTimeAsync(10 * NOTIFICATIONS_POLL_MS);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(pollCount.calls()).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it('stop aborts the open stream and schedules nothing more', async () => {
    const stream = openStream();
    const { calls, counts, stop } = setup([() => stream.response]);
    await flush();
    stop();
    expect((calls[0]!.init.signal as AbortSignal).aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * NOTIFICATIONS_POLL_MS);
    expect(calls).toHaveLength(1);
    expect(counts).toEqual([]);
  });
});
