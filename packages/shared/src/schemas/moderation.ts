import { z } from 'zod';
import {
  MODERATION_DEFAULT_LIMIT,
  MODERATION_MAX_LIMIT,
  MODERATION_NOTE_MAX_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
  SUSPEND_MAX_DAYS,
} from '../limits.js';
import { actorSchema, oneOfValues, pageQuerySchema } from './common.js';
import { MESSAGES } from '../messages.js';

/**
 * What a member may report: a post, a comment, a peer review or the post author's response to
 * one (issue 29; a response is named by its review's id: a review has one at most), or a member.
 */
export const REPORT_TARGET_TYPES = [
  'post',
  'comment',
  'review',
  'review_response',
  'user',
] as const;
export const reportTargetTypeSchema = oneOfValues(REPORT_TARGET_TYPES);
export type ReportTargetType = z.infer<typeof reportTargetTypeSchema>;

/** Why; the web app's report dialog offers these in this order. */
export const REPORT_REASONS = ['spam', 'abuse', 'off_topic', 'plagiarism', 'other'] as const;
export const reportReasonSchema = oneOfValues(REPORT_REASONS);
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export const reportStatusSchema = oneOfValues(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/**
 * How a moderator resolves a report. `dismiss`: nothing wrong. `hide`: the target is seen only by
 * its author (marked as hidden) and the moderators. `delete`: as the author's own delete.
 * `suspend`: the target's author is signed out everywhere and may not sign in until it ends.
 * A user is not hidden or deleted: a report on one is dismissed or suspends them.
 */
export const MODERATION_ACTIONS = ['dismiss', 'hide', 'delete', 'suspend'] as const;
export const moderationActionSchema = oneOfValues(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/**
 * What a moderator decides on a suspended member's frozen rewards (issue 28): `release` makes
 * them the member's again (claimable whenever they may sign in: at once if the suspension is
 * over, else when it ends); `forfeit` gives them back to the pool of the next distribution.
 */
export const REWARD_HOLD_ACTIONS = ['release', 'forfeit'] as const;
export const rewardHoldActionSchema = oneOfValues(REWARD_HOLD_ACTIONS);
export type RewardHoldAction = z.infer<typeof rewardHoldActionSchema>;

/**
 * What the moderation log records: the actions, `restore` (undoing a hide), and what a
 * suspension does to the member's rewards: `void_signals` (the signals they gave in the
 * undistributed epochs count nothing), `freeze_rewards` (their unclaimed balance is held), and
 * a moderator's `release_rewards` or `forfeit_rewards` of it; and marking a member trusted
 * (`trust`: a seed of community trust) or untrusted (`untrust`).
 */
export const MODERATION_LOG_ACTIONS = [
  ...MODERATION_ACTIONS,
  'restore',
  'void_signals',
  'freeze_rewards',
  'release_rewards',
  'forfeit_rewards',
  'trust',
  'untrust',
] as const;
export const moderationLogActionSchema = oneOfValues(MODERATION_LOG_ACTIONS);
export type ModerationLogAction = z.infer<typeof moderationLogActionSchema>;

/**
 * What a hide can be undone on (`POST /moderation/{target_type}/{id}/restore`; a response by its
 * review's id).
 */
export const RESTORABLE_TARGET_TYPES = ['post', 'comment', 'review', 'review_response'] as const;

/** Every moderation list pages alike. */
const moderationPageQuerySchema = pageQuerySchema(MODERATION_DEFAULT_LIMIT, MODERATION_MAX_LIMIT);

const idSchema = z
  .string({ message: MESSAGES.isRequired })
  .trim()
  .min(1, { message: MESSAGES.isRequired })
  .max(64, { message: MESSAGES.maxLength(64) });

/** POST /reports (JSON). */
export const createReportBodySchema = z.object({
  target_type: reportTargetTypeSchema,
  target_id: idSchema,
  reason: reportReasonSchema,
  note: z
    .string()
    .trim()
    .max(REPORT_NOTE_MAX_LENGTH, {
      message: MESSAGES.maxLength(REPORT_NOTE_MAX_LENGTH),
    })
    .default(''),
});
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

/** 201 answer of POST /reports. */
export const reportCreatedSchema = z.object({ id: z.string(), status: z.literal('open') });
export type ReportCreated = z.infer<typeof reportCreatedSchema>;

/** GET /reports/mine: the member's own reports, newest first, with what came of them. */
export const myReportSchema = z.object({
  id: z.string(),
  target_type: reportTargetTypeSchema,
  target_id: z.string(),
  /** The post the target is or is on (null for a user), for a link. */
  post_id: z.string().nullable(),
  reason: reportReasonSchema,
  note: z.string(),
  status: reportStatusSchema,
  /** The moderator's action once resolved. */
  outcome: moderationActionSchema.nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;
export const myReportListSchema = z.array(myReportSchema);
export const myReportsQuerySchema = moderationPageQuerySchema;
export type MyReportsQuery = z.infer<typeof myReportsQuerySchema>;

/** GET /moderation/reports query. */
export const moderationQueueQuerySchema = moderationPageQuerySchema.extend({
  status: reportStatusSchema.default('open'),
});
export type ModerationQueueQuery = z.infer<typeof moderationQueueQuerySchema>;

/**
 * One entry of the moderation queue: every report on one target, grouped, oldest target first.
 * `report_id` is the oldest report of the group; resolving it resolves them all.
 */
export const moderationQueueItemSchema = z.object({
  report_id: z.string(),
  target_type: reportTargetTypeSchema,
  target_id: z.string(),
  /**
   * The target as it is now: a post's title and text, a comment's, a review's or a response's
   * text (with its post's title), a user's bio.
   */
  target: z.object({
    title: z.string(),
    text: z.string(),
    /** The post the target is or is on (null for a user), for a link. */
    post_id: z.string().nullable(),
    hidden: z.boolean(),
    deleted: z.boolean(),
  }),
  /** Who wrote the target (the user themself for a user report); null once the account is gone. */
  author: actorSchema.nullable(),
  report_count: z.number().int(),
  reasons: z.array(z.object({ reason: reportReasonSchema, count: z.number().int() })),
  /** The reporters' notes, oldest first, with who wrote them. */
  notes: z.array(z.object({ reporter: actorSchema, note: z.string(), created_at: z.string() })),
  first_reported_at: z.string(),
  status: reportStatusSchema,
  outcome: moderationActionSchema.nullable(),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;
export const moderationQueueSchema = z.array(moderationQueueItemSchema);

const moderationNoteSchema = z
  .string({ message: MESSAGES.noteRequired })
  .trim()
  .min(1, { message: MESSAGES.noteRequired })
  .max(MODERATION_NOTE_MAX_LENGTH, {
    message: MESSAGES.maxLength(MODERATION_NOTE_MAX_LENGTH),
  });

/** POST /moderation/reports/{id}/resolve (JSON). `suspend_days` is required with `suspend`. */
export const resolveReportBodySchema = z
  .object({
    action: moderationActionSchema,
    note: moderationNoteSchema,
    suspend_days: z
      .number({ message: MESSAGES.wholeNumberOfDays })
      .int({ message: MESSAGES.wholeNumberOfDays })
      .min(1, { message: MESSAGES.atLeast(1) })
      .max(SUSPEND_MAX_DAYS, { message: MESSAGES.atMost(SUSPEND_MAX_DAYS) })
      .optional(),
  })
  .refine((body) => body.action !== 'suspend' || body.suspend_days !== undefined, {
    message: MESSAGES.requiredToSuspend,
    path: ['suspend_days'],
  });
export type ResolveReportBody = z.infer<typeof resolveReportBodySchema>;

/** Answer of resolve: how many open reports on the target it closed. */
export const resolveReportResultSchema = z.object({
  status: z.literal('resolved'),
  outcome: moderationActionSchema,
  resolved_count: z.number().int(),
  /** With `suspend`: until when. */
  suspended_until: z.string().nullable(),
});
export type ResolveReportResult = z.infer<typeof resolveReportResultSchema>;

/** POST /moderation/{target_type}/{id}/restore path and body. */
export const restoreParamsSchema = z.object({
  target_type: oneOfValues(RESTORABLE_TARGET_TYPES),
  id: idSchema,
});
export type RestoreParams = z.infer<typeof restoreParamsSchema>;
export const restoreBodySchema = z.object({ note: moderationNoteSchema });
export type RestoreBody = z.infer<typeof restoreBodySchema>;

/** GET /moderation/log: every moderator action, newest first; nothing is ever removed from it. */
export const moderationLogEntrySchema = z.object({
  id: z.string(),
  moderator: actorSchema,
  action: moderationLogActionSchema,
  target_type: reportTargetTypeSchema,
  target_id: z.string(),
  note: z.string(),
  /** The report it resolved, if any. */
  report_id: z.string().nullable(),
  suspended_until: z.string().nullable(),
  /** Freeze, release, forfeit: the tokens concerned (a decimal string of whole tokens). */
  amount: z.string().nullable(),
  /** Voiding signals: how many reversals it recorded. */
  signals: z.number().int().nullable(),
  created_at: z.string(),
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;
export const moderationLogSchema = z.array(moderationLogEntrySchema);
export const moderationLogQuerySchema = moderationPageQuerySchema;
export type ModerationLogQuery = z.infer<typeof moderationLogQuerySchema>;

/** POST /moderation/users/{id}/rewards path. */
export const rewardHoldParamsSchema = z.object({ id: idSchema });
export type RewardHoldParams = z.infer<typeof rewardHoldParamsSchema>;

/** POST /moderation/users/{id}/rewards (JSON): release or forfeit the member's frozen rewards. */
export const rewardHoldBodySchema = z.object({
  action: rewardHoldActionSchema,
  note: moderationNoteSchema,
});
export type RewardHoldBody = z.infer<typeof rewardHoldBodySchema>;

/** Answer of POST /moderation/users/{id}/rewards. */
export const rewardHoldResultSchema = z.object({
  action: rewardHoldActionSchema,
  /** The tokens released or forfeited (a decimal string of whole tokens). */
  amount: z.string(),
  /** With `forfeit`: the epoch whose pool they were added to. */
  pool_epoch: z.number().int().nullable(),
});
export type RewardHoldResult = z.infer<typeof rewardHoldResultSchema>;

/** GET /moderation/rewards/frozen: the members whose rewards are frozen, longest frozen first. */
export const frozenRewardsEntrySchema = z.object({
  user: actorSchema,
  amount: z.string(),
  frozen_at: z.string(),
  /** Null when the member is no longer suspended. */
  suspended_until: z.string().nullable(),
});
export type FrozenRewardsEntry = z.infer<typeof frozenRewardsEntrySchema>;
export const frozenRewardsSchema = z.array(frozenRewardsEntrySchema);
export const frozenRewardsQuerySchema = moderationPageQuerySchema;
export type FrozenRewardsQuery = z.infer<typeof frozenRewardsQuerySchema>;
