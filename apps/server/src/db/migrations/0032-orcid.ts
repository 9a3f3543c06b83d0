import type { Kysely, Migration } from 'kysely';

/**
 * Sign-in with ORCID (issue 30, services/oidc/).
 *
 * `users.orcid`: the member's ORCID iD, null when none is linked; unique, so an iD belongs to one
 * account at a time whoever races for it (several NULLs are allowed on both databases). An account
 * made by signing in with ORCID has no password: its `password_hash` is the empty string, which no
 * password matches (services/auth/passwords.ts).
 *
 * `oidc_flows`: the sign-ins and links started and not yet finished, one row per authorization
 * request, keyed by the SHA-256 of its `state` (the state itself is only in the browser's
 * redirect). It keeps what the callback checks — the nonce, the PKCE verifier, the SHA-256 of the
 * random value in the browser's httpOnly cookie — so any API process behind a load balancer
 * finishes a flow another one started. Taken (deleted) by its callback; expired rows are deleted
 * whenever a flow starts.
 *
 * `oidc_handoffs`: what the callback hands the web app, keyed by the SHA-256 of the one-time code
 * in the redirect's URL fragment: a verified sign-in of a member (`user_id`), or an ORCID iD no
 * account holds yet (`orcid`), which becomes an account under the username the person chooses.
 */
export const orcidMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('orcid', 'text').execute();
    await db.schema
      .createIndex('users_orcid_unique')
      .on('users')
      .column('orcid')
      .unique()
      .execute();

    await db.schema
      .createTable('oidc_flows')
      .addColumn('state_hash', 'text', (col) => col.primaryKey())
      .addColumn('browser_hash', 'text', (col) => col.notNull())
      .addColumn('nonce', 'text', (col) => col.notNull())
      .addColumn('code_verifier', 'text', (col) => col.notNull())
      // The member linking their iD; null for a sign-in.
      .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('oidc_flows_expiry_index')
      .on('oidc_flows')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('oidc_handoffs')
      .addColumn('code_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
      .addColumn('orcid', 'text')
      .addColumn('nickname', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('oidc_handoffs_expiry_index')
      .on('oidc_handoffs')
      .column('expires_at')
      .execute();
  },
};
