import { z } from 'zod';
import {
  BOUNTY_AMOUNT_MAX_DIGITS,
  BOUNTY_MAX_AWARDS,
  BOUNTY_MAX_DAYS,
  COMMENT_CURSOR_MAX_LENGTH,
  POST_FIELD_MAX_LENGTH,
} from '../limits.js';
import { MESSAGES } from '../messages.js';
import { actorSchema } from './common.js';
import { postListItemSchema } from './media.js';

/**
 * Review bounties (issue 29): tokens a member (or a moderator, from the operator's pool) puts in
 * escrow for reviews of a post, awarded to reviews written while the bounty was open; what is not
 * awarded goes back after the deadline. Amounts are strings of the token's smallest unit.
 */
const unitsText = z.string();

/** An amount in the token's smallest unit: a whole number written as digits, at least 1. */
const unitsInput = z
  .string({ message: MESSAGES.bountyAmountInvalid })
  .trim()
  .regex(new RegExp(`^\\d{1,${BOUNTY_AMOUNT_MAX_DIGITS}}$`), MESSAGES.bountyAmountInvalid)
  .refine((text) => /^\d+$/.test(text) && BigInt(text) >= 1n, MESSAGES.bountyAmountInvalid);

export const bountyAwardSchema = z.object({
  review_id: z.string(),
  amount: unitsText,
  awarded_at: z.string(),
});

export const bountySchema = z.object({
  id: z.string(),
  post_id: z.string(),
  /** Who offered it; null for the operator's pool. */
  offerer: actorSchema.nullable(),
  from_pool: z.boolean(),
  amount: unitsText,
  max_awards: z.number().int(),
  deadline: z.string(),
  status: z.enum(['open', 'closed']),
  awarded: z.array(bountyAwardSchema),
  /** What went back to the offerer (or the pool) when it closed; null until then. */
  refunded_amount: unitsText.nullable(),
  created_at: z.string(),
  /** The viewer may award it now (policies/bounty-policy.ts `mayAwardBounty`). */
  may_award: z.boolean(),
});
export type Bounty = z.infer<typeof bountySchema>;

/** POST /media/{id}/bounties (JSON). */
export const createBountyBodySchema = z.object({
  amount: unitsInput,
  /** ISO 8601; BOUNTY_DEFAULT_DAYS from now when absent, at most BOUNTY_MAX_DAYS away. */
  deadline: z
    .string()
    .trim()
    .max(40)
    .refine(
      (text) => !Number.isNaN(Date.parse(text)),
      MESSAGES.bountyDeadlineRange(BOUNTY_MAX_DAYS),
    )
    .optional(),
  max_awards: z
    .number({ message: MESSAGES.wholeNumber })
    .int({ message: MESSAGES.wholeNumber })
    .min(1, { message: MESSAGES.atLeast(1) })
    .max(BOUNTY_MAX_AWARDS, { message: MESSAGES.atMost(BOUNTY_MAX_AWARDS) })
    .optional(),
  /** From the operator's reward pool instead of the offerer's balance (moderators only). */
  from_pool: z.boolean().optional(),
});
export type CreateBountyBody = z.infer<typeof createBountyBodySchema>;

export const bountyListSchema = z.object({ items: z.array(bountySchema) });
export type BountyList = z.infer<typeof bountyListSchema>;

export const bountyParamsSchema = z.object({ id: z.string().max(64) });

/** POST /bounties/{id}/award (JSON): the reviews to award, each one share of the bounty. */
export const awardBountyBodySchema = z.object({
  review_ids: z
    .array(z.string().trim().min(1).max(64))
    .min(1, { message: MESSAGES.atLeast(1) })
    .max(BOUNTY_MAX_AWARDS, { message: MESSAGES.tooManyAtOnce(BOUNTY_MAX_AWARDS) }),
});
export type AwardBountyBody = z.infer<typeof awardBountyBodySchema>;

/** GET /reviews/open: posts asking for review, the reader's own tags first. */
export const openReviewsQuerySchema = z.object({
  tag: z.string().trim().max(POST_FIELD_MAX_LENGTH.tag).optional(),
  cursor: z.string().trim().max(COMMENT_CURSOR_MAX_LENGTH).optional(),
});
export type OpenReviewsQuery = z.infer<typeof openReviewsQuerySchema>;

export const openReviewsSchema = z.object({
  items: z.array(z.object({ post: postListItemSchema, bounties: z.array(bountySchema) })),
  next_cursor: z.string().nullable(),
});
export type OpenReviews = z.infer<typeof openReviewsSchema>;
