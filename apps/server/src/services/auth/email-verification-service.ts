import { MESSAGES } from '@symposia/shared';
import type { MailLanguage, NewMail } from '../../domain/mail.js';
import type { User } from '../../domain/user.js';
import type { EmailTokenRepository, MailRepository } from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { ConflictError, InvalidInputError, TooManyAttemptsError } from '../errors.js';
import { newMail } from '../mail/new-mail.js';
import { VERIFY_EMAIL_TEMPLATE } from '../mail/templates.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { linkTokenHash, refusedLink } from './email-links.js';

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;

/**
 * Verified email addresses (issue 30): registering with an address, or changing it, queues a
 * message with a single-use link (24 h) in the same transaction (account-service.ts,
 * profile-service.ts take `mailFor`); the member may ask for it again; the link's screen sends
 * its token back (`verify`). A verified address is a trust signal (docs/TRUST.md).
 */
export function createEmailVerificationService(deps: {
  mail: MailRepository;
  tokens: EmailTokenRepository;
  /** Verification emails a member asks for again, per member (EMAIL_VERIFICATION_RATE_LIMIT_*). */
  limiter: RateLimiter;
  now: Clock;
  /** MAIL_MAX_ATTEMPTS. */
  maxAttempts: number;
  /** The member's account changed: cached lookups of it (GET /auth/me) are read afresh. */
  accountChanged: (userId: string) => Promise<void>;
}) {
  const { mail, tokens, limiter, now } = deps;

  /** The verification message of `email` for the member, to queue with what sets the address. */
  function mailFor(
    user: Pick<User, 'id' | 'username'>,
    email: string,
    language: MailLanguage,
  ): NewMail {
    return newMail(now(), deps.maxAttempts, {
      template: VERIFY_EMAIL_TEMPLATE,
      userId: user.id,
      recipient: email,
      language,
      params: { username: user.username, email },
    });
  }

  return {
    mailFor,

    /**
     * "Resend verification": another message for the member's address. InvalidInputError when
     * they have none, ConflictError when it is verified already, TooManyAttemptsError past the
     * limit.
     */
    async resend(user: User, language: MailLanguage): Promise<void> {
      if (user.email.trim() === '') {
        throw new InvalidInputError([{ field: 'email', message: MESSAGES.noEmailToVerify }]);
      }
      if (user.emailVerified) throw new ConflictError(MESSAGES.emailAlreadyVerified);
      const decision = await limiter.consume(user.id);
      if (!decision.allowed) {
        throw new TooManyAttemptsError(
          decision.retryAfterSeconds,
          MESSAGES.tooManyVerificationEmails,
        );
      }
      await mail.queue(mailFor(user, user.email, language));
    },

    /**
     * Uses a verification link: the address it was sent to is verified, if it is still the
     * account's. InvalidInputError (field `token`) for a link that is not one, expired, used, or
     * for an address the account no longer has.
     */
    async verify(token: string): Promise<{ email: string }> {
      const hash = linkTokenHash(token);
      if (hash === null) throw refusedLink('invalid');
      const outcome = await tokens.verifyEmail(hash, now().toISOString());
      if (!outcome.ok) throw refusedLink(outcome.reason);
      await deps.accountChanged(outcome.userId);
      return { email: outcome.email };
    },
  };
}
