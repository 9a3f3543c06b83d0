import type { Kysely, Migration } from 'kysely';

/**
 * Receipts anyone can verify (issue 29; docs/RECEIPTS.md).
 *
 * - `receipts`: one per state of a review, a response or a bounty award: `version` is the time of
 *   the state it records (the subject's `edited_at`, else its `created_at`), so an edit makes a new
 *   receipt and the old one stays. `review_id` is the review itself, the one responded to, or the
 *   one awarded: the receipt is served while that review and its post are (file-references.ts). `cid` is the canonical JSON document's CID in the content store
 *   (also a `files` row, so the garbage collector keeps it); `epoch_id` the reward epoch that was
 *   open when the receipt was made, whose Merkle root covers it.
 * - `receipt_anchors`: one per ended epoch: the root over its receipts' CIDs, sealed once (no
 *   receipt joins an epoch after), and the memo transaction that carries it. `signature` is
 *   written before the transaction is sent (`recorded_at`), so a crash in between never sends a
 *   second one; `status` is sealed → sent, or `empty` for an epoch without receipts.
 */
export const receiptsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('receipts')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('subject_id', 'text', (col) => col.notNull())
      .addColumn('version', 'text', (col) => col.notNull())
      .addColumn('review_id', 'text', (col) => col.notNull())
      .addColumn('cid', 'text', (col) => col.notNull())
      .addColumn('epoch_id', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('receipts_pk', ['kind', 'subject_id', 'version'])
      .execute();
    await db.schema.createIndex('receipts_by_epoch').on('receipts').columns(['epoch_id']).execute();
    await db.schema.createIndex('receipts_by_cid').on('receipts').columns(['cid']).execute();
    await db.schema
      .createIndex('receipts_by_review')
      .on('receipts')
      .columns(['review_id'])
      .execute();

    await db.schema
      .createTable('receipt_anchors')
      .addColumn('epoch_id', 'integer', (col) => col.primaryKey())
      .addColumn('root', 'text')
      .addColumn('leaf_count', 'integer', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('signature', 'text')
      .addColumn('recorded_at', 'text')
      .addColumn('sealed_at', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'text')
      .execute();
  },
};
