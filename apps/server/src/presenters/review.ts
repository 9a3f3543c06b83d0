import type { Review, ReviewList, ReviewResponse, UserReviewList } from '@symposia/shared';
import type { StoredResponse } from '../domain/review.js';
import type {
  MemberReviews,
  ShownPostReviews,
  ShownReview,
} from '../services/reviews/review-service.js';

/** A response to a review, as the API gives it. */
export function presentReviewResponse(response: StoredResponse): ReviewResponse {
  return {
    content: response.content,
    created_at: response.createdAt,
    edited_at: response.editedAt,
    hidden: response.hidden,
  };
}

/** One review (GET /reviews/{id}); `reviewer` already null where the viewer may not know it. */
export function presentReview(review: ShownReview): Review {
  return {
    id: review.id,
    post_id: review.postId,
    revision: review.revision,
    current: review.current,
    reviewer: review.reviewer && {
      id: review.reviewer.id,
      username: review.reviewer.username,
      avatar: review.reviewer.avatar,
    },
    anonymous: review.anonymous,
    is_mine: review.isMine,
    scores: {
      soundness: review.soundness,
      significance: review.significance,
      clarity: review.clarity,
      reproducibility: review.reproducibility,
    },
    confidence: review.confidence,
    recommendation: review.recommendation,
    summary: review.summary,
    strengths: review.strengths,
    weaknesses: review.weaknesses,
    helpful_count: review.helpfulCount,
    helpful_by_me: review.helpfulByMe,
    author_rating: review.authorRating,
    created_at: review.createdAt,
    edited_at: review.editedAt,
    hidden: review.hidden,
    response: review.response && presentReviewResponse(review.response),
    receipt_cid: review.receiptCid,
  };
}

/** GET /media/{id}/reviews. */
export function presentReviewList(list: ShownPostReviews): ReviewList {
  return {
    review_status: list.status,
    review_count: list.count,
    current_revision: list.currentRevision,
    mean_scores: list.meanScores,
    items: list.reviews.map(presentReview),
  };
}

/** GET /users/{id}/reviews: each review with the post it reviews. */
export function presentMemberReviews(page: MemberReviews): UserReviewList {
  return {
    items: page.reviews.map((review) => ({
      ...presentReview(review),
      post: { id: review.postId, title: review.postTitle },
    })),
    next_cursor: page.nextCursor,
    helpful_total: page.helpfulTotal,
  };
}
