import { describe, expect, it } from 'vitest';
import {
  changePasswordBodySchema,
  changePasswordFormSchema,
  loginFormSchema,
  registerBodySchema,
  tokenRequestBodySchema,
  usernameSchema,
} from './auth.js';
import { MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';

describe('registerBodySchema', () => {
  it('treats empty optional form fields as absent', () => {
    const parsed = registerBodySchema.parse({
      username: 'ada',
      password: 'correct horse',
      email: '',
      url: ' ',
    });
    expect(parsed.email).toBeUndefined();
    expect(parsed.url).toBeUndefined();
  });

  it('rejects a username longer than the spec limit', () => {
    const result = registerBodySchema.safeParse({
      username: 'a'.repeat(MAX_LENGTH.username + 1),
      password: 'correct horse',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['username']);
  });

  it('accepts only http and https urls', () => {
    const base = { username: 'ada', password: 'correct horse' };
    expect(registerBodySchema.safeParse({ ...base, url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(registerBodySchema.safeParse({ ...base, url: 'https://ada.example' }).success).toBe(
      true,
    );
  });
});

describe('loginFormSchema', () => {
  it('needs a username and a password, without the registration password policy', () => {
    expect(loginFormSchema.safeParse({ username: 'ada', password: 'x' }).success).toBe(true);
    const result = loginFormSchema.safeParse({ username: '  ', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['username', 'password']);
  });
});

describe('usernameSchema', () => {
  it('holds names to the limit and the characters in their NFKC form', () => {
    expect(usernameSchema.safeParse('Ada_Lovelace.1-2').success).toBe(true);
    // Full-width letters fold to ASCII and stay within the limit.
    expect(usernameSchema.safeParse('\uFF21\uFF44\uFF41').success).toBe(true);
    const one = usernameSchema.safeParse('\uFDFA');
    expect(one.error?.issues.map((issue) => issue.message)).toEqual([
      'may contain only letters, digits, "_", "." and "-"',
    ]);
    const two = usernameSchema.safeParse('\uFDFA\uFDFA');
    expect(two.error?.issues.map((issue) => issue.message)).toEqual([
      `must be at most ${MAX_LENGTH.username} characters`,
    ]);
  });
});

describe('tokenRequestBodySchema', () => {
  it('bounds the username after NFKC, and every other field', () => {
    expect(tokenRequestBodySchema.safeParse({ username: 'a'.repeat(20) }).success).toBe(true);
    expect(tokenRequestBodySchema.safeParse({ username: '\uFDFA' }).success).toBe(true);
    expect(tokenRequestBodySchema.safeParse({ username: '\uFDFA\uFDFA' }).success).toBe(false);
    for (const field of ['grant_type', 'password', 'scope', 'client_id', 'client_secret']) {
      const result = tokenRequestBodySchema.safeParse({ [field]: 'x'.repeat(257) });
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });
});

describe('registerBodySchema avatar', () => {
  it.each([
    ['/ipfs/bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e', true],
    ['/ipfs/QmPZ9gcCEpqKTo6aq61g2nXGUhM4iCL3ewB6LDXZCtioEB', true],
    ['', true],
    ['https://example.org/a.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['/ipfs/bafy/../../secret', false],
  ])('takes %j: %s', (avatar, ok) => {
    const result = registerBodySchema.safeParse({
      username: 'ada',
      password: 'correct horse',
      avatar,
    });
    expect(result.success).toBe(ok);
  });
});

describe('change password schemas', () => {
  it('needs both passwords and a new one that differs', () => {
    expect(
      changePasswordBodySchema.safeParse({ old_password: 'x', new_password: 'a new passphrase' })
        .success,
    ).toBe(true);
    const same = changePasswordBodySchema.safeParse({
      old_password: 'a new passphrase',
      new_password: 'a new passphrase',
    });
    expect(same.error?.issues).toMatchObject([
      { path: ['new_password'], message: MESSAGES.passwordUnchanged },
    ]);
  });

  it('checks on the form that the new password was typed twice alike', () => {
    const form = { old_password: 'old secret', new_password: 'a new passphrase' };
    expect(
      changePasswordFormSchema.safeParse({ ...form, confirm_password: form.new_password }).success,
    ).toBe(true);
    const mismatch = changePasswordFormSchema.safeParse({ ...form, confirm_password: 'other' });
    expect(mismatch.error?.issues).toMatchObject([
      { path: ['confirm_password'], message: MESSAGES.passwordsDoNotMatch },
    ]);
  });
});
