import { reviewRecommendationSchema } from '@symposia/shared';
import { sql, type Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { Viewer } from '../domain/post.js';
import type { ReviewRef, ReviewResponseRef, ReviewText, StoredReview } from '../domain/review.js';
import { countsForCurrent, reviewedTextOf, type ReviewRule } from '../domain/review-status.js';
import { lockPost } from './comment-writes.js';
import type { Dialect } from './database.js';
import { insertUnique } from './errors.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import { meanScoresOf, recomputeReviewStatus } from './review-status-writes.js';
import { deleteReviewWithin, lockReview as lockReviewRow } from './review-writes.js';
import { countedHelpfulMarks } from './signal-voids.js';
import {
  postNotDeleted,
  postVisibleTo,
  reviewCounted,
  reviewNotDeleted,
  reviewerKnownTo,
  reviewResponseNotDeleted,
  reviewResponseVisibleTo,
  reviewSigned,
  reviewVisibleTo,
} from './visibility.js';

/** The unique index of migration 0025: one review per reviewer per revision. */
export const ONE_REVIEW_PER_REVISION = 'reviews_one_per_reviewer_and_revision';
/** review_responses' key: one response per review. */
export const ONE_RESPONSE_PER_REVIEW = 'review_responses_pk';

export interface NewReview extends ReviewText {
  id: string;
  postId: string;
  reviewerId: string;
  anonymous: boolean;
  createdAt: string;
}

type Trx = Transaction<DatabaseSchema>;

/** Where a page of a member's reviews stops: its last review's time, then its id. */
export interface ReviewPlace {
  createdAt: string;
  id: string;
}

const TEXT_COLUMNS = [
  'soundness',
  'significance',
  'clarity',
  'reproducibility',
  'confidence',
  'recommendation',
  'summary',
  'strengths',
  'weaknesses',
] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];

/**
 * What the reviewer wrote (the columns bear ReviewText's field names), of a review to insert or of
 * the row an edit replaces.
 */
function textOf<T extends Record<TextColumn, unknown>>(review: T): Pick<T, TextColumn> {
  const text = Object.fromEntries(TEXT_COLUMNS.map((column) => [column, review[column]]));
  return text as Pick<T, TextColumn>;
}

