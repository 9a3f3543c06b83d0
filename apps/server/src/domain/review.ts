import type {
  ReviewMeanScores,
  ReviewRecommendation,
  ReviewScores,
  ReviewStatus,
} from '@symposia/shared';

/** The scores, recommendation and text of a review: what a reviewer writes and may edit. */
export interface ReviewText extends ReviewScores {
  confidence: number;
  recommendation: ReviewRecommendation;
  summary: string;
  strengths: string;
  weaknesses: string;
}

/** A review as stored, with its reviewer and its post's author: services decide what shows. */
export interface StoredReview extends ReviewText {
  id: string;
  postId: string;
  postAuthorId: string;
  /** The title of the post it reviews (a member's list names it). */
  postTitle: string;
  revision: number;
  /** It counts for the post's current revision (domain/review-status.ts `countsForCurrent`). */
  current: boolean;
  reviewer: { id: string; username: string; avatar: string };
  anonymous: boolean;
  helpfulCount: number;
  helpfulByMe: boolean;
  authorRating: number | null;
  createdAt: string;
  editedAt: string | null;
  hidden: boolean;
  response: { content: string; createdAt: string; editedAt: string | null } | null;
}

/** What the policies need of a review, found by id (not deleted). */
export interface ReviewRef {
  id: string;
  postId: string;
  reviewerId: string;
  revision: number;
  hidden: boolean;
}

/** A post's reviews as GET /media/{id}/reviews reads them. */
export interface PostReviews {
  status: ReviewStatus;
  count: number;
  currentRevision: number;
  meanScores: ReviewMeanScores | null;
  reviews: StoredReview[];
}
