import type { Kysely, Migration } from 'kysely';

/**
 * Wallets members proved they hold (issue 28, services/wallets/).
 *
 * `wallet_links`: one row per linked wallet; the address is the key, so a wallet is linked to one
 * member at a time, whoever races for it. Reward claims pay only to these addresses, and the
 * faucet's per-address limit counts a linked wallet together with its member and the member's
 * other wallets (repositories/faucet-repository.ts).
 *
 * `wallet_challenges`: the Sign-In-With-Solana challenges issued and not yet used. A row is keyed
 * by the SHA-256 of its nonce (the nonce itself is only in the message the member was given) and
 * deleted when it is used, refused or expired, so each is accepted once and never after
 * `expires_at`.
 */
export const walletLinksMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wallet_links')
      .addColumn('address', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('linked_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('wallet_links_user_index')
      .on('wallet_links')
      .columns(['user_id', 'linked_at'])
      .execute();

    await db.schema
      .createTable('wallet_challenges')
      .addColumn('nonce_hash', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) =>
        col.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('issued_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('wallet_challenges_expiry_index')
      .on('wallet_challenges')
      .column('expires_at')
      .execute();
  },
};
