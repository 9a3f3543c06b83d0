import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The faucet's ledger: one row per token request, written before anything is sent.
 *
 * A row is `pending` while its amount is reserved and the transfer is under way, then `sent`
 * (with the transaction signature) or `failed` (with the message the member saw). Pending and sent
 * rows count against the limits; failed ones release their reservation. `signature` is written
 * before the transaction is sent, with `sent_at` (a Solana signature is known once the transaction
 * is signed), so a transfer whose answer was lost can still be looked up on chain. `(user_id, request_id)` is
 * unique: a retried request finds the first one instead of paying again.
 *
 * `amount_units` is the amount in the token's smallest unit (amount × 10^9). The rows outlive
 * their members on purpose (no foreign key): they are the record of what was paid.
 */
export const faucetMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('faucet_requests')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('request_id', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('ip', 'text', (col) => col.notNull())
      .addColumn('amount_units', 'bigint', (col) => col.notNull())
      .addColumn('cluster', 'text', (col) => col.notNull())
      .addColumn('mint', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('signature', 'text')
      .addColumn('error_kind', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('completed_at', 'text')
      .addUniqueConstraint('faucet_requests_request_unique', ['user_id', 'request_id'])
      .addCheckConstraint('faucet_requests_amount_check', sql`amount_units > 0`)
      .addCheckConstraint(
        'faucet_requests_status_check',
        sql`status in ('pending', 'sent', 'failed')`,
      )
      .execute();
    // One index per limit: the rows of a user, an address, an IP, and all rows, within 24 h.
    for (const column of ['user_id', 'address', 'ip'] as const) {
      await db.schema
        .createIndex(`faucet_requests_${column}_index`)
        .on('faucet_requests')
        .columns([column, 'created_at'])
        .execute();
    }
    await db.schema
      .createIndex('faucet_requests_created_index')
      .on('faucet_requests')
      .column('created_at')
      .execute();
  },
};
