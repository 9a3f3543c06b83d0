import type { Kysely, Migration } from 'kysely';

/**
 * `notification_streams`: the live notification streams open on every server process, so that
 * their caps per member and per client address hold across processes on PostgreSQL without Redis
 * (services/notifications/stream-slots.ts; with Redis they are counted there, and SQLite's one
 * process counts in memory, so on SQLite the table stays empty). One row per open stream;
 * `expires_at` is its lease, in milliseconds since 1970 of the database's clock, renewed by its
 * process while the stream is open: a process that dies leaves rows that stop counting when their
 * lease runs out and are swept away after.
 */
export const notificationStreamsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notification_streams')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('notification_streams_user_index')
      .on('notification_streams')
      .columns(['user_id', 'expires_at'])
      .execute();
    await db.schema
      .createIndex('notification_streams_address_index')
      .on('notification_streams')
      .columns(['address', 'expires_at'])
      .execute();
    await db.schema
      .createIndex('notification_streams_expiry_index')
      .on('notification_streams')
      .column('expires_at')
      .execute();
  },
};
