import { sql, type Kysely, type Migration } from 'kysely';

/**
 * One ledger for every token that leaves the faucet's account (services/ledger/): the faucet's
 * requests (0005) and the reward claims (0011) were two tables of the same discipline, and a
 * bounty or a reviewer payout would have been a third. Now each is a `kind` of row here.
 *
 * A row is written `pending` before anything is sent, holding what it reserved; `signature` and
 * `sent_at` are written just before the transaction leaves, so a transfer whose answer was lost
 * can still be looked up on chain; it ends `sent` (with the signature) or `failed` (with the
 * message the member saw, `error_kind` deciding its status). `(kind, user_id, request_id)` is
 * unique: a retried request finds the first one instead of paying again. `amount_units` is in
 * the token's smallest unit (tokens × 10^9). The rows outlive their members on purpose (no foreign
 * key): they are the record of what was paid.
 *
 * Columns one kind needs and another does not are nullable: `ip` is what the faucet's per-IP limit
 * counts; `cluster` and `mint` say where a transfer was paid (the reward claims of 0011 never
 * recorded them). What a kind links to its rows lives with that kind: a claim's payouts carry its
 * id in `reward_payouts.claim_id` (0010), and the ids are kept here, so those links still hold.
 *
 * `reward_claims` remains as a view of the reward rows, for reads written against it
 * (repositories/reward-repository.ts's payout history); nothing writes to it.
 */
export const tokenTransfersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('token_transfers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('request_id', 'text', (col) => col.notNull())
      .addColumn('address', 'text', (col) => col.notNull())
      .addColumn('amount_units', 'bigint', (col) => col.notNull())
      .addColumn('ip', 'text')
      .addColumn('cluster', 'text')
      .addColumn('mint', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('signature', 'text')
      .addColumn('error_kind', 'text')
      .addColumn('error', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('completed_at', 'text')
      .addUniqueConstraint('token_transfers_request_unique', ['kind', 'user_id', 'request_id'])
      .addCheckConstraint('token_transfers_amount_check', sql`amount_units > 0`)
      .addCheckConstraint(
        'token_transfers_status_check',
        sql`status in ('pending', 'sent', 'failed')`,
      )
      .execute();
    // A kind's rows of a member (the faucet's per-member limit, a member's pending claims), of a
    // receiving address and of an IP (the faucet's limits), and all of them, by time.
    for (const column of ['user_id', 'address', 'ip'] as const) {
      await db.schema
        .createIndex(`token_transfers_${column}_index`)
        .on('token_transfers')
        .columns(['kind', column, 'created_at'])
        .execute();
    }
    await db.schema
      .createIndex('token_transfers_created_index')
      .on('token_transfers')
      .columns(['kind', 'created_at'])
      .execute();

    await sql`insert into token_transfers (id, kind, user_id, request_id, address, amount_units,
        ip, cluster, mint, status, signature, error_kind, error, created_at, sent_at, completed_at)
      select id, 'faucet', user_id, request_id, address, amount_units,
        ip, cluster, mint, status, signature, error_kind, error, created_at, sent_at, completed_at
      from faucet_requests`.execute(db);
    await sql`insert into token_transfers (id, kind, user_id, request_id, address, amount_units,
        status, signature, error_kind, error, created_at, sent_at, completed_at)
      select id, 'reward', user_id, request_id, address, amount_units,
        status, signature, error_kind, error, created_at, sent_at, completed_at
      from reward_claims`.execute(db);
    await db.schema.dropTable('faucet_requests').execute();
    await db.schema.dropTable('reward_claims').execute();

    await sql`create view reward_claims as
      select id, user_id, request_id, address, amount_units, status, signature, error_kind, error,
        created_at, sent_at, completed_at
      from token_transfers where kind = 'reward'`.execute(db);
  },
};
