import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { ContentChangeLink } from '../content-version.js';
import {
  createListenerRegistry,
  type BroadcastMessage,
  type BusMessage,
  type NotificationBus,
} from './notification-bus.js';

/**
 * A notification bus shared by several server processes. A message is delivered to this
 * process's streams at once and sent, as small JSON payloads, to every process through a relay
 * (Redis pub/sub: redis/pubsub-channel.ts, or PostgreSQL NOTIFY: db/notify-channel.ts); a
 * payload received from another process is delivered here. A process knows its own payloads by
 * `from` and skips them, so its streams are told once, and still told while the relay is down.
 *
 * The same relay carries the content version's "this changed" (`{from, kind: 'content-changed'}`,
 * services/content-version.ts), so the public caches of every process drop what a change made
 * stale; with `userIds`, a change only those members see (their own likes), which moves their
 * stamps and drops nothing shared.
 */
export interface BusRelay {
  /** Sends one payload to every process listening (this one included). Rejects when it fails. */
  send(payload: string): Promise<void>;
}

/**
 * The most a payload may weigh. PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a
 * message to more members than fit is sent in several payloads.
 */
export const RELAY_PAYLOAD_MAX_BYTES = 7900;

const envelopeSchema = z.union([
  z.object({
    from: z.string(),
    userIds: z.array(z.string()),
    kind: z.literal('count-changed'),
  }),
  z.object({
    from: z.string(),
    userIds: z.array(z.string()),
    kind: z.literal('sessions-ended'),
    sessionId: z.string().optional(),
    exceptSessionId: z.string().optional(),
  }),
  z.object({
    from: z.string(),
    userIds: z.array(z.string()),
    kind: z.literal('account-changed'),
  }),
  // Without userIds: told to every listener (`publishToAll`).
  z.object({
    from: z.string(),
    userIds: z.array(z.string()).optional(),
    kind: z.literal('post-published'),
    postId: z.string(),
  }),
  // With userIds: only what those members alone see changed (services/content-version.ts).
  z.object({
    from: z.string(),
    kind: z.literal('content-changed'),
    userIds: z.array(z.string()).optional(),
  }),
]);

/**
 * The payloads carrying `message` to `userIds`: `{from, userIds, kind, …}`, each at most
 * `maxBytes` of JSON, members split among as few as fit.
 */
export function encodePayloads(
  from: string,
  userIds: readonly string[],
  message: BusMessage,
  maxBytes = RELAY_PAYLOAD_MAX_BYTES,
): string[] {
  const encode = (ids: string[]) => JSON.stringify({ from, userIds: ids, ...message });
  // A member id costs its JSON string and a comma.
  const sizeOf = (id: string) => Buffer.byteLength(JSON.stringify(id)) + 1;
  const fixed = Buffer.byteLength(encode([]));
  const payloads: string[] = [];
  let chunk: string[] = [];
  let size = fixed;
  for (const id of userIds) {
    if (chunk.length > 0 && size + sizeOf(id) > maxBytes) {
      payloads.push(encode(chunk));
      chunk = [];
      size = fixed;
    }
    chunk.push(id);
    size += sizeOf(id);
  }
  if (chunk.length > 0) payloads.push(encode(chunk));
  return payloads;
}

export interface RelayedBus extends NotificationBus {
  /** A payload arrived from the relay (from any process; this one's own are skipped). */
  receive(payload: string): void;
  /** The relay dropped or came back: messages may have been missed. Every stream is told. */
  interrupted(): void;
  /** The relay is down (false: changes elsewhere go unheard) or up again (true). */
  linkChanged(up: boolean): void;
  /** The content version's link to the other processes, over the same relay. */
  readonly contentChanges: ContentChangeLink;
  /** Resolves once every payload sent so far has been sent or has failed (before closing). */
  flush(): Promise<void>;
}

export function createRelayedBus(deps: {
  relay: BusRelay;
  /** A payload could not be sent: the other processes' streams miss it (logged). */
  onSendError: (error: unknown) => void;
  /** A payload that is not one of ours arrived (logged, then ignored). */
  onBadPayload: (payload: string) => void;
}): RelayedBus {
  const self = randomUUID();
  const registry = createListenerRegistry();
  const sending = new Set<Promise<void>>();
  const contentListeners: ((memberIds?: readonly string[]) => void)[] = [];
  let up = true;

  const send = (payload: string) => {
    const sent = deps.relay.send(payload).catch(deps.onSendError);
    sending.add(sent);
    void sent.finally(() => sending.delete(sent));
  };
  const contentChanged = (memberIds?: readonly string[]) => {
    for (const listener of contentListeners) listener(memberIds);
  };

  return {
    publish(userIds, message) {
      if (userIds.length === 0) return;
      registry.deliver(userIds, message);
      for (const payload of encodePayloads(self, userIds, message)) send(payload);
    },

    publishToAll(message: BroadcastMessage) {
      registry.deliverToAll(message);
      // Named members are none: the payload says everyone, and is small whatever their number.
      send(JSON.stringify({ from: self, ...message }));
    },

    subscribe: (userId, listener) => registry.subscribe(userId, listener),

    receive(payload) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        parsed = undefined;
      }
      const envelope = envelopeSchema.safeParse(parsed);
      if (!envelope.success) {
        deps.onBadPayload(payload);
        return;
      }
      if (envelope.data.from === self) return;
      if (envelope.data.kind === 'content-changed') {
        contentChanged(envelope.data.userIds);
        return;
      }
      const { from: _from, userIds, ...message } = envelope.data;
      if (userIds === undefined) registry.deliverToAll(message);
      else registry.deliver(userIds, message);
    },

    interrupted() {
      registry.deliverToAll({ kind: 'interrupted' });
      contentChanged();
    },

    linkChanged(isUp) {
      up = isUp;
    },

    contentChanges: {
      announce: (memberIds) =>
        send(JSON.stringify({ from: self, kind: 'content-changed', userIds: memberIds })),
      onChange: (listener) => {
        contentListeners.push(listener);
      },
      linked: () => up,
    },

    async flush() {
      await Promise.all([...sending]);
    },
  };
}

/**
 * Shares round trips on a relay's listening connection between the requests that wait for one:
 * a call resolves after a round trip that began after the call, so everything relayed before the
 * call has been received; calls arriving while one is under way share the next one. However many
 * requests come at once, at most one round trip runs and one waits.
 */
export function sharedRoundTrips(roundTrip: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const trip = roundTrip()
      .catch(() => undefined)
      .finally(() => {
        if (running === trip) running = null;
      });
    running = trip;
    return trip;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    queued = running.then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}
