import type { AppDatabase } from '../db/index.js';
import { storedLanguage } from '@symposia/shared';
import { SEND_EMAIL_JOB, type NewMail } from '../domain/mail.js';
import type { Executor } from './database.js';
import { enqueueJob } from './job-repository.js';

/** A message of the outbox as the sender reads it: what was queued, and whether it left. */
export type OutboxMessage = Omit<NewMail, 'at' | 'maxAttempts' | 'headers'> & {
  headers: Record<string, string>;
  status: 'queued' | 'sent' | 'failed';
  createdAt: string;
  sentAt: string | null;
};

/** A JSON object of strings as stored; anything else reads as empty (the row is ours). */
function stringRecord(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => {
        return typeof entry[1] === 'string';
      }),
    );
  } catch {
    return {};
  }
}

/**
 * Writes a message and its `send-email` job inside the caller's transaction: the message exists
 * exactly when what caused it does, and is sent (retried with backoff) whatever happens to the
 * mail server meanwhile. Jobs are one per (kind, subject), so each message is its own subject.
 */
export async function queueMail(trx: Executor, mail: NewMail): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      id: mail.id,
      template: mail.template,
      user_id: mail.userId,
      recipient: mail.recipient,
      language: mail.language,
      params: JSON.stringify(mail.params),
      headers: JSON.stringify(mail.headers ?? {}),
      status: 'queued',
      created_at: mail.at,
    })
    .execute();
  await enqueueJob(trx, {
    id: mail.id,
    kind: SEND_EMAIL_JOB,
    subjectId: mail.id,
    maxAttempts: mail.maxAttempts,
    at: mail.at,
  });
}

export type MailRepository = ReturnType<typeof createMailRepository>;

/** The outbox (migration 0030): messages queued, sent, or given up. */
export function createMailRepository(db: AppDatabase) {
  return {
    /** Queues one message on its own (nothing else is written with it). */
    async queue(mail: NewMail): Promise<void> {
      await db.transaction().execute((trx) => queueMail(trx, mail));
    },

    async message(id: string): Promise<OutboxMessage | undefined> {
      const row = await db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        template: row.template,
        userId: row.user_id,
        recipient: row.recipient,
        // Written from MailLanguage only; an unknown one is read as the default.
        language: storedLanguage(row.language),
        params: stringRecord(row.params),
        headers: stringRecord(row.headers),
        status: row.status,
        createdAt: row.created_at,
        sentAt: row.sent_at,
      };
    },

    /** The message left: its job will not send it again. */
    async markSent(id: string, at: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: at, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    /** Its job gave up: the message stays, with why, for the operator. */
    async markFailed(id: string, reason: string): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({ status: 'failed', last_error: reason })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .execute();
    },
  };
}
