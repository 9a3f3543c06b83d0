import { z } from 'zod';
import {
  AVATAR_URL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  MAX_LENGTH,
  NICKNAME_MAX_LENGTH,
  OAUTH_FIELD_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_LENGTH,
  SELF_PAGE_MAX_LENGTH,
  TAGS_MAX_LENGTH,
} from '../limits.js';
import { MESSAGES } from '../messages.js';
import {
  errorBodySchema,
  optionalText,
  httpUrlSchema,
  validationErrorBodySchema,
} from './common.js';

const USERNAME_CHARACTERS = /^[\p{L}\p{N}_.-]+$/u;
const usernameTooLong = MESSAGES.maxLength(MAX_LENGTH.username);

/**
 * Whether a username is still within the limit in the NFKC form names are compared (and rate
 * limited) in. Some characters expand under NFKC (U+FDFA is one character, 18 after it), so the
 * raw length alone does not bound that form. The raw length is checked first, so a long input is
 * never normalised.
 */
export function usernameFitsAfterNormalization(username: string): boolean {
  const trimmed = username.trim();
  return (
    trimmed.length <= MAX_LENGTH.username && trimmed.normalize('NFKC').length <= MAX_LENGTH.username
  );
}

export const usernameSchema = z
  .string({ message: MESSAGES.fieldRequired('username') })
  .trim()
  .min(1, { message: MESSAGES.fieldRequired('username') })
  .max(MAX_LENGTH.username, { message: usernameTooLong })
  .superRefine((value, ctx) => {
    // Too long or empty: already reported above.
    if (value.length === 0 || value.length > MAX_LENGTH.username) return;
    // The rules hold for the form names are compared in, not only for what was typed: U+FDFA
    // passes as one letter but stands for 18 characters, spaces among them.
    const folded = value.normalize('NFKC');
    if (folded.length > MAX_LENGTH.username) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: MAX_LENGTH.username,
        inclusive: true,
        input: value,
        message: usernameTooLong,
      });
    } else if (!USERNAME_CHARACTERS.test(value) || !USERNAME_CHARACTERS.test(folded)) {
      ctx.addIssue({
        code: 'custom',
        input: value,
        message: MESSAGES.usernameCharacters,
      });
    }
  });

const newPassword = (field: string) =>
  z
    .string({ message: MESSAGES.fieldRequired(field) })
    .min(1, { message: MESSAGES.fieldRequired(field) })
    .min(PASSWORD_MIN_LENGTH, { message: MESSAGES.minLength(PASSWORD_MIN_LENGTH) })
    .max(PASSWORD_MAX_LENGTH, { message: MESSAGES.maxLength(PASSWORD_MAX_LENGTH) });

/**
 * A password being chosen. The server also refuses the most common passwords
 * (COMMON_PASSWORDS_REFUSED); that list is not shipped to the browser.
 */
export const passwordSchema = newPassword('password');

/** A new password as it is chosen again (password reset, schemas/email-links.ts). */
export const newPasswordSchema = newPassword('new_password');

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ message: MESSAGES.invalidEmail }));

export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, { message: MESSAGES.maxLength(PHONE_MAX_LENGTH) })
  .regex(/^\+?[0-9 ()-]{3,}$/, { message: MESSAGES.invalidPhone });

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * What the avatar upload (or /media/upload/ipfs) hands out: the gateway path of a CID on this
 * server, CIDv1 in base32 or CIDv0. Any other URL (another host, javascript:, data:) is refused,
 * so a profile can only show a picture this server stores.
 */
export const uploadedAvatarSchema = z
  .string()
  .trim()
  .max(AVATAR_URL_MAX_LENGTH, { message: MESSAGES.maxLength(AVATAR_URL_MAX_LENGTH) })
  .regex(/^\/ipfs\/(?:b[a-z2-7]{50,200}|Qm[1-9A-HJ-NP-Za-km-z]{44})$/, {
    message: MESSAGES.avatarNotUploaded,
  });

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
  avatar: z.preprocess(emptyToUndefined, uploadedAvatarSchema.optional()),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * What a person types into the sign-in form. Only presence is checked here: the password policy
 * applies when an account is created, not when an existing one signs in.
 */
