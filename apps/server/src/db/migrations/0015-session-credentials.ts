import type { Kysely, Migration } from 'kysely';

/**
 * Sessions that outlive no change of credentials, and that a member can recognise.
 *
 * - `users.credential_version`: moves on every password change and suspension. A sign-in reads it
 *   with the password hash and writes its session only if it is still the same, so a sign-in that
 *   overlapped a change opens nothing.
 * - `sessions.credential_version`: the version the session was opened under. Every lookup of a
 *   session compares it with the account's, so a session whose credentials changed meanwhile is
 *   refused even if something opened it after the change revoked the others.
 * - `sessions.user_agent`, `sessions.ip_address`: the device and address that signed in, shown in
 *   the member's list of their sessions (GET /auth/sessions). Empty for sessions opened before.
 */
export const sessionCredentialsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('credential_version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('credential_version', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('user_agent', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable('sessions')
      .addColumn('ip_address', 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  },
};
