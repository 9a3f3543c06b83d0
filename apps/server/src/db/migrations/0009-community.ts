import type { Kysely, Migration } from 'kysely';
import { createReportsIndexes, createReportsTable } from './reports-table.js';

/**
 * Reports, moderation and notifications (docs/ARCHITECTURE.md §4).
 *
 * - `posts.hidden_at`, `comments.hidden_at`: a moderator hid it; only its author and the
 *   moderators see it (repositories/visibility.ts). Null when not hidden (or restored).
 * - `users.suspended_until`: no sign-in before this time; null when not suspended.
 * - `reports`: one per reporter and target while open (a partial unique index); resolving one
 *   resolves every open report on the same target. `target_author_id` is whom it is about. Its
 *   columns and indexes are written once, in reports-table.ts, which the later rebuilds use too.
 * - `moderation_log`: append-only; every moderator action is a row, none is ever changed.
 * - `notifications`: one per recipient and event. `group_key` gathers what is counted together
 *   (the likes on one target in one day) and, with the recipient, is unique; `notification_actors`
 *   holds who is behind a grouped one, so a like taken back and given again counts once.
 * - `notification_settings`: a row per member and type they turned off (no row: on).
 */
export const communityMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('posts').addColumn('hidden_at', 'text').execute();
    await db.schema.alterTable('comments').addColumn('hidden_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('suspended_until', 'text').execute();

    await createReportsTable(db, 'reports', {
      name: 'reports_target_type_check',
      kinds: ['post', 'comment', 'user'],
    });
    await createReportsIndexes(db);

    await db.schema
      .createTable('moderation_log')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('moderator_id', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('target_type', 'text', (col) => col.notNull())
      .addColumn('target_id', 'text', (col) => col.notNull())
      .addColumn('note', 'text', (col) => col.notNull())
      .addColumn('report_id', 'text')
      .addColumn('suspended_until', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('moderation_log_by_time')
      .on('moderation_log')
      .columns(['created_at', 'id'])
      .execute();

    await db.schema
      .createTable('notifications')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('post_id', 'text')
      .addColumn('comment_id', 'text')
      .addColumn('excerpt', 'text', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('group_key', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('read_at', 'text')
      .execute();
    await db.schema
      .createIndex('notifications_one_per_group')
      .on('notifications')
      .columns(['user_id', 'group_key'])
      .unique()
      .execute();
    await db.schema
      .createIndex('notifications_by_recipient')
      .on('notifications')
      .columns(['user_id', 'updated_at'])
      .execute();
    await db.schema
      .createTable('notification_actors')
      .addColumn('notification_id', 'text', (col) =>
        col.notNull().references('notifications.id').onDelete('cascade'),
      )
      .addColumn('actor_id', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('notification_actors_pk', ['notification_id', 'actor_id'])
      .execute();
    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'type'])
      .execute();
  },
};