/** Writes the notifications of a review event; returns whom they reached. */
async function tell(trx: Trx, notices: readonly NewNotification[]): Promise<string[]> {
  const told: string[] = [];
  for (const notice of notices) {
    if (await addNotification(trx, notice)) told.push(notice.recipientId);
  }
  return told;
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;

/** Peer reviews (issue 29): reviews, their versions, responses and helpful marks. */
export function createReviewRepository(db: AppDatabase, dialect: Dialect) {
  /**
   * Reviews of posts the viewer may see, visible to them, with all a reader is shown; their
   * helpful counts as they stand at `at` (signal-voids.ts `countedHelpfulMarks`).
   */
  function selectReviews(viewer: Viewer, at: string) {
    return db
      .selectFrom('reviews')
      .innerJoin('posts', 'posts.id', 'reviews.post_id')
      .innerJoin('users', 'users.id', 'reviews.reviewer_id')
      .leftJoin('review_responses', (join) =>
        join
          .onRef('review_responses.review_id', '=', 'reviews.id')
          .on(reviewResponseVisibleTo(viewer)),
      )
      .leftJoin('review_helpful as mine', (join) =>
        join.onRef('mine.review_id', '=', 'reviews.id').on('mine.user_id', '=', viewer?.id ?? ''),
      )
      .selectAll('reviews')
      .select([
        'posts.user_id as post_author_id',
        'posts.revision as post_revision',
        'posts.title as post_title',
        'posts.summary as post_summary',
        'posts.content as post_content',
        'users.username',
        'users.avatar',
        'review_responses.content as response_content',
        'review_responses.created_at as response_created_at',
        'review_responses.edited_at as response_edited_at',
        'review_responses.hidden_at as response_hidden_at',
        'mine.user_id as helpful_mark',
        countedHelpfulMarks(at).as('counted_helpful'),
      ])
      .where(postVisibleTo(viewer))
      .where(reviewVisibleTo(viewer));
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

  function toReview(row: Row): StoredReview {
    const post = {
      revision: Number(row.post_revision),
      text: reviewedTextOf({
        title: row.post_title,
        summary: row.post_summary,
        content: row.post_content,
      }),
    };
    const revision = Number(row.revision);
    return {
      id: row.id,
      postId: row.post_id,
      postAuthorId: row.post_author_id,
      postTitle: row.post_title,
      revision,
      current: countsForCurrent({ revision, reviewedText: row.reviewed_text }, post),
      reviewer: { id: row.reviewer_id, username: row.username, avatar: row.avatar },
      anonymous: Number(row.anonymous) === 1,
      soundness: Number(row.soundness),
      significance: Number(row.significance),
      clarity: Number(row.clarity),
      reproducibility: Number(row.reproducibility),
      confidence: Number(row.confidence),
      recommendation: reviewRecommendationSchema.parse(row.recommendation),
      summary: row.summary,
      strengths: row.strengths,
      weaknesses: row.weaknesses,
      helpfulCount: Number(row.counted_helpful),
      helpfulByMe: row.helpful_mark !== null,
      authorRating: row.author_rating === null ? null : Number(row.author_rating),
      createdAt: row.created_at,
      editedAt: row.edited_at,
      hidden: row.hidden_at !== null,
      response:
        row.response_content === null || row.response_created_at === null
          ? null
          : {
              content: row.response_content,
              createdAt: row.response_created_at,
              editedAt: row.response_edited_at,
              hidden: row.response_hidden_at !== null,
            },
    };
  }

  const lockReview = (trx: Trx, id: string) => lockReviewRow(trx, dialect, id);

  return {
    /** The review (not deleted) with what the policies need; undefined when there is none. */
    async findRef(id: string): Promise<ReviewRef | undefined> {
      const row = await db
        .selectFrom('reviews')
        .select(['id', 'post_id', 'reviewer_id', 'revision', 'hidden_at'])
        .where('id', '=', id)
        .where(reviewNotDeleted())
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          postId: row.post_id,
          reviewerId: row.reviewer_id,
          revision: Number(row.revision),
          hidden: row.hidden_at !== null,
        }
      );
    },

    /**
     * The response to the review (neither deleted), with its review, as the policies need them;
     * undefined when there is none.
     */
    async findResponseRef(reviewId: string): Promise<ReviewResponseRef | undefined> {
      const row = await db
        .selectFrom('review_responses')
        .innerJoin('reviews', 'reviews.id', 'review_responses.review_id')
        .select([
          'reviews.post_id',
          'reviews.reviewer_id',
          'reviews.revision',
          'reviews.hidden_at as review_hidden_at',
          'review_responses.author_id',
          'review_responses.hidden_at',
        ])
        .where('review_responses.review_id', '=', reviewId)
        .where(reviewNotDeleted())
        .where(reviewResponseNotDeleted())
        .executeTakeFirst();
      return (
        row && {
          review: {
            id: reviewId,
            postId: row.post_id,
            reviewerId: row.reviewer_id,
            revision: Number(row.revision),
            hidden: row.review_hidden_at !== null,
          },
          authorId: row.author_id,
          hidden: row.hidden_at !== null,
        }
      );
    },

    /** One review as `viewer` may read it at `at`. */
    async find(id: string, viewer: Viewer, at: string): Promise<StoredReview | undefined> {
      const row = await selectReviews(viewer, at).where('reviews.id', '=', id).executeTakeFirst();
      return row && toReview(row);
    },

    /** The post's reviews `viewer` may read at `at`, newest revision first, then newest first. */
    async listByPost(postId: string, viewer: Viewer, at: string): Promise<StoredReview[]> {
      const rows = await selectReviews(viewer, at)
        .where('reviews.post_id', '=', postId)
        .orderBy('reviews.revision', 'desc')
        .orderBy('reviews.created_at', 'desc')
        .orderBy('reviews.id')
        .execute();
      return rows.map(toReview);
    },

    /**
     * A page of the reviews `memberId` wrote (`written`: only those whose reviewer `viewer` may
     * know, so an anonymous one never shows here to anyone else) or received on their posts,
     * as `viewer` may read them at `page.at`, newest first, after `page.after`.
     */
    async listOfMember(
      kind: 'written' | 'received',
      memberId: string,
      viewer: Viewer,
      page: { after: ReviewPlace | null; limit: number; at: string },
    ): Promise<StoredReview[]> {
      let query = selectReviews(viewer, page.at);
      query =
        kind === 'written'
          ? query.where('reviews.reviewer_id', '=', memberId).where(reviewerKnownTo(viewer))
          : query.where('posts.user_id', '=', memberId);
      const { after } = page;
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('reviews.created_at', '<', after.createdAt),
            eb.and([
              eb('reviews.created_at', '=', after.createdAt),
              eb('reviews.id', '<', after.id),
            ]),
          ]),
        );
      }
      const rows = await query
        .orderBy('reviews.created_at', 'desc')
        .orderBy('reviews.id', 'desc')
        .limit(page.limit)
        .execute();
      return rows.map(toReview);
    },

    /**
     * How many helpful marks the member's signed reviews got, among those `viewer` may read (an
     * anonymous review's marks are not said to be theirs), counting those that count at `at`.
     */
    async helpfulTotal(memberId: string, viewer: Viewer, at: string): Promise<number> {
      const row = await db
        .selectFrom('reviews')
        .innerJoin('posts', 'posts.id', 'reviews.post_id')
        .select(sql<number | string | null>`sum(${countedHelpfulMarks(at)})`.as('total'))
        .where('reviews.reviewer_id', '=', memberId)
        .where(reviewSigned())
        .where(postVisibleTo(viewer))
        .where(reviewVisibleTo(viewer))
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** The mean scores of the reviews counting for the post's current revision. */
    meanScores: (postId: string) => meanScoresOf(db, postId),

    /**
     * Writes a review of the post's current revision (read under the post's lock, so an edit
     * cannot slip between), its notifications and the post's new status, in one transaction.
     * Throws DuplicateKeyError(ONE_REVIEW_PER_REVISION) for a second review of the revision,
     * RowGoneError when the post was deleted meanwhile. Returns whom it told.
     */
    async insert(
      review: NewReview,
      rule: ReviewRule,
      notices: readonly NewNotification[],
    ): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await lockPost(trx, dialect, review.postId);
        const post = await trx
          .selectFrom('posts')
          .select(['revision', 'title', 'summary', 'content'])
          .where('id', '=', review.postId)
          .executeTakeFirstOrThrow();
        await insertUnique(ONE_REVIEW_PER_REVISION, () =>
          trx
            .insertInto('reviews')
            .values({
              id: review.id,
              post_id: review.postId,
              reviewer_id: review.reviewerId,
              revision: Number(post.revision),
              reviewed_text: reviewedTextOf(post),
              ...textOf(review),
              anonymous: review.anonymous ? 1 : 0,
              author_rating: null,
              created_at: review.createdAt,
              edited_at: null,
              deleted_at: null,
              hidden_at: null,
            })
            .execute(),
        );
        await recomputeReviewStatus(trx, review.postId, rule, review.createdAt);
        return tell(trx, notices);
      });
    },

    /**
     * The reviewer's edit: the version it replaces is kept in review_versions, the fields given
     * change, `edited_at` is set and the post's status follows. False when the review is gone.
     */
    async edit(
      id: string,
      changes: Partial<ReviewText> & { anonymous?: boolean },
      at: string,
      rule: ReviewRule,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const before = await lockReview(trx, id);
        if (!before) return false;
        const last = await trx
          .selectFrom('review_versions')
          .select((eb) => eb.fn.max('version').as('version'))
          .where('review_id', '=', id)
          .executeTakeFirst();
        await trx
          .insertInto('review_versions')
          .values({
            ...textOf(before),
            review_id: id,
            version: Number(last?.version ?? 0) + 1,
            edited_at: before.edited_at ?? before.created_at,
          })
          .execute();
        const { anonymous, ...text } = changes;
        await trx
          .updateTable('reviews')
          .set({
            ...text,
            ...(anonymous !== undefined && { anonymous: anonymous ? 1 : 0 }),
            edited_at: at,
          })
          .where('id', '=', id)
          .execute();
        await recomputeReviewStatus(trx, before.post_id, rule, at);
        return true;
      });
    },

    /** Deletes the review (its row kept as a record); the post's status follows. */
    async delete(id: string, at: string, rule: ReviewRule): Promise<string | undefined> {
      return db.transaction().execute((trx) => deleteReviewWithin(trx, dialect, id, at, rule));
    },

    /**
     * The post author's one response, and its notification. Throws
     * DuplicateKeyError(ONE_RESPONSE_PER_REVIEW) when the review has one already.
     */
    async respond(
      response: { reviewId: string; authorId: string; content: string; at: string },
      notices: readonly NewNotification[],
    ): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await insertUnique(ONE_RESPONSE_PER_REVIEW, () =>
          trx
            .insertInto('review_responses')
            .values({
              review_id: response.reviewId,
              author_id: response.authorId,
              content: response.content,
              created_at: response.at,
              edited_at: null,
              deleted_at: null,
              hidden_at: null,
            })
            .execute(),
        );
        return tell(trx, notices);
      });
    },

    /**
     * Marks the review helpful for the member, or takes the mark back; the count follows (the
     * count returned is the one readers see at `at`).
     */
    async toggleHelpful(
      id: string,
      userId: string,
      at: string,
    ): Promise<{ helpful: boolean; count: number } | undefined> {
      return db.transaction().execute(async (trx) => {
        if (!(await lockReview(trx, id))) return undefined;
        const removed = await trx
          .deleteFrom('review_helpful')
          .where('review_id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        const helpful = Number(removed.numDeletedRows) === 0;
        if (helpful) {
          await trx
            .insertInto('review_helpful')
            .values({ review_id: id, user_id: userId, created_at: at })
            .execute();
        }
        await trx
          .updateTable('reviews')
          .set((eb) => ({ helpful_count: eb('helpful_count', '+', helpful ? 1 : -1) }))
          .where('id', '=', id)
          .execute();
        const row = await trx
          .selectFrom('reviews')
          .select(countedHelpfulMarks(at).as('count'))
          .where('reviews.id', '=', id)
          .executeTakeFirstOrThrow();
        return { helpful, count: Number(row.count) };
      });
    },

    /** The post author's helpfulness rating; false when the review is gone. */
    async rate(id: string, rating: number): Promise<boolean> {
      const result = await db
        .updateTable('reviews')
        .set({ author_rating: rating })
        .where('id', '=', id)
        .where(reviewNotDeleted())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * After new trust scores (computed at `at`): the status of up to `limit` posts with live reviews, each in its
     * own short transaction (the most recently reviewed first). Returns the posts whose status or count
     * changed.
     */
    async recomputeReviewed(rule: ReviewRule, limit: number, at: string): Promise<string[]> {
      const posts = await db
        .selectFrom('reviews')
        .innerJoin('posts', 'posts.id', 'reviews.post_id')
        .select('reviews.post_id')
        .where(reviewCounted())
        .where(postNotDeleted())
        .groupBy('reviews.post_id')
        .orderBy((eb) => eb.fn.max('reviews.created_at'), 'desc')
        .limit(limit)
        .execute();
      const changed: string[] = [];
      for (const { post_id: postId } of posts) {
        const moved = await db
          .transaction()
          .execute((trx) => recomputeReviewStatus(trx, postId, rule, at));
        if (moved) changed.push(postId);
      }
      return changed;
    },
  };
}
