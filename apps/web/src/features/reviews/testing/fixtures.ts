import type { Review, ReviewList } from '@symposia/shared';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';

let next = 0;

/** A review as GET /media/{id}/reviews answers it: a named reviewer's, of revision 1. */
export function makeReview(overrides: Partial<Review> = {}): Review {
  next += 1;
  return {
    id: `review-${next}`,
    post_id: 'post-1',
    revision: 1,
    current: true,
    reviewer: { id: `reviewer-${next}`, username: `reviewer${next}`, avatar: '' },
    anonymous: false,
    is_mine: false,
    scores: { soundness: 4, significance: 3, clarity: 5, reproducibility: 2 },
    confidence: 4,
    recommendation: 'minor_revisions',
    summary: 'The claim holds for $n > 2$.',
    strengths: 'Clear proofs',
    weaknesses: 'No code',
    helpful_count: 0,
    helpful_by_me: false,
    author_rating: null,
    created_at: '2026-03-01T08:00:00.000Z',
    edited_at: null,
    hidden: false,
    response: null,
    receipt_cid: null,
    ...overrides,
  };
}

export function makePostReviews(items: Review[], overrides: Partial<ReviewList> = {}): ReviewList {
  return {
    review_status: items.length ? 'in_review' : 'unreviewed',
    review_count: items.length,
    current_revision: 1,
    mean_scores: items.length
      ? { soundness: 4, significance: 3, clarity: 5, reproducibility: 2 }
      : null,
    items,
    ...overrides,
  };
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A server for one post's reviews, with more routes as needed. */
export function reviewRoutes(
  postId: string,
  answer: () => ReviewList,
  more: Record<string, Handler> = {},
) {
  return routeFetch({
    [`GET /media/${postId}/reviews`]: () => jsonResponse(answer()),
    [`GET /media/${postId}/bounties`]: () => jsonResponse({ items: [] }),
    ...more,
  });
}
