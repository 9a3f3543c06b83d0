import { randomUUID } from 'node:crypto';
import {
  BOUNTIES_PER_POST_MAX,
  BOUNTY_DEFAULT_AWARDS,
  BOUNTY_DEFAULT_DAYS,
  BOUNTY_MAX_DAYS,
  BOUNTY_MODERATOR_WINDOW_DAYS,
  MESSAGES,
  OPEN_REVIEWS_PAGE_SIZE,
  type AwardBountyBody,
  type CreateBountyBody,
  type OpenReviewsQuery,
} from '@symposia/shared';
import { formatTokenAmount } from '../../chain/index.js';
import type { User } from '../../domain/user.js';
import {
  bountyAwardedRecipient,
  bountyOfferedRecipient,
  decideBountyAward,
  decideBountyOffer,
  decideBountyReview,
  decidePost,
  mayAwardBounty,
  postFacts,
} from '../../policies/index.js';
import {
  bountyAccount,
  type Bounty,
  type BountyRepository,
} from '../../repositories/bounty-repository.js';
import type { Post } from '../../domain/post.js';
import type { ReviewQueueRepository } from '../../repositories/index.js';
import type { AfterWrite } from '../after-write.js';
import { authorize } from '../authorize.js';
import type { Clock } from '../clock.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import type { BalanceLedger } from '../ledger/index.js';
import { decodeQueueCursor, encodeQueueCursor } from './queue-cursor.js';

/** The durable job that gives back what a bounty did not award, once, when it settles. */
export const SETTLE_BOUNTY_JOB = 'settle-bounty';

const DAY_MS = 86_400_000;

export type BountyService = ReturnType<typeof createBountyService>;

/** A page of the review queue: posts with their bounties open for reviews. */
export interface OpenReviewsPage {
  items: { post: Post; bounties: ShownBounty[] }[];
  nextCursor: string | null;
}

/** A bounty as one viewer is shown it: with whether they may award it now. */
export interface ShownBounty extends Bounty {
  mayAward: boolean;
}

/**
 * Review bounties (issue 29; docs/ARCHITECTURE.md §6). The units move through the ledger's
 * balance moves (services/ledger/balances.ts): an offer takes them from the offerer's claimable
 * balance (or, a moderator's, from the pool) into the bounty's escrow in the transaction that
 * writes it; an award pays a share out of the escrow as the reviewer's claimable payout; the
 * `settle-bounty` job gives back what is left once, when the bounty settles (its deadline, plus
 * BOUNTY_MODERATOR_WINDOW_DAYS for a moderator to award one its offerer left alone).
 */
