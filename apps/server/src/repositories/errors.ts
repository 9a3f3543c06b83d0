/** An insert hit a unique index; tells services which one so they can name the conflict. */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(readonly constraint: string) {
    super(`duplicate key for ${constraint}`);
  }
}

const SQLITE_UNIQUE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const POSTGRES_UNIQUE_VIOLATION = '23505';

/**
 * Runs an insert and turns a unique-index violation of either dialect into a DuplicateKeyError.
 * The index, not a prior lookup, is what settles two concurrent inserts of the same key.
 */
export async function insertUnique<T>(constraint: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (
      typeof code === 'string' &&
      (SQLITE_UNIQUE_CODES.has(code) || code === POSTGRES_UNIQUE_VIOLATION)
    ) {
      throw new DuplicateKeyError(constraint);
    }
    throw error;
  }
}

/**
 * A write found the row it depends on gone or deleted meanwhile (a like of a post deleted a moment
 * before, a reply to a comment just deleted). Nothing was written.
 */
export class RowGoneError extends Error {
  override readonly name = 'RowGoneError';
  constructor(readonly table: 'posts' | 'comments') {
    super(`the ${table} row is gone`);
  }
}
