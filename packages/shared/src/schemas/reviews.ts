import { z } from 'zod';
import {
  REVIEW_FIELD_MAX_LENGTH,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
  USER_REVIEWS_DEFAULT_LIMIT,
  USER_REVIEWS_MAX_LIMIT,
} from '../limits.js';
import { MESSAGES } from '../messages.js';
import {
  REVIEW_RECOMMENDATIONS,
  REVIEW_SCORE_NAMES,
  REVIEW_STATUSES,
  type ReviewScoreName,
} from '../review-names.js';
import { actorSchema, cursorQuerySchema, oneOfValues } from './common.js';

/**
 * Peer review (issue 29). A member who is not the post's author reviews its current revision;
 * the post's review status is computed from the current revision's reviews and the reviewers'
 * trust by one rule (docs/REVIEW.md).
 */
export const reviewRecommendationSchema = oneOfValues(REVIEW_RECOMMENDATIONS);
export type ReviewRecommendation = z.infer<typeof reviewRecommendationSchema>;

export const reviewStatusSchema = oneOfValues(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

/** An object of one value per score, in REVIEW_SCORE_NAMES's order, each of a schema of its own. */
function perScore<T extends z.ZodType>(score: () => T) {
  const shape = Object.fromEntries(REVIEW_SCORE_NAMES.map((name) => [name, score()]));
  return z.object(shape as Record<ReviewScoreName, T>);
}

/** The four scores of one review, whole numbers 1–5. */
export const reviewScoresSchema = perScore(() => z.number().int());
export type ReviewScores = z.infer<typeof reviewScoresSchema>;

/** The means of the current revision's reviews (not rounded); null while it has none. */
export const reviewMeanScoresSchema = perScore(() => z.number());
export type ReviewMeanScores = z.infer<typeof reviewMeanScoresSchema>;

/**
 * The post author's one answer to a review. `hidden`: the moderators hid it; only its author and
 * the moderators are shown it then (everyone else sees the review without a response).
 */
export const reviewResponseSchema = z.object({
  content: z.string(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  hidden: z.boolean(),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

/**
 * One review. `revision` is the post's revision it reviews; `current` says it counts for the
 * post's current revision (it reviews it, or an earlier one with the same text). `reviewer` is
 * null when the review is anonymous and the viewer is neither its reviewer nor a moderator.
 * `receipt_cid` is null until a receipt is made for it.
 */
export const reviewSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  revision: z.number().int(),
  current: z.boolean(),
  reviewer: actorSchema.nullable(),
  anonymous: z.boolean(),
  is_mine: z.boolean(),
  scores: reviewScoresSchema,
  confidence: z.number().int(),
  recommendation: reviewRecommendationSchema,
  summary: z.string(),
  strengths: z.string(),
  weaknesses: z.string(),
  helpful_count: z.number().int(),
  helpful_by_me: z.boolean(),
  author_rating: z.number().int().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  hidden: z.boolean(),
  response: reviewResponseSchema.nullable(),
  receipt_cid: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /media/{id}/reviews: the post's status and its reviews, newest revision first. */
export const reviewListSchema = z.object({
  review_status: reviewStatusSchema,
  review_count: z.number().int(),
  current_revision: z.number().int(),
  mean_scores: reviewMeanScoresSchema.nullable(),
  items: z.array(reviewSchema),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** A score, the confidence or a rating: a whole number 1–5. */
const scoreField = (field: string) =>
  z
    .number({ message: MESSAGES.fieldRequired(field) })
    .int({ message: MESSAGES.wholeNumber })
    .min(REVIEW_SCORE_MIN, { message: MESSAGES.atLeast(REVIEW_SCORE_MIN) })
    .max(REVIEW_SCORE_MAX, { message: MESSAGES.atMost(REVIEW_SCORE_MAX) });

/** A Markdown text of a review: trimmed; `required` ones may not be empty. */
const reviewText = (field: string, max: number, required: boolean) => {
  const text = z
    .string({ message: MESSAGES.fieldRequired(field) })
    .trim()
    .max(max, { message: MESSAGES.maxLength(max) });
  return required ? text.min(1, { message: MESSAGES.notEmpty }) : text;
};

const reviewFields = {
  soundness: scoreField('soundness'),
  significance: scoreField('significance'),
  clarity: scoreField('clarity'),
  reproducibility: scoreField('reproducibility'),
  confidence: scoreField('confidence'),
  recommendation: reviewRecommendationSchema,
  summary: reviewText('summary', REVIEW_FIELD_MAX_LENGTH.summary, true),
  strengths: reviewText('strengths', REVIEW_FIELD_MAX_LENGTH.strengths, false),
  weaknesses: reviewText('weaknesses', REVIEW_FIELD_MAX_LENGTH.weaknesses, false),
};

/** POST /media/{id}/reviews (JSON): a review of the post's current revision; signed by default. */
export const createReviewBodySchema = z.object({
  ...reviewFields,
  anonymous: z.boolean({ message: MESSAGES.notBoolean }).default(false),
});
export type CreateReviewBody = z.infer<typeof createReviewBodySchema>;

/**
 * PATCH /reviews/{id} (JSON): the fields to change; at least one. The version it replaces is kept.
 */
export const reviewPatchBodySchema = z
  .object({
    soundness: reviewFields.soundness.optional(),
    significance: reviewFields.significance.optional(),
    clarity: reviewFields.clarity.optional(),
    reproducibility: reviewFields.reproducibility.optional(),
    confidence: reviewFields.confidence.optional(),
    recommendation: reviewFields.recommendation.optional(),
    summary: reviewFields.summary.optional(),
    strengths: reviewFields.strengths.optional(),
    weaknesses: reviewFields.weaknesses.optional(),
    anonymous: z.boolean({ message: MESSAGES.notBoolean }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: MESSAGES.editNeedsAField,
  });
export type ReviewPatchBody = z.infer<typeof reviewPatchBodySchema>;

export const reviewIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** POST /reviews/{id}/response (JSON): the post author's answer, once per review. */
export const reviewResponseBodySchema = z.object({
  content: reviewText('content', REVIEW_FIELD_MAX_LENGTH.response, true),
});
export type ReviewResponseBody = z.infer<typeof reviewResponseBodySchema>;

/** POST /reviews/{id}/helpful: a toggle; the answer says the caller's mark and the count. */
export const reviewHelpfulResultSchema = z.object({
  helpful: z.boolean(),
  helpful_count: z.number().int(),
});
export type ReviewHelpfulResult = z.infer<typeof reviewHelpfulResultSchema>;

/** POST /reviews/{id}/rating (JSON): the post author rates the review's helpfulness 1–5. */
export const reviewRatingBodySchema = z.object({ rating: scoreField('rating') });
export type ReviewRatingBody = z.infer<typeof reviewRatingBodySchema>;
export const reviewRatingResultSchema = z.object({ author_rating: z.number().int() });
export type ReviewRatingResult = z.infer<typeof reviewRatingResultSchema>;

/** Which of a member's reviews GET /users/{id}/reviews lists: those they wrote, or received. */
export const USER_REVIEW_KINDS = ['written', 'received'] as const;
export type UserReviewKind = (typeof USER_REVIEW_KINDS)[number];

export const userReviewsParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** GET /users/{id}/reviews query: `kind` (written by default) and a keyset page, newest first. */
export const userReviewsQuerySchema = cursorQuerySchema(
  USER_REVIEWS_DEFAULT_LIMIT,
  USER_REVIEWS_MAX_LIMIT,
).extend({ kind: oneOfValues(USER_REVIEW_KINDS).default('written') });
export type UserReviewsQuery = z.infer<typeof userReviewsQuerySchema>;

/** A review in a member's list, with the post it reviews. */
export const userReviewSchema = reviewSchema.extend({
  post: z.object({ id: z.string(), title: z.string() }),
});
export type UserReview = z.infer<typeof userReviewSchema>;

/**
 * GET /users/{id}/reviews: a page of the member's reviews the reader may see, newest first.
 * `written` lists an anonymous review only to its reviewer and the moderators; `received` lists
 * the reviews of the member's posts. `helpful_total` is how many helpful marks their signed
 * reviews got, shown as their statistics are (null when those are private).
 */
export const userReviewListSchema = z.object({
  items: z.array(userReviewSchema),
  next_cursor: z.string().nullable(),
  helpful_total: z.number().int().nullable(),
});
export type UserReviewList = z.infer<typeof userReviewListSchema>;
