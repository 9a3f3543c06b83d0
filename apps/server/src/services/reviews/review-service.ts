import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type CreateReviewBody,
  type ReviewHelpfulResult,
  type ReviewPatchBody,
  type UserReviewsQuery,
} from '@symposia/shared';
import type { Viewer } from '../../domain/post.js';
import type { PostReviews, StoredReview } from '../../domain/review.js';
import type { ReviewRule } from '../../domain/review-status.js';
import type { User } from '../../domain/user.js';
import {
  decidePost,
  decideReview,
  decideReviewWrite,
  isOwnReview,
  likeRecipient,
  mayKnowReviewer,
  postFacts,
  reviewFacts,
  profileSectionShown,
  type ReviewAction,
} from '../../policies/index.js';
import {
  DuplicateKeyError,
  RowGoneError,
  type NewNotification,
  type PostRepository,
  type ReceiptRepository,
  type ReviewRepository,
  type UserRepository,
} from '../../repositories/index.js';
import type { AfterWrite } from '../after-write.js';
import { authorize } from '../authorize.js';
import type { Clock } from '../clock.js';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors.js';
import { excerptOf } from '../notifications/notification-service.js';
import { decodeReviewCursor, encodeReviewCursor } from './review-cursor.js';

/** A review as the viewer is shown it: the reviewer only when they may know who wrote it. */
export interface ShownReview extends Omit<StoredReview, 'reviewer'> {
  reviewer: StoredReview['reviewer'] | null;
  isMine: boolean;
  /** Its newest receipt on IPFS (services/receipts); null until the sweep has made one. */
  receiptCid: string | null;
}

export interface ShownPostReviews extends Omit<PostReviews, 'reviews'> {
  reviews: ShownReview[];
}

/** A page of a member's reviews (GET /users/{id}/reviews). */
export interface MemberReviews {
  reviews: ShownReview[];
  nextCursor: string | null;
  /** Helpful marks of their signed reviews; null where their statistics are private. */
  helpfulTotal: number | null;
}

export type ReviewService = ReturnType<typeof createReviewService>;

/**
 * Peer review (issue 29): reviews of a post's current revision, their edits (versions kept),
 * deletion, the author's one response, readers' helpful marks and the author's rating. Who may
 * is policies/review-policy.ts; each write stores the post's review status in its transaction
 * (repositories/review-status-writes.ts) and names the post in its after-write step, so the
 * post's detail, the forum and the review list are read afresh.
 */
