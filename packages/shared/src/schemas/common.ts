import { z } from 'zod';

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
