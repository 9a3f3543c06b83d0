import { z } from 'zod';
import {
  AVATAR_URL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  SELF_PAGE_MAX_LENGTH,
  TAGS_MAX_LENGTH,
} from '../limits.js';
import { optionalText, httpUrlSchema } from './common.js';

export const usernameSchema = z
  .string({ message: 'username is required' })
  .trim()
  .min(1, { message: 'username is required' })
  .max(MAX_LENGTH.username, { message: `must be at most ${MAX_LENGTH.username} characters` })
  .regex(/^[\p{L}\p{N}_.-]+$/u, {
    message: 'may contain only letters, digits, "_", "." and "-"',
  });

export const passwordSchema = z
  .string({ message: 'password is required' })
  .min(1, { message: 'password is required' })
  .min(PASSWORD_MIN_LENGTH, { message: `must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { message: `must be at most ${PASSWORD_MAX_LENGTH} characters` });

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: 'must be a valid email address' }));

export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, { message: `must be at most ${PHONE_MAX_LENGTH} characters` })
  .regex(/^\+?[0-9 ()-]{3,}$/, { message: 'must be a phone number' });

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** POST /auth/register (form). */
export const registerBodySchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: z.preprocess(emptyToUndefined, emailSchema.optional()),
  phone: z.preprocess(emptyToUndefined, phoneSchema.optional()),
  self_page: optionalText(SELF_PAGE_MAX_LENGTH),
  bio: optionalText(MAX_LENGTH.bio),
  nickname: optionalText(NICKNAME_MAX_LENGTH),
  url: z.preprocess(emptyToUndefined, httpUrlSchema(MAX_LENGTH.url).optional()),
  title: optionalText(MAX_LENGTH.title),
  tags: optionalText(TAGS_MAX_LENGTH),
  avatar: optionalText(AVATAR_URL_MAX_LENGTH),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * What a person types into the sign-in form. Only presence is checked here: the password policy
 * applies when an account is created, not when an existing one signs in.
 */
export const loginFormSchema = z.object({
  username: z
    .string({ message: 'username is required' })
    .trim()
    .min(1, { message: 'username is required' }),
  password: z
    .string({ message: 'password is required' })
    .min(1, { message: 'password is required' }),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** POST /auth/token (form): the OAuth2 resource-owner password grant (RFC 6749 §4.3). */
export const tokenRequestBodySchema = z.object({
  grant_type: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});
export type TokenRequestBody = z.infer<typeof tokenRequestBodySchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** RFC 6749 §5.2 error body, with our usual `detail` for people. */
export const oauthErrorBodySchema = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_grant_type',
    'invalid_scope',
  ]),
  error_description: z.string(),
  detail: z.string(),
});
export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;

/** Fixed placeholders the web client sends for the OAuth2 fields it does not use (spec §7). */
export const WEB_CLIENT_TOKEN_FIELDS = {
  grant_type: 'password',
  scope: '',
  client_id: 'symposia-web',
  client_secret: '',
} as const;

export const logoutResponseSchema = z.object({
  status: z.literal('success'),
});
