import { POST_FIELD_MAX_LENGTH } from './limits.js';

/**
 * One tag as typed ("#ml ") to the form it is stored in: trimmed, leading '#' dropped, at most
 * POST_FIELD_MAX_LENGTH.tag characters; '' when nothing is left. Letter case is kept: two tags are
 * the same tag when they differ only in case ({@link tagKey}). Plain code in a module without zod,
 * so a page (the forum's `?tag=`) reads tags as the server does without loading the schema library.
 */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/^#+/, '').trim().slice(0, POST_FIELD_MAX_LENGTH.tag);
}

/** What makes two tags the same tag: their normalized text, ignoring letter case. */
export const tagKey = (tag: string) => normalizeTag(tag).toLowerCase();
