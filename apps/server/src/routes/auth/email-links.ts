import {
  emailQueuedResponseSchema,
  passwordResetConfirmBodySchema,
  passwordResetConfirmResponseSchema,
  passwordResetRequestBodySchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@symposia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/auth.js';
import { mailLanguageOf } from '../../services/index.js';
import { answers } from '../answers.js';
import { routeOptions } from '../route-options.js';

const FORM_OR_JSON = ['application/x-www-form-urlencoded', 'application/json'];

/**
 * Issue 30: verified email addresses and password reset. The messages leave through the outbox
 * (services/mail/), in the language of the request that causes them (Accept-Language).
 */
export const emailLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const { emailVerification, passwordResets } = app.services;
  const route = routeOptions(app, 'auth');

  app.post(
    '/auth/verify_email',
    route.anyone({
      summary: 'Verify an email address: the token of the link sent to it',
      description:
        'The verification link (sent on registering with an address, changing it, or asking ' +
        'again) opens a screen that sends its token here. A link works once, for 24 hours, and ' +
        "only while the address is still the account's; `email_verified` of /auth/me says " +
        'the result. No sign-in needed: the token is the proof. 422 (field `token`) says why a ' +
        'link is refused: not a link, expired, used, or for an address since replaced.',
      consumes: FORM_OR_JSON,
      body: verifyEmailBodySchema,
      response: answers({ 200: verifyEmailResponseSchema }, 422),
    }),
    async (request) => {
      const { email } = await emailVerification.verify(request.body.token);
      return { status: 'success' as const, email };
    },
  );

  app.post(
    '/auth/verify_email/resend',
    route.member({
      summary: 'Send the verification link of your email address again',
      description:
        '202: the message is queued and leaves through the outbox. 422 when your profile has ' +
        'no email address, 409 when it is verified already, 429 beyond ' +
        'EMAIL_VERIFICATION_RATE_LIMIT_MAX per EMAIL_VERIFICATION_RATE_LIMIT_WINDOW_SECONDS.',
      response: answers({ 202: emailQueuedResponseSchema }, 401, 409, 422, 429),
    }),
    async (request, reply) => {
      await emailVerification.resend(
        signedIn(request).user,
        mailLanguageOf(request.headers['accept-language']),
      );
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/auth/password_reset/request',
    route.anyone({
      summary: 'Forgot password: send a reset link to the account of a username or email',
      description:
        'Always 202 with the same body, in the same time, whether or not an account matches: ' +
        'the accounts are looked up afterwards by a job, which sends each a link (single use, ' +
        'one hour) to its email address; an account without one gets nothing. 429 beyond ' +
        'PASSWORD_RESET_RATE_LIMIT_IP_MAX requests per client address per window; an account ' +
        'gets at most PASSWORD_RESET_RATE_LIMIT_ACCOUNT_MAX messages per window, whoever asks ' +
        '(beyond it, the answer is the same and nothing is sent).',
      consumes: FORM_OR_JSON,
      body: passwordResetRequestBodySchema,
      response: answers({ 202: emailQueuedResponseSchema }, 422, 429),
    }),
    async (request, reply) => {
      await passwordResets.request(request.body, {
        ip: request.ip,
        language: mailLanguageOf(request.headers['accept-language']),
      });
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/auth/password_reset/confirm',
    route.anyone({
      summary: 'Set a new password with the token of a reset link; signs out every session',
      description:
        'The token of the link sent by /auth/password_reset/request, and the new password ' +
        '(the registration rules: length, not one of the most common). Every session of the ' +
        'account ends at once, in every server process, and every other reset link of it stops ' +
        'working; sign in with the new password. The link also verifies the address it was ' +
        'sent to. 422 (field `token`) for a link that is not one, expired, used, or sent to an ' +
        'address the account no longer has.',
      consumes: FORM_OR_JSON,
      body: passwordResetConfirmBodySchema,
      response: answers({ 200: passwordResetConfirmResponseSchema }, 422),
    }),
    async (request) => {
      const { signedOutSessions } = await passwordResets.confirm(request.body);
      return { status: 'success' as const, signed_out_sessions: signedOutSessions };
    },
  );
};
