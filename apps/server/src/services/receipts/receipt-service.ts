import { createHash, createHmac, randomUUID } from 'node:crypto';
import { MESSAGES, type ReceiptProof } from '@symposia/shared';
import { FaucetTransferError, type Chain } from '../../chain/index.js';
import type { Viewer } from '../../domain/post.js';
import type { RewardEpoch } from '../../domain/reward.js';
import { decideReceiptProof, postFacts } from '../../policies/index.js';
import type {
  AwardState,
  JobRepository,
  PostRepository,
  ReceiptKind,
  ReceiptRepository,
  ResponseState,
  ReviewState,
  StorageRepository,
} from '../../repositories/index.js';
import type { ContentStore } from '../../storage/index.js';
import type { AfterWrite } from '../after-write.js';
import { authorize } from '../authorize.js';
import type { Clock } from '../clock.js';
import { NotFoundError } from '../errors.js';
import { sharedKey } from '../shared-key.js';
import { canonicalBytes, type CanonicalValue } from './canonical-json.js';
import { merkleTree } from './merkle.js';

/** The job that makes the missing receipts (one job row; subject RECEIPT_SWEEP). */
export const MAKE_RECEIPTS_JOB = 'make-receipts';
export const RECEIPT_SWEEP = 'sweep';
/** The job that seals an ended epoch and writes its root to the chain; subject the epoch's id. */
export const ANCHOR_RECEIPTS_JOB = 'anchor-receipts';
/** `format` of every receipt document: a change of its fields is a new format. */
export const RECEIPT_FORMAT = 'symposia-receipt/1';
/**
 * A recorded memo transaction not seen on the chain this long after it was recorded is taken as
 * never sent (its blockhash has expired: about 150 blocks, a minute or so) and is replaced. The
 * ledger waits as long before it settles a pending transfer from the chain (services/ledger/).
 */
const RESEND_AFTER_MS = 3 * 60_000;
/** Where the key of anonymous reviewers' salts is kept (server_secrets): one for every process. */
const REVIEWER_KEY_NAME = 'receipt-reviewer-salts';

/** The transaction may still land, or was never sent yet: the job looks again later. */
class MemoPendingError extends Error {
  override readonly name = 'MemoPendingError';
}

export type ReceiptService = ReturnType<typeof createReceiptService>;

/**
 * Receipts anyone can verify (issue 29; docs/RECEIPTS.md). Every state of a review and of a
 * response, and every bounty award, is written as a canonical JSON document into the content
 * store, and its CID is recorded in the epoch open at the time. When the epoch
 * has ended, its Merkle root is written to the chain in one memo transaction; a review's proof
 * links its CID to that transaction.
 */
