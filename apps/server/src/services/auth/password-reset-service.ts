import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PASSWORD_RESET_ACCOUNTS_PER_EMAIL,
  type PasswordResetConfirmBody,
  type PasswordResetRequestBody,
} from '@symposia/shared';
import type { MailLanguage } from '../../domain/mail.js';
import type { EmailTokenRepository } from '../../repositories/index.js';
import type { AfterWrite } from '../after-write.js';
import type { Clock } from '../clock.js';
import { TooManyAttemptsError } from '../errors.js';
import { newMail } from '../mail/new-mail.js';
import { PASSWORD_RESET_TEMPLATE } from '../mail/templates.js';
import { addressKey } from '../rate-limit/client-address.js';
import type { RateLimit, RateLimiter } from '../rate-limit/rate-limiter.js';
import { assertUncommonPassword } from './common-passwords.js';
import { linkTokenHash, refusedLink } from './email-links.js';
import { hashPassword } from './passwords.js';
import { usernameKey } from './usernames.js';

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/**
 * The resolve-password-reset job, as every process that runs jobs builds it: the accounts the
 * request names (the username, or every account with that email address, up to
 * PASSWORD_RESET_ACCOUNTS_PER_EMAIL) get a message, each within its account's limit; the request
 * is deleted. Resolves to how many were queued.
 */
export function passwordResetResolver(deps: {
  tokens: EmailTokenRepository;
  /** Reset emails per account (PASSWORD_RESET_RATE_LIMIT_ACCOUNT_*), counted in the outbox. */
  perAccount: RateLimit;
  now: Clock;
  /** MAIL_MAX_ATTEMPTS. */
  maxAttempts: number;
}): (requestId: string) => Promise<number> {
  const { tokens, now } = deps;
  return async (requestId) => {
    const request = await tokens.resetRequest(requestId);
    if (!request) return 0;
    const login = request.login.trim();
    const accounts = await tokens.accountsFor(
      { usernameKey: usernameKey(login), email: login.includes('@') ? login : null },
      PASSWORD_RESET_ACCOUNTS_PER_EMAIL,
    );
    const at = now();
    const mails = accounts.map((account) =>
      newMail(at, deps.maxAttempts, {
        template: PASSWORD_RESET_TEMPLATE,
        userId: account.id,
        recipient: account.email,
        language: request.language,
        params: { username: account.username },
      }),
    );
    return tokens.resolveReset(requestId, mails, {
      template: PASSWORD_RESET_TEMPLATE,
      since: new Date(at.getTime() - deps.perAccount.windowSeconds * 1000).toISOString(),
      max: deps.perAccount.max,
    });
  };
}

/**
 * "Forgot password?" (issue 30). A request names an account by username or email address and is
 * answered the same whether one matches or not, in the same time: it only records the request
 * and queues a job (the same writes either way), limited per client address. The job
 * (`resolve`) finds the accounts and queues their messages, at most
 * PASSWORD_RESET_RATE_LIMIT_ACCOUNT_MAX per account per window whoever asks, silently beyond. The link (single use, 1 h,
 * stored as a digest) opens a screen that sets a new password (`confirm`), which signs out every
 * session of the account at once, in every process.
 */
export function createPasswordResetService(deps: {
  tokens: EmailTokenRepository;
  /** Reset requests per client address (PASSWORD_RESET_RATE_LIMIT_IP_*). */
  perAddress: RateLimiter;
  /** Reset emails per account (PASSWORD_RESET_RATE_LIMIT_ACCOUNT_*), counted in the outbox. */
  perAccount: RateLimit;
  now: Clock;
  /** MAIL_MAX_ATTEMPTS: the request's job and its messages' jobs. */
  maxAttempts: number;
  /** Tells every process that the account's sessions ended (the session caches, the streams). */
  afterWrite: AfterWrite;
}) {
  const { tokens, now } = deps;

  return {
    /** POST /auth/password_reset/request. TooManyAttemptsError past the address's limit. */
    async request(
      body: PasswordResetRequestBody,
      client: { ip: string; language: MailLanguage },
    ): Promise<void> {
      const decision = await deps.perAddress.consume(addressKey(client.ip));
      if (!decision.allowed) {
        throw new TooManyAttemptsError(decision.retryAfterSeconds, MESSAGES.tooManyPasswordResets);
      }
      await tokens.requestReset({
        id: randomUUID(),
        jobId: randomUUID(),
        login: body.username_or_email,
        language: client.language,
        requestedAt: now().toISOString(),
        maxAttempts: deps.maxAttempts,
      });
    },

    /** The resolve-password-reset job (passwordResetResolver). */
    resolve: passwordResetResolver(deps),

    /**
     * POST /auth/password_reset/confirm: the new password for the link's account; every session
     * of it ends. InvalidInputError for a common password, or (field `token`) a link that is not
     * one, expired, used, or sent to an address the account no longer has. The link is checked
     * before the password is hashed, so a made-up token costs no hash.
     */
    async confirm(body: PasswordResetConfirmBody): Promise<{ signedOutSessions: number }> {
      assertUncommonPassword(body.new_password, 'new_password');
      const hash = linkTokenHash(body.token);
      if (hash === null) throw refusedLink('invalid');
      const found = await tokens.check(hash, 'password-reset', now().toISOString());
      if (!found.ok) throw refusedLink(found.reason);
      const passwordHash = await hashPassword(body.new_password);
      const outcome = await tokens.resetPassword(hash, passwordHash, now().toISOString());
      if (!outcome.ok) throw refusedLink(outcome.reason);
      await deps.afterWrite({ sessionsEnded: outcome.userId });
      return { signedOutSessions: outcome.signedOut };
    },
  };
}
