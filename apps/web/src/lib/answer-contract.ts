import * as contract from '@symposia/shared';
import { z, type ZodType } from 'zod';
import type { AnswerSchemaName } from './answer-schema';

/**
 * Loaded lazily by the api-client (lib/answer-schema.ts): zod and every schema of the shared
 * contract, to check answers with exactly what the server declares for them.
 */

export type AnswerCheck = { ok: true; data: unknown } | { ok: false; details: string };

export function schemaNamed(name: AnswerSchemaName): ZodType {
  return contract[name] as ZodType;
}

/** Checks an answer, or each item of a list answer, against the schema. */
export function checkAnswer(
  schema: ZodType | AnswerSchemaName,
  data: unknown,
  { list = false }: { list?: boolean } = {},
): AnswerCheck {
  const resolved = typeof schema === 'string' ? schemaNamed(schema) : schema;
  const result = (list ? z.array(resolved) : resolved).safeParse(data);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, details: z.prettifyError(result.error) };
}
