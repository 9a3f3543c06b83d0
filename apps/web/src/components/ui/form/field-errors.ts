/** A problem with a field: a schema's issue, or a 422's field error as `{path: [field]}`. */
export type FieldIssue = { path: readonly PropertyKey[]; message: string };

/** The first problem of each of `fields` (problems of other fields are left out). */
export function errorsByField<F extends string>(
  issues: readonly FieldIssue[],
  fields: readonly F[],
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (fields.includes(field as F) && !errors[field as F]) errors[field as F] = issue.message;
  }
  return errors;
}

/** Puts the keyboard on the first of `fields` (in their order) that has an error in `form`. */
export function focusFirstError<F extends string>(
  form: HTMLFormElement | null,
  fields: readonly F[],
  errors: Partial<Record<F, string>>,
): void {
  const first = fields.find((field) => errors[field]);
  if (first) form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}
