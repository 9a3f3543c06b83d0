import { z } from 'zod';
import { EMAIL_LINK_TOKEN_MAX_LENGTH, PASSWORD_RESET_LOGIN_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { newPasswordSchema } from './auth.js';

/**
 * Issue 30: verified email addresses and password reset. Each link sent by email carries a
 * single-use token; the screen it opens sends the token back with one of these calls.
 */

/**
 * The web app's screens that the links open, with `?token=…`: the server writes the links, the
 * web app routes them, both from here.
 */
export const EMAIL_LINK_PATHS = {
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  /**
   * One-click unsubscribe's screen: a GET of a message's List-Unsubscribe link (the API's) sends
   * the browser here, with `?token=…&topic=…`, and changes nothing by itself.
   */
  unsubscribe: '/unsubscribe',
  /** My Page; `?settings=notifications` opens its Settings at the notification preferences. */
  myPage: '/mypage',
  /** A post's page: `/forum/detail/{id}`, `#comment-{id}` for one of its comments. */
  post: '/forum/detail',
  /** The Token page, where rewards are claimed. */
  token: '/token',
} as const;

/** The query that opens My Page's Settings at the notification preferences. */
export const NOTIFICATION_PREFERENCES_QUERY = { settings: 'notifications' } as const;

/** The token of a link sent by email, as the screen read it from the link. */
const linkTokenSchema = z
  .string({ message: MESSAGES.fieldRequired('token') })
  .trim()
  .min(1, { message: MESSAGES.fieldRequired('token') })
  .max(EMAIL_LINK_TOKEN_MAX_LENGTH, { message: MESSAGES.emailLinkInvalid });

/** POST /auth/verify_email (JSON). */
export const verifyEmailBodySchema = z.object({ token: linkTokenSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** The address the link verified, which is the account's email from now on. */
export const verifyEmailResponseSchema = z.object({
  status: z.literal('success'),
  email: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/**
 * POST /auth/verify_email/resend and POST /auth/password_reset/request: the message is queued
 * (202); it leaves the server through the outbox, retried until it does.
 */
export const emailQueuedResponseSchema = z.object({ status: z.literal('accepted') });
export type EmailQueuedResponse = z.infer<typeof emailQueuedResponseSchema>;

/** POST /auth/password_reset/request (form or JSON): the account's username or email address. */
export const passwordResetRequestBodySchema = z.object({
  username_or_email: z
    .string({ message: MESSAGES.fieldRequired('username_or_email') })
    .trim()
    .min(1, { message: MESSAGES.fieldRequired('username_or_email') })
    .max(PASSWORD_RESET_LOGIN_MAX_LENGTH, {
      message: MESSAGES.maxLength(PASSWORD_RESET_LOGIN_MAX_LENGTH),
    }),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** POST /auth/password_reset/confirm (JSON): the link's token and the new password. */
export const passwordResetConfirmBodySchema = z.object({
  token: linkTokenSchema,
  new_password: newPasswordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

export const passwordResetConfirmResponseSchema = z.object({
  status: z.literal('success'),
  /** Sessions of the account that the new password signed out: all of them. */
  signed_out_sessions: z.number().int().nonnegative(),
});
export type PasswordResetConfirmResponse = z.infer<typeof passwordResetConfirmResponseSchema>;

/** The web app's reset form: the new password twice. */
export const passwordResetFormSchema = z
  .object({ new_password: newPasswordSchema, confirm_password: z.string() })
  .refine((form) => form.confirm_password === form.new_password, {
    path: ['confirm_password'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type PasswordResetForm = z.infer<typeof passwordResetFormSchema>;
