/**
 * The names peer review (issue 29) is made of, free of zod like web-paths.ts: a post page shows
 * the scores and statuses on its first load, before any answer needs the schemas
 * (schemas/reviews.ts) that check them.
 */
export const REVIEW_RECOMMENDATIONS = [
  'valid',
  'minor_revisions',
  'major_revisions',
  'not_valid',
] as const;

export const REVIEW_STATUSES = ['unreviewed', 'in_review', 'validated', 'disputed'] as const;

export const REVIEW_SCORE_NAMES = [
  'soundness',
  'significance',
  'clarity',
  'reproducibility',
] as const;
export type ReviewScoreName = (typeof REVIEW_SCORE_NAMES)[number];
