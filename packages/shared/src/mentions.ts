import { MAX_LENGTH, NOTIFICATIONS_MENTIONS_PER_TEXT } from './limits.js';

/**
 * `@username` in a comment or a post's content: the server notifies the member named, the web app links the name to
 * their profile. Both use this one reading, so what is linked is what was notified.
 *
 * A mention is `@` and a username (letters, digits, `_`, `.`, `-`; at most MAX_LENGTH.username),
 * not glued to a word before it (`ada@example.org` names nobody) and ending in a letter, digit or
 * `_`, so the full stop or dash that closes a sentence is not part of the name ("thanks @ada.").
 * A longer run of name characters is no username, so it names nobody rather than a prefix of it.
 */
const MENTION = /(^|[^\p{L}\p{N}_.@-])@([\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?)/gu;

/** One `@username` found in a text: where it stands (the `@` included) and the name. */
export interface Mention {
  /** Index of the `@`. */
  start: number;
  /** Index just after the name. */
  end: number;
  username: string;
}

/** Every `@username` of the text, in order (the same name may appear more than once). */
export function findMentions(text: string): Mention[] {
  const found: Mention[] = [];
  for (const match of text.matchAll(MENTION)) {
    const [, before = '', username = ''] = match;
    if (username.length > MAX_LENGTH.username) continue;
    const start = (match.index ?? 0) + before.length;
    found.push({ start, end: start + 1 + username.length, username });
  }
  return found;
}

/**
 * The form names are compared in (the server's `usernameKey`): "Ada", "ADA" and the full-width
 * "Ａｄａ" are one member.
 */
export function mentionKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

/**
 * The distinct members a text names, in the order first named, at most
 * NOTIFICATIONS_MENTIONS_PER_TEXT of them: a comment cannot page the whole forum.
 */
export function mentionedUsernames(text: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const { username } of findMentions(text)) {
    const key = mentionKey(username);
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(username);
    if (names.length === NOTIFICATIONS_MENTIONS_PER_TEXT) break;
  }
  return names;
}