export function createReceiptService(deps: {
  receipts: ReceiptRepository;
  posts: Pick<PostRepository, 'findById'>;
  jobs: Pick<JobRepository, 'requeueIdle'>;
  storage: Pick<StorageRepository, 'sharedSecret'>;
  store: ContentStore;
  /** Null when FAUCET_ENABLED=false: receipts are made, nothing is anchored. */
  chain: Chain | null;
  /**
   * The reward epoch running now (opened if needed): receipts share the reward epochs. Absent
   * in a service that only anchors (the chain owner's duties: chain-sharing.ts).
   */
  currentEpoch?: () => Promise<RewardEpoch>;
  maxJobAttempts: number;
  now: Clock;
  afterWrite: AfterWrite;
}) {
  const { receipts, store, chain, now } = deps;
  const key = sharedKey(deps.storage, REVIEWER_KEY_NAME, now);

  /** The salt of an anonymous review's reviewer commitment: only the server can make it. */
  async function saltOf(reviewId: string): Promise<string> {
    return createHmac('sha256', await key())
      .update(`reviewer:${reviewId}`)
      .digest('base64url');
  }

  /**
   * Who wrote the review, as its receipt says: the member's id, or for an anonymous review
   * `sha256:<hex of SHA-256 of "<member id>:<salt>">`, which the reviewer may reveal by showing
   * the salt (`reviewerSalt`) and anyone can then check.
   */
  async function reviewerOf(
    review: Pick<ReviewState, 'id' | 'reviewerId' | 'anonymous'>,
  ): Promise<string> {
    if (!review.anonymous) return review.reviewerId;
    const salt = await saltOf(review.id);
    return `sha256:${createHash('sha256').update(`${review.reviewerId}:${salt}`).digest('hex')}`;
  }

  async function reviewDocument(review: ReviewState): Promise<CanonicalValue> {
    return {
      format: RECEIPT_FORMAT,
      kind: 'review',
      id: review.id,
      post_id: review.postId,
      revision: review.revision,
      reviewed_text: review.reviewedText,
      reviewer: await reviewerOf(review),
      scores: review.scores,
      confidence: review.confidence,
      recommendation: review.recommendation,
      summary: review.summary,
      strengths: review.strengths,
      weaknesses: review.weaknesses,
      created_at: review.createdAt,
      edited_at: review.editedAt,
    };
  }

  function responseDocument(response: ResponseState): CanonicalValue {
    return {
      format: RECEIPT_FORMAT,
      kind: 'response',
      id: response.reviewId,
      review_id: response.reviewId,
      post_id: response.postId,
      author: response.authorId,
      content: response.content,
      created_at: response.createdAt,
      edited_at: response.editedAt,
    };
  }

  /** An award names its reviewer as the review awarded does: an anonymous one stays anonymous. */
  async function awardDocument(award: AwardState): Promise<CanonicalValue> {
    return {
      format: RECEIPT_FORMAT,
      kind: 'award',
      id: award.id,
      bounty_id: award.bountyId,
      review_id: award.reviewId,
      post_id: award.postId,
      reviewer: await reviewerOf({
        id: award.reviewId,
        reviewerId: award.reviewerId,
        anonymous: award.anonymous,
      }),
      // Base units as a string: the canonical form has integers only, and these may exceed 2^53.
      amount: award.units.toString(),
      awarded_at: award.awardedAt,
    };
  }

  /**
   * Stores the document and records its receipt in the epoch running now. The same state always
   * gives the same bytes, so two workers at once store the same blocks and one row is written.
   */
  async function make(
    subject: { kind: ReceiptKind; subjectId: string; reviewId: string; version: string },
    document: CanonicalValue,
  ): Promise<boolean> {
    const bytes = canonicalBytes(document);
    // CIDv0, what `ipfs add` makes by default: any IPFS tool recomputes it from the bytes.
    const { cid, size } = await store.importFile([bytes], { cidVersion: 0 });
    if (!deps.currentEpoch) throw new Error('this receipt service only anchors');
    const epoch = await deps.currentEpoch();
    return receipts.record({ ...subject, cid, size, epochId: epoch.id, at: now().toISOString() });
  }

  return {
    /** Queues the receipt job (after a review, response or award is written; and every minute). */
    async soon(): Promise<void> {
      const at = now().toISOString();
      await deps.jobs.requeueIdle({
        id: randomUUID(),
        kind: MAKE_RECEIPTS_JOB,
        subjectId: RECEIPT_SWEEP,
        maxAttempts: deps.maxJobAttempts,
        at,
      });
    },

    /**
     * Looks at the clock (plugins/receipt-clock.ts): queues the receipt sweep, and the anchor job
     * of every ended epoch whose root is not on the chain yet. Returns those epochs.
     */
    async tick(): Promise<number[]> {
      await this.soon();
      const at = now().toISOString();
      const epochs = await receipts.epochsToAnchor(at);
      for (const epochId of epochs) {
        await deps.jobs.requeueIdle({
          id: randomUUID(),
          kind: ANCHOR_RECEIPTS_JOB,
          subjectId: String(epochId),
          maxAttempts: deps.maxJobAttempts,
          at,
        });
      }
      return epochs;
    },

    /**
     * The job: makes the receipt of every review and response state, and of every award, that has
     * none. Idempotent; any number of workers may run it at once. Returns how many it wrote.
     */
    async makeReceipts(signal?: AbortSignal): Promise<number> {
      let made = 0;
      const posts = new Set<string>();
      // Each kind a batch at a time until a batch comes back short: every one left has its receipt.
      const sweep = async <T>(next: () => Promise<T[]>, each: (item: T) => Promise<boolean>) => {
        for (;;) {
          signal?.throwIfAborted();
          const batch = await next();
          for (const item of batch) if (await each(item)) made += 1;
          if (batch.length < receipts.sweepBatch) return;
        }
      };
      await sweep(
        () => receipts.reviewsWithoutReceipt(),
        async (review) => {
          posts.add(review.postId);
          const version = review.editedAt ?? review.createdAt;
          const subject = { kind: 'review' as const, subjectId: review.id, reviewId: review.id };
          return make({ ...subject, version }, await reviewDocument(review));
        },
      );
      await sweep(
        () => receipts.responsesWithoutReceipt(),
        async (response) => {
          posts.add(response.postId);
          const version = response.editedAt ?? response.createdAt;
          const id = response.reviewId;
          const subject = { kind: 'response' as const, subjectId: id, reviewId: id };
          return make({ ...subject, version }, responseDocument(response));
        },
      );
      await sweep(
        () => receipts.awardsWithoutReceipt(),
        async (award) => {
          const subject = { kind: 'award' as const, subjectId: award.id, reviewId: award.reviewId };
          return make({ ...subject, version: award.awardedAt }, await awardDocument(award));
        },
      );
      // Reviews' answers carry receipt_cid: cached copies learn of it.
      if (posts.size > 0) await deps.afterWrite({ posts: [...posts] });
      return made;
    },

    /**
     * The anchor job: seals the ended epoch (its root over its receipts' CIDs, once) and writes
     * the root to the chain in one memo transaction. The signature is recorded before the
     * transaction leaves; a recorded one is looked up on the chain before anything is sent again,
     * so a crash at any point sends at most one transaction that lands.
     */
    async anchorEpoch(epochId: number): Promise<void> {
      if (!chain) throw new Error('no chain to anchor receipts on (FAUCET_ENABLED=false)');
      const anchor = await receipts.seal(epochId, now().toISOString(), (cids) =>
        cids.length === 0 ? null : merkleTree(cids).root,
      );
      if (!anchor) throw new Error(`epoch ${epochId} is not over yet`);
      if (anchor.status !== 'sealed' || anchor.root === null) return;
      if (anchor.signature !== null) {
        const status = await chain.signatureStatus(anchor.signature as never);
        if (status === 'confirmed') {
          await receipts.markSent(epochId, anchor.signature, now().toISOString());
          return;
        }
        const recordedAt = Date.parse(anchor.recordedAt ?? '');
        if (status === 'not-found' && now().getTime() - recordedAt < RESEND_AFTER_MS) {
          throw new MemoPendingError(`the memo of epoch ${epochId} may still land`);
        }
        // Failed, or never landed and never will: a new transaction takes its place.
        await receipts.clearSignature(epochId, anchor.signature);
      }
      const prepared = await chain.prepareMemo(anchor.root);
      if (!(await receipts.recordSignature(epochId, prepared.signature, now().toISOString()))) {
        // Another worker recorded its own first: it sends.
        return;
      }
      try {
        await prepared.send();
      } catch (error) {
        if (error instanceof FaucetTransferError && error.problem !== 'uncertain') {
          // Certainly not landed: the next run sends a new one.
          await receipts.clearSignature(epochId, prepared.signature);
        }
        throw error;
      }
      await receipts.markSent(epochId, prepared.signature, now().toISOString());
    },

    /** GET /reviews/{id}/proof: as the review itself is seen; 404 until its epoch is anchored. */
    async proof(viewer: Viewer, reviewId: string): Promise<ReceiptProof> {
      const review = await receipts.reviewFacts(reviewId);
      const post = review && (await deps.posts.findById(review.postId));
      authorize(
        decideReceiptProof(
          viewer,
          review && {
            authorId: review.reviewerId,
            deleted: review.deleted,
            hidden: review.hidden,
            post: post ? postFacts(post) : null,
          },
        ),
      );
      const anchored = await receipts.latestAnchored('review', reviewId);
      if (!anchored || anchored.anchor.root === null || anchored.anchor.signature === null) {
        throw new NotFoundError(MESSAGES.receiptNotAnchored);
      }
      const tree = merkleTree(await receipts.epochCids(anchored.anchor.epochId));
      const step = tree.proof(anchored.cid);
      if (!step || tree.root !== anchored.anchor.root) {
        throw new Error(`the receipts of epoch ${anchored.anchor.epochId} no longer give its root`);
      }
      return {
        cid: anchored.cid,
        leaf: step.leaf,
        path: step.path,
        root: tree.root,
        epoch_id: anchored.anchor.epochId,
        signature: anchored.anchor.signature,
        cluster: chain?.cluster ?? 'embedded',
      };
    },

    /**
     * The receipt CID of each of these reviews (review id → CID of its newest receipt), for the
     * review answers' `receipt_cid`: a review without one is absent (answer null).
     */
    reviewReceiptCids: (reviewIds: readonly string[]) => receipts.latestCids('review', reviewIds),

    /** The salt that opens an anonymous review's reviewer commitment, for its reviewer to reveal. */
    reviewerSalt: saltOf,
  };
}
