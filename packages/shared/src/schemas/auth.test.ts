import { describe, expect, it } from 'vitest';
import { loginFormSchema, registerBodySchema } from './auth.js';
import { MAX_LENGTH } from '../limits.js';

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
