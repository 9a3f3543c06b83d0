import { FEEDS, normalizeTag, type Feed } from '@symposia/shared';

/** `?feed=` of the forum's address (issue 30): `following`, or undefined for every post. */
export function parseFeedParam(value: string | null): Feed | undefined {
  return FEEDS.find((feed) => feed === value);
}

/** `?tag=` of the forum's address, read as the server reads it; undefined for none. */
export function parseTagParam(value: string | null): string | undefined {
  return normalizeTag(value ?? '') || undefined;
}

/**
 * The parameters of the forum's address: the route writes them (app/routes/forum.tsx), its
 * controls submit them as GET forms before hydration, and the server's render reads them.
 */
export const LIST_PARAM = {
  feed: 'feed',
  tag: 'tag',
  search: 'search',
  sort: 'sort',
  reviewStatus: 'review_status',
} as const;
