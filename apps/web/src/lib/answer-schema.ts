import type * as SharedContract from '@symposia/shared';
import type { ZodType, output } from 'zod';

/**
 * The shared contract (`@symposia/shared`), as types only: nothing of zod is loaded by this
 * module. Answers are checked by lib/answer-contract.ts, which the api-client loads on the first
 * answer it checks, so a page's first load carries no schema library (issue 17's budget).
 */
type Contract = typeof SharedContract;

/** The names of the shared contract's zod schemas, e.g. `'postDetailSchema'`. */
export type AnswerSchemaName = {
  [K in keyof Contract]: Contract[K] extends ZodType ? K : never;
}[keyof Contract];

/**
 * One schema of the shared contract, named rather than imported: the same schema the server
 * declares for its answer checks the answer here, once lib/answer-contract.ts is loaded.
 */
export type AnswerSchema<T> = {
  readonly contractSchema: AnswerSchemaName;
  /** Carries the answer's type; never set. */
  readonly __output?: T;
};

/** `contract('postDetailSchema')`: check this call's answer against that shared schema. */
export function contract<K extends AnswerSchemaName>(name: K): AnswerSchema<output<Contract[K]>> {
  return { contractSchema: name };
}

export const isAnswerSchema = (value: unknown): value is AnswerSchema<unknown> =>
  typeof value === 'object' && value !== null && 'contractSchema' in value;
