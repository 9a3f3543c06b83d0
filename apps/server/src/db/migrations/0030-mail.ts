import type { Kysely, Migration } from 'kysely';

/**
 * Email that leaves the server, verified addresses and password reset (issue 30).
 *
 * - `users.email_verified_at`: when the member proved they read `users.email` (a verification
 *   link sent to it); null when they have not, or changed the address since.
 * - `mail_outbox`: every message, written in the transaction of what causes it and sent by a
 *   durable `send-email` job (services/mail/), so a dead mail server loses nothing. A row names
 *   its template, recipient, language and the template's parameters (JSON); it holds no secret:
 *   a link's token is made when the message is sent, and only its digest is stored. `headers`:
 *   extra headers of this message (JSON), e.g. List-Unsubscribe.
 * - `email_tokens`: the single-use tokens of the links sent, by SHA-256 (hex): what a link does
 *   (`purpose`), for which account and address, the message that carried it, until when, and
 *   when it was used.
 * - `password_reset_requests`: a reset asked for by username or email address, resolved to
 *   accounts by a job, so the request answers the same, in the same time, whether an account
 *   matches or not; deleted once resolved.
 */
export const mailMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();

    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('template', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('recipient', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('params', 'text', (col) => col.notNull())
      .addColumn('headers', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema
      .createIndex('mail_outbox_by_member')
      .on('mail_outbox')
      .columns(['user_id', 'template', 'created_at'])
      .execute();

    await db.schema
      .createTable('email_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('message_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema
      .createIndex('email_tokens_by_member')
      .on('email_tokens')
      .columns(['user_id', 'purpose'])
      .execute();
    await db.schema
      .createIndex('email_tokens_by_expiry')
      .on('email_tokens')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('password_reset_requests')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('login', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('requested_at', 'text', (col) => col.notNull())
      .execute();
  },
};
