import { API_BASE_PATH, NOTIFICATIONS_HEARTBEAT_MS, NOTIFICATIONS_POLL_MS } from '@symposia/shared';
import { countOf, createSseParser, publishedPostIdOf } from './sse-parser';

export const STREAM_PATH = `${API_BASE_PATH}/notifications/stream`;
export const UNREAD_COUNT_PATH = `${API_BASE_PATH}/notifications/unread_count`;

/** The first reconnect waits this long, each further one twice as long, up to the maximum. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 5 * 60_000;
/** A stream silent for this long (no count, no heartbeat) is taken for dead and reopened. */
export const STREAM_SILENCE_MS = 2 * NOTIFICATIONS_HEARTBEAT_MS + 5_000;

/**
 * How long to wait before reconnect number `attempt` (0 for the first): doubling from
 * RECONNECT_BASE_MS, capped, with up to half of it added at random so that many tabs cut off by
 * one server restart do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const delay = Math.min(RECONNECT_BASE_MS * 2 ** Math.min(attempt, 20), RECONNECT_MAX_MS);
  return Math.round(delay + (delay / 2) * random());
}

export type LiveCountOptions = {
  token: string;
  onCount: (count: number) => void;
  /**
   * The server answered 401: the session is over (signed out elsewhere, revoked, suspended). The
   * count stops; what the app does about the session is left to the calls a person makes.
   */
  onUnauthorized: () => void;
  /**
   * A post the member may see was published (`event: post-published`, issue 31). Told only while
   * the stream is up: polling has no such news, and a post published meanwhile shows at the next
   * read of the list.
   */
  onPostPublished?: (postId: string) => void;
  fetchImpl?: typeof fetch;
  random?: () => number;
};

/**
 * Keeps the unread count live: reads GET /notifications/stream with fetch (the bearer token in
 * the Authorization header, never in a URL, which is why this is not EventSource) and reports
 * each `count` event, and each `post-published` one (the one connection serves both). When the stream fails or ends it reconnects with backoff, and until it is
 * back it polls GET /notifications/unread_count every NOTIFICATIONS_POLL_MS. A 401 from either
 * ends it. Plain fetch rather than the api-client: a background count must not open the sign-in
 * dialog on a page nobody asked anything of. Returns `stop`, which ends all of it.
 */
export function startLiveCount({
  token,
  onCount,
  onUnauthorized,
  onPostPublished,
  fetchImpl = (...args) => fetch(...args),
  random,
}: LiveCountOptions): () => void {
  let stopped = false;
  let failures = 0;
  let stream: AbortController | null = null;
  let poll: AbortController | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = undefined;
    poll?.abort();
    poll = null;
  };

  const headers = { Authorization: `Bearer ${token}` };

  const unauthorized = () => {
    stop();
    onUnauthorized();
  };

  const pollOnce = async () => {
    poll?.abort();
    const controller = new AbortController();
    poll = controller;
    try {
      const response = await fetchImpl(UNREAD_COUNT_PATH, {
        headers: { ...headers, Accept: 'application/json' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) return unauthorized();
      const count = response.ok ? countOf(await response.text()) : null;
      if (count !== null && !stopped && !controller.signal.aborted) onCount(count);
    } catch {
      // The next poll, or the stream once back, tries again.
    }
  };

  const startPolling = () => {
    if (pollTimer !== undefined) return;
    void pollOnce();
    pollTimer = setInterval(() => void pollOnce(), NOTIFICATIONS_POLL_MS);
  };

  /** Reads the stream until it ends; true when it ended on its own (not by stop or a 401). */
  const read = async (controller: AbortController): Promise<boolean> => {
    let silence: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller.abort(), STREAM_SILENCE_MS);
    };
    try {
      watch();
      const response = await fetchImpl(STREAM_PATH, {
        headers: { ...headers, Accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) {
        unauthorized();
        return false;
      }
      if (!response.ok || !response.body) return true;
      const reader = response.body.getReader();
      // Aborting ends the read too, whether or not the fetch implementation ties them together.
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), {
        once: true,
      });
      const decoder = new TextDecoder();
      const parser = createSseParser();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) break;
        watch();
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (event.event === 'post-published') {
            const postId = publishedPostIdOf(event.data);
            if (postId !== null) onPostPublished?.(postId);
            continue;
          }
          const count = event.event === 'count' ? countOf(event.data) : null;
          if (count === null) continue;
          // A count from the stream: it works, so no more polling and the next drop starts over.
          failures = 0;
          stopPolling();
          onCount(count);
        }
      }
      return !stopped;
    } catch {
      return !stopped;
    } finally {
      clearTimeout(silence);
    }
  };

  const connect = () => {
    if (stopped) return;
    const controller = new AbortController();
    stream = controller;
    void read(controller).then((ended) => {
      if (!ended || stopped) return;
      startPolling();
      reconnectTimer = setTimeout(connect, reconnectDelay(failures, random));
      failures += 1;
    });
  };

  function stop() {
    stopped = true;
    clearTimeout(reconnectTimer);
    stopPolling();
    stream?.abort();
  }

  connect();
  return stop;
}
