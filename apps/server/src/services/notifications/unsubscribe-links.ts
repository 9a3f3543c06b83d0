import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH, UNSUBSCRIBE_TOPICS, type UnsubscribeTopic } from '@symposia/shared';
import type { StorageRepository } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { derivedKey, sharedKey } from '../shared-key.js';

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;

/** The server_secrets row the keys of links in messages derive from. */
const MAIL_LINKS_KEY_NAME = 'mail-links';
/** This use of it: one-click unsubscribe. */
const PURPOSE = 'notification-unsubscribe/1';
/** The API route a List-Unsubscribe link names (routes/notifications/unsubscribe.ts). */
export const UNSUBSCRIBE_ROUTE = '/notifications/unsubscribe';
/** `<member id>.<topic>.<HMAC-SHA256, base64url>` */
const TOKEN = /^([A-Za-z0-9-]{1,64})\.([a-z_]{1,32})\.([A-Za-z0-9_-]{43})$/;

const isTopic = (value: string): value is UnsubscribeTopic =>
  (UNSUBSCRIBE_TOPICS as readonly string[]).includes(value);

/**
 * One-click unsubscribe links (issue 30, RFC 8058): a token naming a member and what to turn
 * off (a kind's email, or the digest), signed with HMAC-SHA256 under a key derived for this
 * purpose from a secret every server process shares (server_secrets). Nothing is stored per
 * link: the link of any message a member got keeps working, and does only that one thing.
 */
export function createUnsubscribeLinks(deps: {
  storage: Pick<StorageRepository, 'sharedSecret'>;
  now: Clock;
  /** PUBLIC_ORIGIN: the links start with it. */
  site: string;
}) {
  const secret = sharedKey(deps.storage, MAIL_LINKS_KEY_NAME, deps.now);

  async function mac(userId: string, topic: UnsubscribeTopic): Promise<string> {
    return createHmac('sha256', derivedKey(await secret(), PURPOSE))
      .update(`${userId}:${topic}`)
      .digest('base64url');
  }

  async function token(userId: string, topic: UnsubscribeTopic): Promise<string> {
    return `${userId}.${topic}.${await mac(userId, topic)}`;
  }

  return {
    token,

    /** The link a message's List-Unsubscribe header and footer carry. */
    async url(userId: string, topic: UnsubscribeTopic): Promise<string> {
      const url = new URL(`${API_BASE_PATH}${UNSUBSCRIBE_ROUTE}`, deps.site);
      url.searchParams.set('token', await token(userId, topic));
      return url.toString();
    },

    /** The member and topic a token names, when the server signed it; else null. */
    async verify(token: string): Promise<{ userId: string; topic: UnsubscribeTopic } | null> {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const [, userId = '', topic = '', given = ''] = match;
      if (!isTopic(topic)) return null;
      // Compared as text: base64url's last character carries spare bits, so a link has one spelling.
      const expected = Buffer.from(await mac(userId, topic));
      const received = Buffer.from(given);
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
      return { userId, topic };
    },
  };
}
