import { z } from 'zod';
import { COMMENT_CURSOR_MAX_LENGTH, LIST_MAX_SKIP } from '../limits.js';
import { MESSAGES } from '../messages.js';

/** Form fields arrive as strings; an empty one means "not given". */
export const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(max, { message: MESSAGES.maxLength(max) })
      .optional(),
  );

export const httpUrlSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: MESSAGES.maxLength(max) })
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), {
      message: MESSAGES.invalidHttpUrl,
    });

/**
 * A message's stable code (message-codes.ts) and the values filled into it, beside its English
 * text, so a client can show it in its reader's language. Absent for texts with no code.
 */
const messageCodeFields = {
  code: z.string().optional(),
  values: z.record(z.string(), z.string()).optional(),
};

/** The error body of every failed API call (docs/ARCHITECTURE.md §3). */
export const errorBodySchema = z.object({
  detail: z.string(),
  ...messageCodeFields,
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** 422 bodies also name the fields at fault. */
export const validationErrorBodySchema = errorBodySchema.extend({
  errors: z.array(z.object({ field: z.string(), message: z.string(), ...messageCodeFields })),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

/** One of `values`; anything else is refused with a message that lists them. */
export const oneOfValues = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: MESSAGES.oneOf(values) });

/** A list's `limit` query field: how many it answers with, from 1 to `maxLimit`. */
export const limitQueryField = (defaultLimit: number, maxLimit: number) =>
  z.coerce
    .number({ message: MESSAGES.wholeNumber })
    .int({ message: MESSAGES.wholeNumber })
    .min(1, { message: MESSAGES.atLeast(1) })
    .max(maxLimit, { message: MESSAGES.atMost(maxLimit) })
    .default(defaultLimit);

/** `skip` and `limit` of a paged list, bounded like every list of the API. */
export const pageQuerySchema = (defaultLimit: number, maxLimit: number) =>
  z.object({
    skip: z.coerce
      .number({ message: MESSAGES.wholeNumber })
      .int({ message: MESSAGES.wholeNumber })
      .min(0, { message: MESSAGES.atLeast(0) })
      .max(LIST_MAX_SKIP, { message: MESSAGES.atMost(LIST_MAX_SKIP) })
      .default(0),
    limit: limitQueryField(defaultLimit, maxLimit),
  });

/**
 * `cursor` and `limit` of a list paged by keyset (a thread, a member's reviews): no cursor for the
 * first page, then the cursor the previous page gave (opaque to clients; the server says 422 to
 * one it did not make).
 */
export const cursorQuerySchema = (defaultLimit: number, maxLimit: number) =>
  z.object({
    cursor: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .max(COMMENT_CURSOR_MAX_LENGTH, { message: MESSAGES.invalidCursor })
        .regex(/^[A-Za-z0-9_-]+$/, { message: MESSAGES.invalidCursor })
        .optional(),
    ),
    limit: limitQueryField(defaultLimit, maxLimit),
  });

/** Who did something, as lists show them: enough for a name, a link and an avatar. */
export const actorSchema = z.object({ id: z.string(), username: z.string(), avatar: z.string() });
export type ActorSummary = z.infer<typeof actorSchema>;
