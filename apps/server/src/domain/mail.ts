import type { Language } from '@symposia/shared';

/**
 * Email (issue 30): what the services, the mail module and the repositories share. The durable
 * jobs are named here because the repositories queue them in the transactions that write what
 * they are about.
 */

/** Sends one message of the outbox (its subject: the mail_outbox id). */
export const SEND_EMAIL_JOB = 'send-email';
/** Finds the accounts a password reset request names and queues their messages. */
export const RESOLVE_PASSWORD_RESET_JOB = 'resolve-password-reset';

/** The languages a message is written in: the web app's (packages/shared/src/languages.ts). */
export type MailLanguage = Language;

/** What the single-use token of a link does. */
export type EmailTokenPurpose = 'verify-email' | 'password-reset';

/** A message to queue, written with what causes it (repositories/mail-repository.ts). */
export interface NewMail {
  /** Sorts in the order messages were written (the outbox file names follow it). */
  id: string;
  /** The template that writes it (services/mail/templates.ts). */
  template: string;
  userId: string | null;
  recipient: string;
  language: MailLanguage;
  /** The template's parameters: never a secret, they are stored as they are. */
  params: Record<string, string>;
  /** Extra headers of this message (List-Unsubscribe, …). */
  headers?: Record<string, string>;
  at: string;
  /** Attempts of its send-email job (MAIL_MAX_ATTEMPTS). */
  maxAttempts: number;
}