export function createBountyService(deps: {
  bounties: BountyRepository;
  posts: { findVisible(id: string, viewer: User | null): Promise<Post | undefined> };
  queue: ReviewQueueRepository;
  balances: BalanceLedger;
  /** Queues the receipt sweep (services/receipts/), so an award's receipt is made soon. */
  receiptsSoon: () => Promise<void>;
  maxJobAttempts: number;
  now: Clock;
  afterWrite: AfterWrite;
}) {
  const { bounties, balances, now } = deps;

  /** The post, if the member may see it and it takes contributions (not hidden). */
  async function postFor(user: User | null, postId: string): Promise<Post> {
    const post = await deps.posts.findVisible(postId, user);
    authorize(decidePost(user, post && postFacts(post), user ? 'comment' : 'see'));
    return post!;
  }

  function deadlineOf(body: CreateBountyBody, at: Date): Date {
    const deadline = body.deadline
      ? new Date(body.deadline)
      : new Date(at.getTime() + BOUNTY_DEFAULT_DAYS * DAY_MS);
    if (deadline <= at || deadline.getTime() > at.getTime() + BOUNTY_MAX_DAYS * DAY_MS) {
      throw new InvalidInputError([
        { field: 'deadline', message: MESSAGES.bountyDeadlineRange(BOUNTY_MAX_DAYS) },
      ]);
    }
    return deadline;
  }

  /** The share of the `slot`th award (from 0): equal shares, the last one taking the rest. */
  function shareOf(bounty: Bounty, slot: number): bigint {
    const max = BigInt(bounty.maxAwards);
    const share = bounty.units / max;
    return slot === bounty.maxAwards - 1 ? share + (bounty.units % max) : share;
  }

  /** The bounty with whether `viewer` may award it now (the policy's decision, not the screen's). */
  function shown(viewer: User | null, bounty: Bounty): ShownBounty {
    const mayAward = mayAwardBounty(viewer, {
      offererId: bounty.offererId,
      status: bounty.status,
      pastDeadline: now().toISOString() > bounty.deadline,
      awarded: bounty.awards.length,
    });
    return { ...bounty, mayAward };
  }

  return {
    /** POST /media/{id}/bounties: escrowed at once, or 422 on `amount` when it is not there. */
    async offer(user: User, postId: string, body: CreateBountyBody): Promise<ShownBounty> {
      const fromPool = body.from_pool ?? false;
      authorize(decideBountyOffer(user, { fromPool }));
      const post = await postFor(user, postId);
      const at = now();
      const deadline = deadlineOf(body, at);
      const units = BigInt(body.amount);
      const maxAwards = body.max_awards ?? BOUNTY_DEFAULT_AWARDS;
      // Every award must be worth a unit at least.
      if (units < BigInt(maxAwards)) {
        throw new InvalidInputError([{ field: 'amount', message: MESSAGES.bountyAmountInvalid }]);
      }
      const id = randomUUID();
      const settlesAt = new Date(deadline.getTime() + BOUNTY_MODERATOR_WINDOW_DAYS * DAY_MS);
      const recipient = bountyOfferedRecipient({ actor: user, post: postFacts(post) });
      const stamp = at.toISOString();
      const scope = fromPool ? balances.poolScope : balances.memberScope(user.id);
      const outcome = await balances.within(scope, async (moves) => {
        const from = fromPool ? { pool: true as const } : { userId: user.id };
        if (!(await moves.fund(bountyAccount(id), from, units, stamp))) return null;
        return bounties.insert(
          moves.trx,
          {
            id,
            postId,
            offererId: user.id,
            fromPool,
            units,
            maxAwards,
            deadline: deadline.toISOString(),
            settlesAt: settlesAt.toISOString(),
            createdAt: stamp,
          },
          {
            id: randomUUID(),
            kind: SETTLE_BOUNTY_JOB,
            subjectId: id,
            maxAttempts: deps.maxJobAttempts,
            at: stamp,
          },
          recipient === null
            ? null
            : {
                recipientId: recipient,
                type: 'bounty_offered',
                actorId: fromPool ? null : user.id,
                postId,
                commentId: null,
                excerpt: formatTokenAmount(units),
                groupKey: `bounty:${id}`,
                at: stamp,
              },
        );
      });
      if (outcome === null) {
        const message = fromPool ? MESSAGES.bountyPoolTooLow : MESSAGES.bountyBalanceTooLow;
        throw new InvalidInputError([{ field: 'amount', message }]);
      }
      await deps.afterWrite({ notify: outcome && recipient ? [recipient] : [] });
      return shown(user, (await bounties.find(id))!);
    },

    /** GET /media/{id}/bounties: the post's bounties, newest first, for whoever sees it. */
    async ofPost(viewer: User | null, postId: string): Promise<ShownBounty[]> {
      const post = await deps.posts.findVisible(postId, viewer);
      authorize(decidePost(viewer, post && postFacts(post), 'see'));
      const list = await bounties.ofPost(postId, BOUNTIES_PER_POST_MAX);
      return list.map((bounty) => shown(viewer, bounty));
    },

    /**
     * GET /reviews/open: the posts asking for review that the reader may see — not validated
     * yet, or with a bounty open for reviews — those with such a bounty first, then those
     * sharing a tag with the reader's own posts, then the newest; each with those bounties.
     * Three queries a page whatever its length (the reader's tags, the posts, their bounties),
     * and the page's files.
     */
    async openForReview(viewer: User | null, query: OpenReviewsQuery): Promise<OpenReviewsPage> {
      const after = decodeQueueCursor(query.cursor);
      const at = now().toISOString();
      const ownTags = viewer ? await deps.queue.tagsOfMember(viewer.id) : [];
      const rows = await deps.queue.page({
        viewer,
        ownTags,
        tag: query.tag || undefined,
        after,
        now: at,
        limit: OPEN_REVIEWS_PAGE_SIZE + 1,
      });
      const page = rows.slice(0, OPEN_REVIEWS_PAGE_SIZE);
      const open = await bounties.openOf(
        page.map((row) => row.post.id),
        at,
      );
      return {
        items: page.map(({ post }) => ({
          post,
          bounties: open
            .filter((bounty) => bounty.postId === post.id)
            .map((bounty) => shown(viewer, bounty)),
        })),
        nextCursor:
          rows.length > OPEN_REVIEWS_PAGE_SIZE ? encodeQueueCursor(page.at(-1)!.place) : null,
      };
    },

    /**
     * POST /bounties/{id}/award: one share of the bounty to each review, credited to its
     * reviewer's claimable balance. In one transaction locked per bounty, so two awards at once
     * pay once: a review awarded already, or more reviews than awards left, is 422.
     */
    async award(user: User, bountyId: string, body: AwardBountyBody): Promise<ShownBounty> {
      const reviewIds = [...new Set(body.review_ids)];
      const found = await bounties.find(bountyId);
      if (!found) throw new NotFoundError(MESSAGES.bountyNotFound);
      await postFor(user, found.postId).catch(() => {
        throw new NotFoundError(MESSAGES.bountyNotFound);
      });
      const account = bountyAccount(bountyId);
      const told = await balances.within(account, async (moves) => {
        const bounty = (await bounties.lock(moves.trx, bountyId))!;
        const at = now();
        authorize(
          decideBountyAward(user, {
            offererId: bounty.offererId,
            status: bounty.status,
            pastDeadline: at.toISOString() > bounty.deadline,
            awarded: bounty.awards.length,
          }),
        );
        if (bounty.awards.some((award) => reviewIds.includes(award.reviewId))) {
          throw new InvalidInputError([
            { field: 'review_ids', message: MESSAGES.bountyReviewAwarded },
          ]);
        }
        if (bounty.awards.length + reviewIds.length > bounty.maxAwards) {
          throw new InvalidInputError([
            { field: 'review_ids', message: MESSAGES.bountyAwardsExhausted },
          ]);
        }
        const reviews = await bounties.reviewFacts(moves.trx, reviewIds);
        for (const reviewId of reviewIds) {
          authorize(decideBountyReview({ review: reviews.get(reviewId) ?? null, bounty }));
        }
        const stamp = at.toISOString();
        const recipients: string[] = [];
        for (const [index, reviewId] of reviewIds.entries()) {
          const review = reviews.get(reviewId)!;
          const units = shareOf(bounty, bounty.awards.length + index);
          const payoutId = await moves.payOut(
            account,
            `award:${reviewId}`,
            { userId: review.reviewerId },
            units,
            'award',
            stamp,
          );
          const recipient = bountyAwardedRecipient({ actor: user, reviewerId: review.reviewerId });
          const notified = await bounties.insertAward(
            moves.trx,
            {
              id: randomUUID(),
              bountyId,
              reviewId,
              reviewerId: review.reviewerId,
              units,
              payoutId: payoutId!,
              awardedAt: stamp,
            },
            recipient === null
              ? null
              : {
                  recipientId: recipient,
                  type: 'bounty_awarded',
                  actorId: bounty.fromPool ? null : bounty.offererId,
                  postId: bounty.postId,
                  commentId: null,
                  excerpt: formatTokenAmount(units),
                  groupKey: `bounty-award:${bountyId}:${reviewId}`,
                  at: stamp,
                },
          );
          if (notified && recipient) recipients.push(recipient);
        }
        // Every award made: the escrow is empty and the bounty is done.
        if (bounty.awards.length + reviewIds.length === bounty.maxAwards) {
          await bounties.close(moves.trx, bountyId, await moves.balanceOf(account), stamp);
        }
        return recipients;
      });
      await deps.afterWrite({ notify: told });
      // The award is committed: a failed queueing leaves its receipt to the minute's sweep.
      await deps.receiptsSoon().catch(() => undefined);
      return shown(user, (await bounties.find(bountyId))!);
    },

    /**
     * The `settle-bounty` job: gives what the bounty did not award back to its offerer's
     * claimable balance (or the pool it came from) and closes it — once, however many workers
     * run it, as the bounty's row and the escrow's lock are held and a closed bounty is left
     * alone. A job that runs early (a clock behind) fails and is retried.
     */
    async settle(bountyId: string): Promise<boolean> {
      const account = bountyAccount(bountyId);
      return balances.within(account, async (moves) => {
        const bounty = await bounties.lock(moves.trx, bountyId);
        if (!bounty || bounty.status === 'closed') return false;
        const at = now().toISOString();
        if (at < bounty.settlesAt) throw new Error(`bounty ${bountyId} settles later`);
        const left = await moves.balanceOf(account);
        if (left > 0n) {
          const to = bounty.fromPool ? { pool: true as const } : { userId: bounty.offererId };
          await moves.payOut(account, 'refund', to, left, 'refund', at);
        }
        return bounties.close(moves.trx, bountyId, left, at);
      });
    },
  };
}