export const loginFormSchema = z.object({
  username: z
    .string({ message: MESSAGES.fieldRequired('username') })
    .trim()
    .min(1, { message: MESSAGES.fieldRequired('username') }),
  password: z
    .string({ message: MESSAGES.fieldRequired('password') })
    .min(1, { message: MESSAGES.fieldRequired('password') }),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

const boundedField = (max: number) =>
  z
    .string()
    .max(max, { message: MESSAGES.maxLength(max) })
    .optional();

/**
 * POST /auth/token (form): the OAuth2 resource-owner password grant (RFC 6749 §4.3). Every field
 * is bounded, the username in its NFKC form too, so nothing oversized is hashed or becomes a key.
 */
export const tokenRequestBodySchema = z.object({
  grant_type: boundedField(OAUTH_FIELD_MAX_LENGTH.grant_type),
  username: z
    .string()
    .refine(usernameFitsAfterNormalization, { message: usernameTooLong, abort: true })
    .optional(),
  password: boundedField(PASSWORD_MAX_LENGTH),
  scope: boundedField(OAUTH_FIELD_MAX_LENGTH.scope),
  client_id: boundedField(OAUTH_FIELD_MAX_LENGTH.client_id),
  client_secret: boundedField(OAUTH_FIELD_MAX_LENGTH.client_secret),
});
export type TokenRequestBody = z.infer<typeof tokenRequestBodySchema>;

/**
 * 422 of the token endpoint for a field over its bound: the usual validation body (naming the
 * field) that still carries the OAuth2 error code, so OAuth clients read it as invalid_request.
 */
export const oauthValidationErrorBodySchema = validationErrorBodySchema.extend({
  error: z.literal('invalid_request'),
  error_description: z.string(),
});
export type OAuthValidationErrorBody = z.infer<typeof oauthValidationErrorBodySchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/**
 * RFC 6749 §5.2 error body, with our usual `detail` for people (and its message code, as every
 * error body has).
 */
export const oauthErrorBodySchema = errorBodySchema.extend({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_grant_type',
    'invalid_scope',
  ]),
  error_description: z.string(),
});
export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;

export const logoutResponseSchema = z.object({
  status: z.literal('success'),
});

/** POST /auth/change_password (form or JSON); the caller must be signed in. */
export const changePasswordBodySchema = z
  .object({
    old_password: z
      .string({ message: MESSAGES.fieldRequired('old_password') })
      .min(1, { message: MESSAGES.fieldRequired('old_password') })
      .max(PASSWORD_MAX_LENGTH, { message: MESSAGES.maxLength(PASSWORD_MAX_LENGTH) }),
    new_password: newPassword('new_password'),
  })
  .refine((body) => body.new_password !== body.old_password, {
    path: ['new_password'],
    message: MESSAGES.passwordUnchanged,
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordResponseSchema = z.object({
  status: z.literal('success'),
  /** Other sessions of the account that this change signed out. */
  signed_out_sessions: z.number().int().nonnegative(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** The web app's change-password form: the request body plus the repeated new password. */
export const changePasswordFormSchema = z
  .object({
    old_password: z.string().min(1, { message: MESSAGES.enterCurrentPassword }),
    new_password: newPassword('new_password'),
    confirm_password: z.string(),
  })
  .refine((form) => form.confirm_password === form.new_password, {
    path: ['confirm_password'],
    message: MESSAGES.passwordsDoNotMatch,
  })
  .refine((form) => form.new_password !== form.old_password, {
    path: ['new_password'],
    message: MESSAGES.passwordUnchanged,
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
