import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import { lockRows, writeTransaction, type Dialect, type Executor } from './database.js';
import { insertFile } from './file-repository.js';
import { reviewNotDeleted, reviewResponseNotDeleted } from './visibility.js';

export type ReceiptKind = 'review' | 'response' | 'award';

/** A review in the state a receipt records (what the canonical document is made of). */
export interface ReviewState {
  id: string;
  postId: string;
  reviewerId: string;
  revision: number;
  reviewedText: string;
  scores: { soundness: number; significance: number; clarity: number; reproducibility: number };
  confidence: number;
  recommendation: string;
  summary: string;
  strengths: string;
  weaknesses: string;
  anonymous: boolean;
  createdAt: string;
  editedAt: string | null;
}

/** A response in the state a receipt records. */
export interface ResponseState {
  reviewId: string;
  postId: string;
  authorId: string;
  content: string;
  createdAt: string;
  editedAt: string | null;
}

/** A bounty award in the state a receipt records (awards are never edited). */
export interface AwardState {
  id: string;
  bountyId: string;
  reviewId: string;
  postId: string;
  reviewerId: string;
  /** Whether the review awarded is anonymous: its receipt names the reviewer as the review's does. */
  anonymous: boolean;
  units: bigint;
  awardedAt: string;
}

export interface NewReceipt {
  kind: ReceiptKind;
  subjectId: string;
  /** The state's time: edited_at, else created_at. */
  version: string;
  reviewId: string;
  cid: string;
  /** Bytes of the document (its `files` row). */
  size: number;
  epochId: number;
  at: string;
}

export interface ReceiptAnchor {
  epochId: number;
  root: string | null;
  leafCount: number;
  status: 'sealed' | 'sent' | 'empty';
  signature: string | null;
  recordedAt: string | null;
}

/** The epoch a receipt was to join was sealed meanwhile (a clock behind): make it again later. */
export class EpochSealedError extends Error {
  override readonly name = 'EpochSealedError';
}

/** Subjects looked at per sweep of the receipt job; it runs again while it finds a full batch. */
const SWEEP_BATCH = 200;
/** Subject ids per query of `latestCids`. */
const ID_CHUNK = 500;

type AnchorRow = {
  epoch_id: number | string;
  root: string | null;
  leaf_count: number | string;
  status: string;
  signature: string | null;
  recorded_at: string | null;
};

const toAnchor = (row: AnchorRow): ReceiptAnchor => ({
  epochId: Number(row.epoch_id),
  root: row.root,
  leafCount: Number(row.leaf_count),
  status: row.status as ReceiptAnchor['status'],
  signature: row.signature,
  recordedAt: row.recorded_at,
});

export type ReceiptRepository = ReturnType<typeof createReceiptRepository>;

/**
 * Receipts of reviews, responses and awards, and the anchors of their epochs (migration 0027;
 * services/receipts/). An epoch's receipts and its seal are written under the epoch's row lock
 * (SQLite: the write lock), so no receipt joins an epoch once its root is computed.
 */
