import { doiSchema, type Visibility } from '@symposia/shared';
import type { FieldError } from '@/lib/api-client';

/** A post's fields as typed: what the upload sends (POST /media/upload) and an edit changes. */
export type PostFieldValues = {
  title: string;
  summary: string;
  content: string;
  /** Comma-separated, as typed. */
  tags: string;
  /** As typed or pasted (a https://doi.org/ link is fine); '' for none. */
  doi: string;
  ai_instruction: string;
  visibility: Visibility;
};

export type PostFieldName = keyof PostFieldValues;

/** A field's problem: the English message, with the code and values that translate it. */
export type PostFieldError = Pick<FieldError, 'message' | 'code' | 'values'>;

export type PostFieldErrors = Partial<Record<PostFieldName, PostFieldError>>;

export const EMPTY_POST_FIELDS: PostFieldValues = {
  title: '',
  summary: '',
  content: '',
  tags: '',
  doi: '',
  ai_instruction: '',
  visibility: 'public',
};

const POST_FIELD_NAMES = new Set<string>(Object.keys(EMPTY_POST_FIELDS));

/** The field a server or schema problem is about, by the name the API gives it. */
export function postFieldOf(name: string): PostFieldName | undefined {
  // The upload takes the summary under the spec's older name too (shared uploadFieldsSchema).
  if (name === 'description') return 'summary';
  return POST_FIELD_NAMES.has(name) ? (name as PostFieldName) : undefined;
}

/**
 * The problems to show under the fields: a 422's `errors` (each names its field) or a shared
 * schema's issues. The first problem of a field is shown; one about no field of the form is left
 * to the caller.
 */
export function postFieldErrorsOf(problems: readonly FieldError[]): PostFieldErrors {
  const errors: PostFieldErrors = {};
  for (const { field, message, code, values } of problems) {
    const name = postFieldOf(field);
    if (name && !errors[name]) errors[name] = { message, code, values };
  }
  return errors;
}

/** A shared zod schema's issues as field problems (the field is the first step of the path). */
export function schemaProblemsOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldError[] {
  return error.issues.map((issue) => ({
    field: String(issue.path[0] ?? ''),
    message: issue.message,
  }));
}

/** Why a typed DOI is refused (the server's own rule), or undefined when it is fine or empty. */
export function doiProblem(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const parsed = doiSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
