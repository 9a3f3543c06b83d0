import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  createListenerRegistry,
  type BusMessage,
  type NotificationBus,
} from './notification-bus.js';

/**
 * A notification bus shared by several server processes. A message is delivered to this
 * process's streams at once and sent, as small JSON payloads, to every process through a relay
 * (PostgreSQL NOTIFY: db/notify-channel.ts); a payload received from another process is
 * delivered here. A process knows its own payloads by `from` and skips them, so its streams are
 * told once, and still told while the relay is down.
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

  return {
    publish(userIds, message) {
      if (userIds.length === 0) return;
      registry.deliver(userIds, message);
      for (const payload of encodePayloads(self, userIds, message)) {
        const sent = deps.relay.send(payload).catch(deps.onSendError);
        sending.add(sent);
        void sent.finally(() => sending.delete(sent));
      }
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
      const { from, userIds, ...message } = envelope.data;
      if (from === self) return;
      registry.deliver(userIds, message);
    },

    interrupted() {
      registry.deliverToAll({ kind: 'interrupted' });
    },

    async flush() {
      await Promise.all([...sending]);
    },
  };
}
