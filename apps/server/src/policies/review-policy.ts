import { MESSAGES } from '@symposia/shared';
import {
  mayReadPost,
  postFacts,
  seesHiddenContent,
  type Actor,
  type PostFacts,
  type Reader,
} from './content-policy.js';
import { ALLOW, deny, type Decision } from './decision.js';

/**
 * Who may do what with peer reviews (issue 29). Reviews follow their post: whoever may see the
 * post sees its reviews (a private post's reviews are as private as it is), except one the
 * moderators hid, seen only by its reviewer and the moderators, as comments are.
 * repositories/visibility.ts `reviewVisibleTo` is the SQL form of `mayReadReview`.
 */

export const REVIEW_ACTIONS = ['see', 'edit', 'delete', 'respond', 'helpful', 'rate'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** What the rules need to know of a review, and of the post it reviews. */
export interface ReviewFacts {
  reviewerId: string;
  deleted: boolean;
  hidden: boolean;
  /** Null: its post is none the actor may see. */
  post: PostFacts | null;
}

/**
 * A review found by id (not deleted) as the rules need it, with its post as the actor found it
 * (undefined: none they may see).
 */
export function reviewFacts(
  review: { reviewerId: string; hidden: boolean },
  post: Parameters<typeof postFacts>[0] | undefined,
): ReviewFacts {
  return {
    reviewerId: review.reviewerId,
    deleted: false,
    hidden: review.hidden,
    post: post ? postFacts(post) : null,
  };
}

/** Whether `reader` may see the review: its post they may see, not deleted, not hidden from them. */
export function mayReadReview(reader: Reader, review: ReviewFacts): boolean {
  if (review.post === null || !mayReadPost(reader, review.post) || review.deleted) return false;
  return !review.hidden || isReviewer(reader, review) || seesHiddenContent(reader);
}

/**
 * May `actor` review the post (POST /media/{id}/reviews)? A member who may see it, not its
 * author (422), and not while the moderators hide it (403).
 */
export function decideReviewWrite(actor: Actor, post: PostFacts | undefined): Decision {
  if (actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  if (post === undefined || !mayReadPost(actor, post)) {
    return deny('not-found', MESSAGES.postNotFoundTitle);
  }
  if (post.hidden) return deny('forbidden', MESSAGES.hiddenByModerators);
  if (actor.id === post.authorId) return deny('invalid', MESSAGES.reviewOwnPost, 'post');
  return ALLOW;
}

/**
 * May `actor` do `action` to the review? Seeing needs no account. Editing is the reviewer's
 * alone, deleting the reviewer's or a moderator's; responding and rating helpfulness the post
 * author's alone; marking helpful anyone's who may see it but the reviewer (422). A hidden review
 * (or one on a hidden post) takes no response, mark or rating (403).
 */
export function decideReview(
  actor: Actor,
  review: ReviewFacts | undefined,
  action: ReviewAction,
): Decision {
  if (action !== 'see' && actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  if (review === undefined) return deny('not-found', MESSAGES.reviewNotFound);
  if (review.post === null || !mayReadPost(actor, review.post)) {
    return deny('not-found', MESSAGES.postNotFoundTitle);
  }
  if (!mayReadReview(actor, review)) return deny('not-found', MESSAGES.reviewNotFound);
  const frozen = review.hidden || review.post.hidden;
  switch (action) {
    case 'see':
      return ALLOW;
    case 'edit':
      return isReviewer(actor, review) ? ALLOW : deny('forbidden', MESSAGES.notYourReview);
    case 'delete':
      return isReviewer(actor, review) || seesHiddenContent(actor)
        ? ALLOW
        : deny('forbidden', MESSAGES.cannotDeleteReview);
    case 'respond':
    case 'rate': {
      if (!isPostAuthor(actor, review.post)) {
        return deny(
          'forbidden',
          action === 'respond'
            ? MESSAGES.reviewResponseAuthorOnly
            : MESSAGES.reviewRatingAuthorOnly,
        );
      }
      return frozen ? deny('forbidden', MESSAGES.hiddenByModerators) : ALLOW;
    }
    case 'helpful':
      if (frozen) return deny('forbidden', MESSAGES.hiddenByModerators);
      return isReviewer(actor, review) ? deny('invalid', MESSAGES.reviewOwnHelpful) : ALLOW;
  }
}

/**
 * What the rules need to know of the post author's response to a review (a review has one at
 * most, named by the review's id), and of the review it answers.
 */
export interface ReviewResponseFacts {
  /** Who wrote it: the reviewed post's author. */
  authorId: string;
  deleted: boolean;
  hidden: boolean;
  review: ReviewFacts;
}

/**
 * A response found (neither it nor its review deleted) as the rules need it, with its review's
 * post as the actor found it (undefined: none they may see).
 */
export function reviewResponseFacts(
  response: { authorId: string; hidden: boolean; review: { reviewerId: string; hidden: boolean } },
  post: Parameters<typeof postFacts>[0] | undefined,
): ReviewResponseFacts {
  return {
    authorId: response.authorId,
    deleted: false,
    hidden: response.hidden,
    review: reviewFacts(response.review, post),
  };
}

/**
 * Whether `reader` may see the response: it follows its review (whoever may see the review sees
 * it), except once deleted, or hidden by the moderators — then only its author and the
 * moderators see it (marked), as a review's hiding works. repositories/visibility.ts
 * `reviewResponseVisibleTo` is the SQL form.
 */
export function mayReadReviewResponse(reader: Reader, response: ReviewResponseFacts): boolean {
  if (!mayReadReview(reader, response.review) || response.deleted) return false;
  return (
    !response.hidden ||
    (reader !== null && reader.id === response.authorId) ||
    seesHiddenContent(reader)
  );
}

/**
 * May `actor` see the response (and so report it, or, a moderator, hide, restore or delete it)?
 * 404 when there is none, or none they may see.
 */
export function decideReviewResponse(
  actor: Actor,
  response: ReviewResponseFacts | undefined,
): Decision {
  return response !== undefined && mayReadReviewResponse(actor, response)
    ? ALLOW
    : deny('not-found', MESSAGES.reviewResponseNotFound);
}

/**
 * Whether `reader` is told who wrote the review: anyone when it is signed; when anonymous, only
 * the reviewer and the moderators (and the payouts, which read the row, not this).
 */
export function mayKnowReviewer(
  reader: Reader,
  review: { reviewerId: string; anonymous: boolean },
): boolean {
  return !review.anonymous || isReviewer(reader, review) || seesHiddenContent(reader);
}

/** Whether the review is the reader's own (`is_mine`). */
export function isOwnReview(reader: Reader, review: { reviewerId: string }): boolean {
  return isReviewer(reader, review);
}

function isReviewer(reader: Reader, review: { reviewerId: string }): boolean {
  return reader !== null && reader.id === review.reviewerId;
}

function isPostAuthor(reader: Reader, post: PostFacts): boolean {
  return reader !== null && reader.id === post.authorId;
}
