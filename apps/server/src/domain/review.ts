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
  /** The post author's response, when the viewer may see it (hidden: marked so). */
  response: StoredResponse | null;
}

/** The post author's response to a review, as stored. */
export interface StoredResponse {
  content: string;
  createdAt: string;
  editedAt: string | null;
  /** The moderators hid it: only its author and the moderators are shown it. */
  hidden: boolean;
}

/** What the policies need of a review, found by id (not deleted). */
export interface ReviewRef {
  id: string;
  postId: string;
  reviewerId: string;
  revision: number;
  hidden: boolean;
}

/** What the policies need of a response, found by its review's id (neither deleted). */
export interface ReviewResponseRef {
  review: ReviewRef;
  /** Who wrote it: the reviewed post's author. */
  authorId: string;
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
