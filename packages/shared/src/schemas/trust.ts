import { z } from 'zod';
import { MODERATION_NOTE_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { actorSchema } from './common.js';

/**
 * Community trust (issue 28, docs/TRUST.md): every member's trust is a score in [0, 1] computed
 * from the interaction graph, propagated from seeds (the moderators and the members they mark
 * trusted). Nobody is shown another member's score, only its level.
 */
export const TRUST_LEVELS = [0, 1, 2, 3] as const;
/** 0 new, 1 basic, 2 member, 3 trusted (thresholds: TRUST_LEVEL_* settings). */
export const trustLevelSchema = z.number().int().min(0).max(3);
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** POST /moderation/users/{id}/trust (JSON): mark a member trusted (a seed) or untrusted. */
export const trustMarkBodySchema = z.object({
  seed: z.boolean({ message: MESSAGES.notBoolean }),
  note: z
    .string({ message: MESSAGES.noteRequired })
    .trim()
    .min(1, { message: MESSAGES.noteRequired })
    .max(MODERATION_NOTE_MAX_LENGTH, { message: MESSAGES.maxLength(MODERATION_NOTE_MAX_LENGTH) }),
});
export type TrustMarkBody = z.infer<typeof trustMarkBodySchema>;

export const trustMarkParamsSchema = z.object({
  id: z
    .string({ message: MESSAGES.isRequired })
    .trim()
    .min(1, { message: MESSAGES.isRequired })
    .max(64, { message: MESSAGES.maxLength(64) }),
});
export type TrustMarkParams = z.infer<typeof trustMarkParamsSchema>;

/** Answer of POST /moderation/users/{id}/trust: the mark as stored; levels change at the next run. */
export const trustMarkResultSchema = z.object({
  user_id: z.string(),
  seed: z.boolean(),
  note: z.string(),
  marked_at: z.string(),
});
export type TrustMarkResult = z.infer<typeof trustMarkResultSchema>;

/** 202 answer of POST /moderation/trust/recompute: the durable job that will run. */
export const trustRecomputeResultSchema = z.object({ job_id: z.string(), queued_at: z.string() });
export type TrustRecomputeResult = z.infer<typeof trustRecomputeResultSchema>;

/** A member as the moderators' trust panel shows them: who, their level and any mark. */
const trustMemberSchema = actorSchema.extend({
  trust_level: trustLevelSchema,
  /** true: marked trusted; false: marked untrusted; null: no mark. */
  seed: z.boolean().nullable(),
});

/**
 * GET /moderation/trust/down-weighted: the accounts whose given signals trust weighting discounted
 * most since `since`, each with the members they gave most to (their interaction cluster).
 */
export const downWeightedSchema = z.object({
  since: z.string(),
  /** When trust was last computed; null: never yet. */
  computed_at: z.string().nullable(),
  accounts: z.array(
    trustMemberSchema.extend({
      /** Score points the account's standing signals would give unweighted. */
      given: z.number(),
      /** The part of `given` trust weighting took away. */
      withheld: z.number(),
      /** Who they gave most to, most first, with the points given each. */
      cluster: z.array(trustMemberSchema.extend({ given: z.number() })),
    }),
  ),
});
export type DownWeighted = z.infer<typeof downWeightedSchema>;
