/**
 * GET /media/list `feed` (issue 30): `following` lists only the posts of the authors and tags the
 * member follows (schemas/follows.ts). It needs a member: signed out, the list answers 401. Plain
 * values in a module without zod, as sort-options.ts, so the forum page reads them without the
 * schema library.
 */
export const FEEDS = ['following'] as const;
export type Feed = (typeof FEEDS)[number];
