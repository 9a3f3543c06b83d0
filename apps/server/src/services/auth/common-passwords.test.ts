import { COMMON_PASSWORDS_REFUSED, MESSAGES } from '@symposia/shared';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors.js';
import { assertUncommonPassword, commonPasswords, isCommonPassword } from './common-passwords.js';

describe('common passwords', () => {
  it('ships exactly the 10,000 most common passwords, lower-cased', () => {
    const list = commonPasswords();
    expect(list.size).toBe(COMMON_PASSWORDS_REFUSED);
    expect(list.has('123456')).toBe(true);
    expect(list.has('password')).toBe(true);
    for (const password of list) expect(password).toBe(password.toLowerCase());
  });

  it('compares without regard to letter case', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('PassWord123')).toBe(true);
    expect(isCommonPassword('correct horse battery')).toBe(false);
  });

  it('names the field and says why', () => {
    expect(() => assertUncommonPassword('Qwertyuiop', 'new_password')).toThrow(InvalidInputError);
    try {
      assertUncommonPassword('Qwertyuiop', 'new_password');
    } catch (error) {
      expect((error as InvalidInputError).errors).toEqual([
        { field: 'new_password', message: MESSAGES.commonPassword(COMMON_PASSWORDS_REFUSED) },
      ]);
    }
    expect(MESSAGES.commonPassword(COMMON_PASSWORDS_REFUSED)).toMatch(
      /^is one of the 10,000 most common passwords/,
    );
    expect(() => assertUncommonPassword('correct horse battery', 'password')).not.toThrow();
  });
});