export function createReviewService(deps: {
  reviews: ReviewRepository;
  posts: Pick<PostRepository, 'findVisible'>;
  /** Each review's receipt CID; a deleted review's receipts are public no longer. */
  receipts: Pick<ReceiptRepository, 'latestCids' | 'cidsOfReview'>;
  users: Pick<UserRepository, 'findById'>;
  /** The validation rule with the trust levels of GET /auth/me (trust-service.ts). */
  rule: ReviewRule;
  now: Clock;
  afterWrite: AfterWrite;
}) {
  const { reviews, posts, receipts, rule, now, afterWrite } = deps;

  /** The reviews as `viewer` is shown them, each with its receipt's CID (one query for all). */
  async function shown(found: StoredReview[], viewer: Viewer): Promise<ShownReview[]> {
    const cids = await receipts.latestCids(
      'review',
      found.map((review) => review.id),
    );
    return found.map((review) => {
      const facts = { reviewerId: review.reviewer.id, anonymous: review.anonymous };
      return {
        ...review,
        reviewer: mayKnowReviewer(viewer, facts) ? review.reviewer : null,
        isMine: isOwnReview(viewer, facts),
        receiptCid: cids.get(review.id) ?? null,
      };
    });
  }

  /** The review (not deleted) if `viewer` may do `action` to it; else throws. */
  async function reviewFor(id: string, viewer: Viewer, action: ReviewAction) {
    const ref = await reviews.findRef(id);
    const post = ref && (await posts.findVisible(ref.postId, viewer));
    authorize(decideReview(viewer, ref && reviewFacts(ref, post), action));
    return { ref: ref as NonNullable<typeof ref>, post: post as NonNullable<typeof post> };
  }

  async function read(id: string, viewer: Viewer): Promise<ShownReview> {
    const found = await reviews.find(id, viewer, now().toISOString());
    if (!found) throw new NotFoundError(MESSAGES.reviewNotFound);
    const [review] = await shown([found], viewer);
    return review!;
  }

  return {
    /** GET /media/{id}/reviews: the post's status and the reviews the viewer may read. */
    async list(postId: string, viewer: Viewer): Promise<ShownPostReviews> {
      const post = await posts.findVisible(postId, viewer);
      authorize(decidePost(viewer, post && postFacts(post), 'see'));
      const found = post as NonNullable<typeof post>;
      const [items, meanScores] = await Promise.all([
        reviews.listByPost(postId, viewer, now().toISOString()),
        found.reviewCount > 0 ? reviews.meanScores(postId) : Promise.resolve(null),
      ]);
      return {
        status: found.reviewStatus,
        count: found.reviewCount,
        currentRevision: found.revision,
        meanScores,
        reviews: await shown(items, viewer),
      };
    },

    /**
     * GET /users/{id}/reviews: the reviews the member wrote (an anonymous one only to themself
     * and the moderators) or received on their posts, that `viewer` may read, newest first; and
     * their helpful total, shown as their statistics are (policies: profileSectionShown).
     */
    async ofMember(
      memberId: string,
      viewer: Viewer,
      query: UserReviewsQuery,
    ): Promise<MemberReviews> {
      const member = await deps.users.findById(memberId);
      if (!member) throw new NotFoundError(MESSAGES.userNotFound);
      const after = decodeReviewCursor(query.cursor);
      const statistics = profileSectionShown(viewer, member, 'public_statistics');
      const at = now().toISOString();
      const [rows, helpfulTotal] = await Promise.all([
        reviews.listOfMember(query.kind, member.id, viewer, { after, limit: query.limit + 1, at }),
        statistics ? reviews.helpfulTotal(member.id, viewer, at) : Promise.resolve(null),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        reviews: await shown(page, viewer),
        nextCursor:
          rows.length > query.limit && last
            ? encodeReviewCursor({ createdAt: last.createdAt, id: last.id })
            : null,
        helpfulTotal,
      };
    },

    /** GET /reviews/{id}. */
    async get(id: string, viewer: Viewer): Promise<ShownReview> {
      await reviewFor(id, viewer, 'see');
      return read(id, viewer);
    },

    /**
     * POST /media/{id}/reviews: a review of the post's current revision, one per reviewer per
     * revision (409 for a second), never by its author (422). Tells the author.
     */
    async create(user: User, postId: string, body: CreateReviewBody): Promise<ShownReview> {
      const post = await posts.findVisible(postId, user);
      authorize(decideReviewWrite(user, post && postFacts(post)));
      const found = post as NonNullable<typeof post>;
      const id = randomUUID();
      const createdAt = now().toISOString();
      const recipientId = likeRecipient({
        actor: user,
        authorId: found.author.id,
        post: postFacts(found),
      });
      const notices: NewNotification[] =
        recipientId === null
          ? []
          : [
              {
                recipientId,
                type: 'review',
                // An anonymous reviewer is not named to the author, here either.
                actorId: body.anonymous ? null : user.id,
                postId,
                commentId: null,
                reviewId: id,
                excerpt: excerptOf(body.summary),
                groupKey: `review:${id}`,
                at: createdAt,
              },
            ];
      const told = await reviews
        .insert(
          {
            id,
            postId,
            reviewerId: user.id,
            anonymous: body.anonymous,
            soundness: body.soundness,
            significance: body.significance,
            clarity: body.clarity,
            reproducibility: body.reproducibility,
            confidence: body.confidence,
            recommendation: body.recommendation,
            summary: body.summary,
            strengths: body.strengths,
            weaknesses: body.weaknesses,
            createdAt,
          },
          rule,
          notices,
        )
        .catch((error: unknown) => {
          if (error instanceof DuplicateKeyError) {
            throw new ConflictError(MESSAGES.reviewAlreadyWritten);
          }
          if (error instanceof RowGoneError) throw new NotFoundError(MESSAGES.postNotFoundTitle);
          throw error;
        });
      await afterWrite({ posts: [postId], notify: told });
      return read(id, user);
    },

    /** Throws unless `user` may edit the review: asked when the request arrives. */
    async authorizeEdit(id: string, user: User): Promise<void> {
      await reviewFor(id, user, 'edit');
    },

    /**
     * PATCH /reviews/{id}: the reviewer's edit of a review of the current revision; the version
     * it replaces is kept. A review of an earlier revision stays as written (422).
     */
    async edit(id: string, user: User, body: ReviewPatchBody): Promise<ShownReview> {
      const { ref } = await reviewFor(id, user, 'edit');
      const current = await reviews.find(id, user, now().toISOString());
      if (current && !current.current) {
        throw new InvalidInputError([{ field: 'revision', message: MESSAGES.reviewNotCurrent }]);
      }
      if (!(await reviews.edit(id, body, now().toISOString(), rule))) {
        throw new NotFoundError(MESSAGES.reviewNotFound);
      }
      await afterWrite({ posts: [ref.postId] });
      return read(id, user);
    },

    /** DELETE /reviews/{id}: the reviewer or a moderator; the post's status follows. */
    async remove(id: string, user: User): Promise<void> {
      await reviewFor(id, user, 'delete');
      const postId = await reviews.delete(id, now().toISOString(), rule);
      if (postId === undefined) throw new NotFoundError(MESSAGES.reviewNotFound);
      await afterWrite({
        posts: [postId],
        files: await receipts.cidsOfReview(id),
        // Its notifications (of it, of its response) leave their recipients' lists.
        notificationsAbout: { reviewId: id },
      });
    },

    /** Throws unless `user` is the reviewed post's author: asked when the request arrives. */
    async authorizeAnswer(id: string, user: User): Promise<void> {
      await reviewFor(id, user, 'respond');
    },

    /** POST /reviews/{id}/response: the post author's one answer (409 for a second). */
    async respond(id: string, user: User, content: string) {
      const { ref, post } = await reviewFor(id, user, 'respond');
      const at = now().toISOString();
      const recipientId = likeRecipient({
        actor: user,
        authorId: ref.reviewerId,
        post: postFacts(post),
      });
      const notices: NewNotification[] =
        recipientId === null
          ? []
          : [
              {
                recipientId,
                type: 'review_response',
                actorId: user.id,
                postId: ref.postId,
                commentId: null,
                reviewId: id,
                excerpt: excerptOf(content),
                groupKey: `review_response:${id}`,
                at,
              },
            ];
      const told = await reviews
        .respond({ reviewId: id, authorId: user.id, content, at }, notices)
        .catch((error: unknown) => {
          if (error instanceof DuplicateKeyError) {
            throw new ConflictError(MESSAGES.reviewAlreadyAnswered);
          }
          throw error;
        });
      await afterWrite({ posts: [ref.postId], notify: told });
      return { content, createdAt: at, editedAt: null, hidden: false };
    },

    /** POST /reviews/{id}/helpful: the member's mark, toggled; one per member. */
    async toggleHelpful(id: string, user: User): Promise<ReviewHelpfulResult> {
      const { ref } = await reviewFor(id, user, 'helpful');
      const result = await reviews.toggleHelpful(id, user.id, now().toISOString());
      if (!result) throw new NotFoundError(MESSAGES.reviewNotFound);
      await afterWrite({ posts: [ref.postId] });
      return { helpful: result.helpful, helpful_count: result.count };
    },

    /** POST /reviews/{id}/rating: the post author rates the review's helpfulness 1–5. */
    async rate(id: string, user: User, rating: number): Promise<{ author_rating: number }> {
      const { ref } = await reviewFor(id, user, 'rate');
      if (!(await reviews.rate(id, rating))) throw new NotFoundError(MESSAGES.reviewNotFound);
      await afterWrite({ posts: [ref.postId] });
      return { author_rating: rating };
    },
  };
}
