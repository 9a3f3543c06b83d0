import { z } from 'zod';
import { LIST_MAX_SKIP } from '../limits.js';

/** Form fields arrive as strings; an empty one means "not given". */
export const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(max, { message: `must be at most ${max} characters` })
      .optional(),
  );

export const httpUrlSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value), {
      message: 'must be an http or https URL',
    });

/** The error body of every failed API call (docs/ARCHITECTURE.md §3). */
export const errorBodySchema = z.object({
  detail: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** 422 bodies also name the fields at fault. */
export const validationErrorBodySchema = errorBodySchema.extend({
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

/** `skip` and `limit` of a paged list, bounded like every list of the API. */
export const pageQuerySchema = (defaultLimit: number, maxLimit: number) =>
  z.object({
    skip: z.coerce
      .number({ message: 'must be a whole number' })
      .int({ message: 'must be a whole number' })
      .min(0, { message: 'must be at least 0' })
      .max(LIST_MAX_SKIP, { message: `must be at most ${LIST_MAX_SKIP}` })
      .default(0),
    limit: z.coerce
      .number({ message: 'must be a whole number' })
      .int({ message: 'must be a whole number' })
      .min(1, { message: 'must be at least 1' })
      .max(maxLimit, { message: `must be at most ${maxLimit}` })
      .default(defaultLimit),
  });

/** Who did something, as lists show them: enough for a name, a link and an avatar. */
export const actorSchema = z.object({ id: z.string(), username: z.string(), avatar: z.string() });
export type ActorSummary = z.infer<typeof actorSchema>;
