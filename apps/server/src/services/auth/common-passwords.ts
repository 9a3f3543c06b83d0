import { readFileSync } from 'node:fs';
import { COMMON_PASSWORDS_REFUSED, MESSAGES } from '@symposia/shared';
import { InvalidInputError } from '../errors.js';

// The list (common-passwords.txt beside this file says where it comes from and its license) stays
// in src/: tsc copies no text files, so it is found from the package root, which src/ and dist/
// both sit one level below (as app.ts finds package.json).
const LIST_URL = new URL('../../../src/services/auth/common-passwords.txt', import.meta.url);

let passwords: ReadonlySet<string> | undefined;

/** The shipped list, read once on first use (a worker process never needs it). */
export function commonPasswords(): ReadonlySet<string> {
  passwords ??= new Set(
    readFileSync(LIST_URL, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return passwords;
}

/** Whether a password is one of the most common ones, ignoring letter case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').toLowerCase());
}

/**
 * The rule a new password must pass beyond its length (checked by the shared schema): not one of
 * the COMMON_PASSWORDS_REFUSED most common passwords, which are the first ones guessed. Throws
 * InvalidInputError naming `field`.
 */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new InvalidInputError([
      { field, message: MESSAGES.commonPassword(COMMON_PASSWORDS_REFUSED) },
    ]);
  }
}
