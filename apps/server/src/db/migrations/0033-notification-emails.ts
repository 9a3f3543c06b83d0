import type { Kysely, Migration } from 'kysely';

/**
 * Notification emails, the weekly digest and one-click unsubscribe (issue 30).
 *
 * - `member_presence`: when each member was last seen on the site (an authenticated request or
 *   their live notification stream, written at most once a minute per member), and the language
 *   they read it in, which their notification emails are written in. No row: never seen since.
 * - `notification_email_preferences`: per member and kind of notification (replies, mentions…,
 *   packages/shared/src/schemas/notification-preferences.ts), how email brings it: `immediate`,
 *   `digest` or `never`. No row: the kind's default. Whether the bell shows it stays in
 *   `notification_settings`, per type, as before.
 * - `notification_digests`: per member, whether the digest comes at all (`enabled`, 0 or 1; no
 *   row: on) and the digest period (`last_slot`, its scheduled time) of the last one queued for
 *   them, written in the transaction that queues it, so a rerun or a second worker never sends a
 *   member two for one period.
 * - `notifications.emailed_at`: when an email (immediate or digest) carried it, set in the
 *   transaction that queues that email: no notification is emailed twice.
 * - `notifications.in_app`: 1 when the bell shows it; 0 for one written only for email (the
 *   member turned the bell off for its type but wants it by email).
 * - `posts.validated_at`: when the post's review status last became `validated` (null while it
 *   is not): the digest's "newly validated".
 */
export const notificationEmailsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_presence')
      .addColumn('user_id', 'text', (col) =>
        col.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('last_seen_at', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('notification_email_preferences')
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('notification_email_preferences_pk', ['user_id', 'kind'])
      .execute();

    await db.schema
      .createTable('notification_digests')
      .addColumn('user_id', 'text', (col) =>
        col.primaryKey().references('users.id').onDelete('cascade'),
      )
      .addColumn('enabled', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('last_slot', 'text')
      .addColumn('last_sent_at', 'text')
      .execute();

    await db.schema.alterTable('notifications').addColumn('emailed_at', 'text').execute();
    await db.schema
      .alterTable('notifications')
      .addColumn('in_app', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('posts').addColumn('validated_at', 'text').execute();

    // The digest's reads: posts validated in a period, comments written in one.
    await db.schema
      .createIndex('posts_by_validated_at')
      .on('posts')
      .column('validated_at')
      .execute();
    await db.schema.createIndex('comments_by_time').on('comments').column('created_at').execute();
  },
};