export function createReceiptRepository(db: AppDatabase, dialect: Dialect) {
  async function lockEpoch(trx: Executor, epochId: number) {
    return lockRows(
      dialect,
      trx.selectFrom('reward_epochs').select(['id', 'ends_at']).where('id', '=', epochId),
    ).executeTakeFirst();
  }

  async function anchorIn(executor: Executor, epochId: number) {
    const row = await executor
      .selectFrom('receipt_anchors')
      .select(['epoch_id', 'root', 'leaf_count', 'status', 'signature', 'recorded_at'])
      .where('epoch_id', '=', epochId)
      .executeTakeFirst();
    return row && toAnchor(row);
  }

  return {
    /** Reviews not deleted whose current state has no receipt yet, oldest first. */
    async reviewsWithoutReceipt(): Promise<ReviewState[]> {
      const rows = await db
        .selectFrom('reviews')
        .leftJoin('receipts', (join) =>
          join
            .on('receipts.kind', '=', 'review')
            .onRef('receipts.subject_id', '=', 'reviews.id')
            .on((eb) =>
              eb(
                'receipts.version',
                '=',
                eb.fn.coalesce('reviews.edited_at', 'reviews.created_at'),
              ),
            ),
        )
        .selectAll('reviews')
        .where('receipts.cid', 'is', null)
        .where(reviewNotDeleted())
        .orderBy('reviews.created_at')
        .orderBy('reviews.id')
        .limit(SWEEP_BATCH)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        postId: row.post_id,
        reviewerId: row.reviewer_id,
        revision: Number(row.revision),
        reviewedText: row.reviewed_text,
        scores: {
          soundness: Number(row.soundness),
          significance: Number(row.significance),
          clarity: Number(row.clarity),
          reproducibility: Number(row.reproducibility),
        },
        confidence: Number(row.confidence),
        recommendation: row.recommendation,
        summary: row.summary,
        strengths: row.strengths,
        weaknesses: row.weaknesses,
        anonymous: Number(row.anonymous) === 1,
        createdAt: row.created_at,
        editedAt: row.edited_at,
      }));
    },

    /** Responses not deleted whose current state has no receipt yet, oldest first. */
    async responsesWithoutReceipt(): Promise<ResponseState[]> {
      const rows = await db
        .selectFrom('review_responses')
        .innerJoin('reviews', 'reviews.id', 'review_responses.review_id')
        .leftJoin('receipts', (join) =>
          join
            .on('receipts.kind', '=', 'response')
            .onRef('receipts.subject_id', '=', 'review_responses.review_id')
            .on((eb) =>
              eb(
                'receipts.version',
                '=',
                eb.fn.coalesce('review_responses.edited_at', 'review_responses.created_at'),
              ),
            ),
        )
        .select([
          'review_responses.review_id',
          'reviews.post_id',
          'review_responses.author_id',
          'review_responses.content',
          'review_responses.created_at',
          'review_responses.edited_at',
        ])
        .where('receipts.cid', 'is', null)
        .where(reviewResponseNotDeleted())
        .orderBy('review_responses.created_at')
        .orderBy('review_responses.review_id')
        .limit(SWEEP_BATCH)
        .execute();
      return rows.map((row) => ({
        reviewId: row.review_id,
        postId: row.post_id,
        authorId: row.author_id,
        content: row.content,
        createdAt: row.created_at,
        editedAt: row.edited_at,
      }));
    },

    /**
     * Bounty awards without a receipt, oldest first. An award is a payment made: its receipt is
     * made even when the review was deleted since (the gateway withholds it then).
     */
    async awardsWithoutReceipt(): Promise<AwardState[]> {
      const rows = await db
        .selectFrom('bounty_awards')
        .innerJoin('reviews', 'reviews.id', 'bounty_awards.review_id')
        .leftJoin('receipts', (join) =>
          join
            .on('receipts.kind', '=', 'award')
            .onRef('receipts.subject_id', '=', 'bounty_awards.id')
            .onRef('receipts.version', '=', 'bounty_awards.awarded_at'),
        )
        .select([
          'bounty_awards.id',
          'bounty_awards.bounty_id',
          'bounty_awards.review_id',
          'reviews.post_id',
          'bounty_awards.reviewer_id',
          'reviews.anonymous',
          'bounty_awards.awarded_at',
          // As text: SQLite would read a bigint above 2^53 as a rounded number.
          sql<string>`cast(bounty_awards.amount_units as text)`.as('units'),
        ])
        .where('receipts.cid', 'is', null)
        .orderBy('bounty_awards.awarded_at')
        .orderBy('bounty_awards.id')
        .limit(SWEEP_BATCH)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        bountyId: row.bounty_id,
        reviewId: row.review_id,
        postId: row.post_id,
        reviewerId: row.reviewer_id,
        anonymous: Number(row.anonymous) === 1,
        units: BigInt(row.units),
        awardedAt: row.awarded_at,
      }));
    },

    sweepBatch: SWEEP_BATCH,

    /**
     * Writes the receipt (and its document's `files` row, which keeps its blocks from the garbage
     * collector) into its epoch, unless that epoch is sealed (EpochSealedError). False when the
     * receipt was there already (another worker made the same document).
     */
    async record(receipt: NewReceipt): Promise<boolean> {
      return writeTransaction(db, dialect, async (trx) => {
        if (!(await lockEpoch(trx, receipt.epochId))) {
          throw new Error(`reward epoch ${receipt.epochId} does not exist`);
        }
        if (await anchorIn(trx, receipt.epochId)) {
          throw new EpochSealedError(`epoch ${receipt.epochId} is sealed`);
        }
        await insertFile(
          trx,
          {
            cid: receipt.cid,
            size: receipt.size,
            contentType: 'application/json',
            mediaType: 'document',
            name: `${receipt.kind}-${receipt.subjectId}.json`,
          },
          null,
          receipt.at,
        );
        const inserted = await trx
          .insertInto('receipts')
          .values({
            kind: receipt.kind,
            subject_id: receipt.subjectId,
            version: receipt.version,
            review_id: receipt.reviewId,
            cid: receipt.cid,
            epoch_id: receipt.epochId,
            created_at: receipt.at,
          })
          .onConflict((conflict) => conflict.columns(['kind', 'subject_id', 'version']).doNothing())
          .executeTakeFirst();
        return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
      });
    },

    /**
     * Seals an ended epoch once: computes its root over its receipts' CIDs (`rootOf`, null for
     * none) under the epoch's lock and writes the anchor. Returns the anchor (the one written
     * before, when it was sealed already); undefined when the epoch has not ended by `at`.
     */
    async seal(
      epochId: number,
      at: string,
      rootOf: (cids: string[]) => string | null,
    ): Promise<ReceiptAnchor | undefined> {
      return writeTransaction(db, dialect, async (trx) => {
        const epoch = await lockEpoch(trx, epochId);
        if (!epoch || epoch.ends_at > at) return undefined;
        const sealed = await anchorIn(trx, epochId);
        if (sealed) return sealed;
        const rows = await trx
          .selectFrom('receipts')
          .select('cid')
          .where('epoch_id', '=', epochId)
          .execute();
        const cids = rows.map((row) => row.cid);
        const root = rootOf(cids);
        const leafCount = new Set(cids).size;
        await trx
          .insertInto('receipt_anchors')
          .values({
            epoch_id: epochId,
            root,
            leaf_count: leafCount,
            status: root === null ? 'empty' : 'sealed',
            sealed_at: at,
          })
          .execute();
        return (await anchorIn(trx, epochId))!;
      });
    },

    findAnchor: (epochId: number) => anchorIn(db, epochId),

    /**
     * Writes the memo transaction's signature before it is sent. False when the anchor has one
     * already (another worker recorded first: it sends, this one does not).
     */
    async recordSignature(epochId: number, signature: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable('receipt_anchors')
        .set({ signature, recorded_at: at })
        .where('epoch_id', '=', epochId)
        .where('status', '=', 'sealed')
        .where('signature', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markSent(epochId: number, signature: string, at: string): Promise<void> {
      await db
        .updateTable('receipt_anchors')
        .set({ status: 'sent', sent_at: at })
        .where('epoch_id', '=', epochId)
        .where('signature', '=', signature)
        .execute();
    },

    /** Forgets a signature whose transaction certainly never landed, so a new one is sent. */
    async clearSignature(epochId: number, signature: string): Promise<void> {
      await db
        .updateTable('receipt_anchors')
        .set({ signature: null, recorded_at: null })
        .where('epoch_id', '=', epochId)
        .where('status', '=', 'sealed')
        .where('signature', '=', signature)
        .execute();
    },

    /** Ended epochs (by `at`) whose root is not on the chain yet, oldest first. */
    async epochsToAnchor(at: string): Promise<number[]> {
      const rows = await db
        .selectFrom('reward_epochs')
        .leftJoin('receipt_anchors', 'receipt_anchors.epoch_id', 'reward_epochs.id')
        .select('reward_epochs.id')
        .where('reward_epochs.ends_at', '<=', at)
        .where((eb) =>
          eb.or([
            eb('receipt_anchors.status', 'is', null),
            eb('receipt_anchors.status', '=', 'sealed'),
          ]),
        )
        .orderBy('reward_epochs.id')
        .execute();
      return rows.map((row) => Number(row.id));
    },

    /** The CIDs of the epoch's receipts (its tree's leaves, in any order). */
    async epochCids(epochId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('receipts')
        .select('cid')
        .where('epoch_id', '=', epochId)
        .execute();
      return rows.map((row) => row.cid);
    },

    /**
     * Every receipt naming the review (its versions, its response's, its awards'): the gateway
     * serves them while the review counts (file-references.ts), so a moderator's hide or delete
     * withdraws them all.
     */
    async cidsOfReview(reviewId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('receipts')
        .select('cid')
        .where('review_id', '=', reviewId)
        .execute();
      return rows.map((row) => row.cid);
    },

    /** The CIDs of the receipts of the author's response to a review (its versions). */
    async cidsOfResponse(reviewId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('receipts')
        .select('cid')
        .where('kind', '=', 'response')
        .where('subject_id', '=', reviewId)
        .execute();
      return rows.map((row) => row.cid);
    },

    /** The newest receipt of the subject whose epoch's root is on the chain, with its anchor. */
    async latestAnchored(
      kind: ReceiptKind,
      subjectId: string,
    ): Promise<{ cid: string; anchor: ReceiptAnchor } | undefined> {
      const row = await db
        .selectFrom('receipts')
        .innerJoin('receipt_anchors', 'receipt_anchors.epoch_id', 'receipts.epoch_id')
        .select([
          'receipts.cid',
          'receipt_anchors.epoch_id',
          'receipt_anchors.root',
          'receipt_anchors.leaf_count',
          'receipt_anchors.status',
          'receipt_anchors.signature',
          'receipt_anchors.recorded_at',
        ])
        .where('receipts.kind', '=', kind)
        .where('receipts.subject_id', '=', subjectId)
        .where('receipt_anchors.status', '=', 'sent')
        .orderBy('receipts.version', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && { cid: row.cid, anchor: toAnchor(row) };
    },

    /**
     * The CID of the newest receipt of each of these subjects of `kind` (subject id → CID); a
     * subject without one is absent. For answers that show `receipt_cid` (a review's).
     */
    async latestCids(
      kind: ReceiptKind,
      subjectIds: readonly string[],
    ): Promise<Map<string, string>> {
      const found = new Map<string, string>();
      const ids = [...new Set(subjectIds)];
      for (let at = 0; at < ids.length; at += ID_CHUNK) {
        const rows = await db
          .selectFrom('receipts')
          .select(['subject_id', 'version', 'cid'])
          .where('kind', '=', kind)
          .where('subject_id', 'in', ids.slice(at, at + ID_CHUNK))
          .orderBy('subject_id')
          .orderBy('version')
          .execute();
        // Ordered by version: the newest of each subject is written last.
        for (const row of rows) found.set(row.subject_id, row.cid);
      }
      return found;
    },

    /** What the proof's visibility is decided on: the review's post and its own state. */
    async reviewFacts(
      reviewId: string,
    ): Promise<
      { postId: string; reviewerId: string; deleted: boolean; hidden: boolean } | undefined
    > {
      const row = await db
        .selectFrom('reviews')
        .select(['post_id', 'reviewer_id', 'deleted_at', 'hidden_at'])
        .where('id', '=', reviewId)
        .executeTakeFirst();
      return (
        row && {
          postId: row.post_id,
          reviewerId: row.reviewer_id,
          deleted: row.deleted_at !== null,
          hidden: row.hidden_at !== null,
        }
      );
    },
  };
}
