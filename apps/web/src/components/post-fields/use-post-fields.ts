import { useCallback, useState } from 'react';
import type { FieldError } from '@/lib/api-client';
import {
  postFieldErrorsOf,
  type PostFieldErrors,
  type PostFieldName,
  type PostFieldValues,
} from './field-errors';

/**
 * The state of a form of post fields: the values as typed and the problems shown under them. A
 * field's problem goes as soon as the field is changed.
 */
export function usePostFields(initial: PostFieldValues) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<PostFieldErrors>({});

  const change = useCallback(<K extends PostFieldName>(field: K, value: PostFieldValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** Shows these problems (a 422's errors, a schema's issues) in place of the earlier ones. */
  const showProblems = useCallback((problems: readonly FieldError[]): PostFieldErrors => {
    const next = postFieldErrorsOf(problems);
    setErrors(next);
    return next;
  }, []);

  const reset = useCallback((next: PostFieldValues) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, errors, change, showProblems, reset };
}
