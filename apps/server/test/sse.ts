import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';

/** Reading GET /notifications/stream in tests (routes/notifications/*.test.ts). */

/** One thing the stream said: an event with its data, or a comment line (a heartbeat). */
export type StreamItem = { event: string; data: string } | { comment: string };

/**
 * A live stream read the way the web app reads it: fetch with the bearer header, the body read
 * as it arrives. `next` waits for the next item that matches, up to a deadline (a wait, not a
 * measure of speed); `ended` for the server to end it.
 */
export async function openStream(base: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/v1/notifications/stream`, {
    headers,
    signal: abort.signal,
  });
  // A refused stream's answer (its JSON error body), read whole; null for a stream.
  const refused = response.ok ? null : await response.text();
  const reader = response.ok ? response.body?.getReader() : undefined;
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const items: StreamItem[] = [];

  async function readMore(deadline: number): Promise<void> {
    if (!reader || done) throw new Error('the stream has ended');
    const left = deadline - Date.now();
    if (left <= 0) throw new Error('deadline passed');
    const chunk = await Promise.race([
      reader.read(),
      sleep(left).then(() => {
        throw new Error('deadline passed');
      }),
    ]);
    if (chunk.done) {
      done = true;
      return;
    }
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split('\n').filter((text) => text.startsWith(':'))) {
        items.push({ comment: line.slice(1).trim() });
      }
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event !== undefined && data !== undefined) items.push({ event, data });
    }
  }

  return {
    response,
    refused,
    /** The next item matching, read within `withinMs`. */
    async next(matches: (item: StreamItem) => boolean, withinMs = 5000): Promise<StreamItem> {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const index = items.findIndex(matches);
        if (index !== -1) return items.splice(0, index + 1)[index] as StreamItem;
        items.length = 0;
        await readMore(deadline);
        if (done && items.length === 0) throw new Error('the stream ended');
      }
    },
    /** The next `count` event's number. */
    async count(withinMs?: number): Promise<number> {
      const item = await this.next((candidate) => 'event' in candidate, withinMs);
      expect(item).toMatchObject({ event: 'count' });
      return (JSON.parse((item as { data: string }).data) as { count: number }).count;
    },
    /** The id of the next `post-published` event (issue 31), passing over counts. */
    async published(withinMs?: number): Promise<string> {
      const item = await this.next(
        (candidate) => 'event' in candidate && candidate.event === 'post-published',
        withinMs,
      );
      return (JSON.parse((item as { data: string }).data) as { id: string }).id;
    },
    /** Resolves when the server ends the stream within `withinMs`. */
    async ended(withinMs = 5000): Promise<void> {
      const deadline = Date.now() + withinMs;
      while (!done) await readMore(deadline);
    },
    close: () => abort.abort(),
  };
}

export type OpenStream = Awaited<ReturnType<typeof openStream>>;
