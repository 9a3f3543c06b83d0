import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What several processes must share to scale out.
 *
 * `blocks` and `block_holds` (PostgreSQL only; nothing is created on SQLite, which serves one
 * machine and keeps blocks on disk): the IPFS blocks of BLOCKSTORE=postgres
 * (storage/pg-engine.ts). A block is keyed by the CIDv1 `raw` form of its multihash (`bafkrei…`
 * for sha2-256), so the same bytes are one row whichever codec a CID names them under, as in
 * every IPFS blockstore. `touched_at` is when an import last wrote or used it (the garbage
 * collector's grace period), `writer` the import that did (an aborted upload removes only rows
 * it still is the writer of). `block_holds` says which blocks the imports in progress, in any
 * process, hold until their CIDs are recorded.
 *
 * `chain_owners`, `chain_accounts`, `chain_signatures` (both dialects): the embedded chain shared
 * by several processes (chain/owner.ts). One process owns the chain at a time, by a lease row
 * with an expiry and a generation that grows at each takeover (a fence: a process that lost the
 * lease can no longer write the chain's state). The accounts the faucet's transactions touched
 * and the signatures it sent are written after each transaction, so the next owner starts from
 * the same balances.
 */
export function sharedBlocksAndChainMigration(dialect: 'sqlite' | 'postgres'): Migration {
  const binary = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`
          create table blocks (
            key text primary key,
            data bytea not null,
            size integer not null,
            touched_at timestamptz not null,
            writer text not null
          )`.execute(db);
        // Block data is already compressed or random more often than not: no TOAST compression.
        await sql`alter table blocks alter column data set storage external`.execute(db);
        await sql`create index blocks_touched_index on blocks (touched_at)`.execute(db);
        await sql`
          create table block_holds (
            hold_id text not null,
            key text not null,
            held_at timestamptz not null,
            primary key (hold_id, key)
          )`.execute(db);
        await sql`create index block_holds_key_index on block_holds (key)`.execute(db);
      }

      await db.schema
        .createTable('chain_owners')
        .addColumn('chain', 'text', (col) => col.primaryKey())
        .addColumn('holder', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('generation', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('chain_accounts')
        .addColumn('chain', 'text', (col) => col.notNull())
        .addColumn('address', 'text', (col) => col.notNull())
        .addColumn('lamports', 'text', (col) => col.notNull())
        .addColumn('program', 'text', (col) => col.notNull())
        .addColumn('executable', 'integer', (col) => col.notNull())
        .addColumn('data', binary, (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('chain_accounts_pk', ['chain', 'address'])
        .execute();
      await db.schema
        .createTable('chain_signatures')
        .addColumn('chain', 'text', (col) => col.notNull())
        .addColumn('signature', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('chain_signatures_pk', ['chain', 'signature'])
        .addCheckConstraint('chain_signatures_status_check', sql`status in ('confirmed', 'failed')`)
        .execute();
    },
  };
}
