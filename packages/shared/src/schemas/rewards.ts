import { z } from 'zod';
import { SOLANA_ADDRESS_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';

/**
 * Contribution rewards: the community's signals (likes and comments received) are scored per
 * epoch, and at its end a fixed pool of tokens is split among the members by score. Amounts are
 * decimal strings of whole tokens with up to TOKEN_DECIMALS places ("12.5"), never floats.
 */
const tokenAmount = z.string();

/** One epoch: numbered from 1, from the first start-up on, REWARD_EPOCH_SECONDS long. */
export const rewardEpochSchema = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type RewardEpoch = z.infer<typeof rewardEpochSchema>;

/** GET /rewards/me. */
export const rewardsMeSchema = z.object({
  /** Credited and not yet claimed. */
  claimable: tokenAmount,
  /**
   * Credited, not claimed and frozen (issue 28: the member was suspended): not claimable until
   * a moderator releases it. Not part of `claimable`.
   */
  frozen: tokenAmount,
  /** The member's score so far in the current epoch. */
  pending_score: z.number(),
  epoch: z.object({ id: z.number().int(), ends_at: z.string() }),
  history: z.array(
    z.object({
      epoch: z.number().int(),
      score: z.number(),
      amount: tokenAmount,
      claimed_at: z.string().nullable(),
      signature: z.string().nullable(),
      /** `frozen`: held while the moderators decide; `forfeited`: returned to the pool. */
      hold: z.enum(['frozen', 'forfeited']).nullable(),
    }),
  ),
  /** Everything credited so far, claimed or not (My Page statistics). */
  total_earned: tokenAmount,
  /** When a claim becomes possible by account age (REWARD_MIN_CLAIM_AGE_SECONDS); null: now. */
  claim_allowed_from: z.string().nullable(),
  /** The smallest balance a claim pays (REWARD_MIN_CLAIM). */
  min_claim: tokenAmount,
});
export type RewardsMe = z.infer<typeof rewardsMeSchema>;

/** POST /rewards/claim (JSON): the address defaults to the member's connected wallet. */
export const claimRewardsBodySchema = z.object({
  address: z
    .string()
    .trim()
    .max(SOLANA_ADDRESS_MAX_LENGTH, MESSAGES.invalidSolanaAddress)
    .optional(),
  /** A client-chosen id: retrying with the same id returns the first result, never pays twice. */
  request_id: z
    .string({ message: MESSAGES.fieldRequired('request_id') })
    .trim()
    .min(1, { message: MESSAGES.fieldRequired('request_id') })
    .max(100, { message: MESSAGES.maxLength(100) }),
});
export type ClaimRewardsBody = z.infer<typeof claimRewardsBodySchema>;

/** A paid claim. */
export const rewardClaimSchema = z.object({
  address: z.string(),
  amount: tokenAmount,
  signature: z.string(),
  time: z.string(),
  explorer_url: z.string().nullable(),
});
export type RewardClaim = z.infer<typeof rewardClaimSchema>;

/** GET /rewards/leaderboard?epoch= (default: the last ended epoch). */
export const leaderboardQuerySchema = z.object({
  epoch: z.coerce
    .number({ message: MESSAGES.wholeNumber })
    .int({ message: MESSAGES.wholeNumber })
    .min(1, { message: MESSAGES.atLeast(1) })
    .max(1_000_000, { message: MESSAGES.atMost(1_000_000) })
    .optional(),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardSchema = z.object({
  /** Null when no epoch has ended yet. */
  epoch: rewardEpochSchema.nullable(),
  /** The top 20 by amount; members whose statistics are private show as 'Anonymous'. */
  entries: z.array(
    z.object({
      rank: z.number().int(),
      /** Null for a member shown as 'Anonymous'. */
      user_id: z.string().nullable(),
      username: z.string(),
      avatar: z.string(),
      score: z.number(),
      amount: tokenAmount,
    }),
  ),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** GET /rewards/epochs/{id}. */
export const epochParamsSchema = z.object({
  id: z.coerce
    .number({ message: MESSAGES.wholeNumber })
    .int({ message: MESSAGES.wholeNumber })
    .min(1, { message: MESSAGES.atLeast(1) })
    .max(1_000_000, { message: MESSAGES.atMost(1_000_000) }),
});
export type EpochParams = z.infer<typeof epochParamsSchema>;

/**
 * GET /rewards/epochs/{id} (public, issue 28): what an epoch split and how. Before the epoch is
 * distributed, `distributed_at` is null and the figures are 0.
 */
export const epochSummarySchema = z.object({
  epoch: rewardEpochSchema,
  distributed_at: z.string().nullable(),
  pool: tokenAmount,
  /** Members credited an amount (not only carried). */
  members_paid: z.number().int(),
  paid: tokenAmount,
  /** What rounding and the share cap left unpaid. */
  remainder: tokenAmount,
  /** As the leaderboard shows them: members whose statistics are private as 'Anonymous'. */
  top_recipients: leaderboardSchema.shape.entries,
  trust_weighting: z.object({
    /** Score points of the counted signals before and after scaling by the actors' trust. */
    unweighted_score: z.number(),
    weighted_score: z.number(),
    /**
     * Tokens today's unweighted scoring would have credited to members that trust weighting did
     * not: the sum over members of what they lost by it.
     */
    withheld: tokenAmount,
  }),
});
export type EpochSummary = z.infer<typeof epochSummarySchema>;
