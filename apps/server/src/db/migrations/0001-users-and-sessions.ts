import type { Kysely, Migration } from 'kysely';

// Migrations take an untyped database: they describe the schema as it was at that step, not as
// the current types say it is.
export const usersAndSessions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('username', 'text', (col) => col.notNull())
      .addColumn('username_lower', 'text', (col) => col.notNull())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.notNull())
      .addColumn('self_page', 'text', (col) => col.notNull())
      .addColumn('bio', 'text', (col) => col.notNull())
      .addColumn('nickname', 'text', (col) => col.notNull())
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('tags', 'text', (col) => col.notNull())
      .addColumn('avatar', 'text', (col) => col.notNull())
      .addColumn('public_posts', 'integer', (col) => col.notNull())
      .addColumn('public_activities', 'integer', (col) => col.notNull())
      .addColumn('public_profile', 'integer', (col) => col.notNull())
      .addColumn('public_statistics', 'integer', (col) => col.notNull())
      .addColumn('public_contact', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addUniqueConstraint('users_username_lower_unique', ['username_lower'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('revoked_at', 'text')
      .addColumn('last_used_at', 'text')
      .addUniqueConstraint('sessions_token_hash_unique', ['token_hash'])
      .execute();

    await db.schema
      .createIndex('sessions_user_id_index')
      .on('sessions')
      .column('user_id')
      .execute();
  },
};
