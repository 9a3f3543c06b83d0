import type { NewMail } from '../../domain/mail.js';
import { timeOrderedId } from '../../repositories/ordered-ids.js';

/** What the service that writes a message decides: the template, to whom, in which language. */
export type MailMessage = Omit<NewMail, 'id' | 'at' | 'maxAttempts'>;

/**
 * The message to queue, written at `at`: its id sorts in the order messages were written (the
 * outbox's order), and its send-email job makes at most `maxAttempts` (MAIL_MAX_ATTEMPTS).
 */
export function newMail<M extends MailMessage>(
  at: Date,
  maxAttempts: number,
  message: M,
): NewMail & M {
  return { id: timeOrderedId(at), ...message, at: at.toISOString(), maxAttempts };
}
