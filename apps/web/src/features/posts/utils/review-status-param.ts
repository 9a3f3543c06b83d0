import type { ReviewStatus } from '@symposia/shared';

/** The statuses the forum filters by; 'unreviewed' is every other post, not a filter (issue 29). */
export const FILTERED_REVIEW_STATUSES = ['validated', 'in_review', 'disputed'] as const;
export type ReviewStatusFilter = (typeof FILTERED_REVIEW_STATUSES)[number] & ReviewStatus;

/** `?review_status=` of the forum's address, or undefined for every post. */
export function parseReviewStatusParam(value: string | null): ReviewStatusFilter | undefined {
  return FILTERED_REVIEW_STATUSES.find((status) => status === value);
}
