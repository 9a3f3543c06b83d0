import { NOTIFICATION_TYPES } from '@symposia/shared';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Viewer } from '../domain/post.js';
import { seesHiddenContent } from '../policies/content-policy.js';
import { notificationFollowsItsContent } from '../policies/notification-policy.js';

/**
 * The one SQL form of "who may see which post, comment, review and response"
 * (docs/ARCHITECTURE.md §4). The rule
 * itself is written, and tested cell by cell, in policies/content-policy.ts (`mayReadPost`); this file
 * is how repositories apply it in a query, so the post, comment, profile and storage repositories
 * never compare a visibility, an author or a deletion time on their own (visibility.test.ts reads
 * the source tree to keep it so).
 *
 * Each condition names the `posts` or `comments` table unaliased: use it in a query that selects
 * from or joins that table under its own name.
 */

/** Not deleted: the post still exists for every reader (and for counts and the gateway). */
export function postNotDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('posts.deleted_at')} is null`;
}

/** Deleted: kept only as a record (moderation); no reader sees it. */
export function postDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('posts.deleted_at')} is not null`;
}

/** Hidden by the moderators (and not restored since). */
export function postHidden(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('posts.hidden_at')} is not null`;
}

const isPublic = () => sql<SqlBool>`${sql.ref('posts.visibility')} = ${'public'}`;
const notHidden = () => sql<SqlBool>`${sql.ref('posts.hidden_at')} is null`;

/**
 * The posts `viewer` may see (policies `mayReadPost`): not deleted, and their own, or public and
 * not hidden by the moderators (a moderator sees the hidden ones too). With a null viewer, what
 * anyone may see — the public posts; their files are what the gateway serves to anyone.
 */
export function postVisibleTo(viewer: Viewer): Expression<SqlBool> {
  let readable: Expression<SqlBool>;
  if (!viewer) readable = sql<SqlBool>`(${isPublic()} and ${notHidden()})`;
  else if (seesHiddenContent(viewer)) {
    readable = sql<SqlBool>`(${isPublic()} or ${sql.ref('posts.user_id')} = ${viewer.id})`;
  } else {
    readable = sql<SqlBool>`((${isPublic()} and ${notHidden()}) or ${sql.ref('posts.user_id')} = ${viewer.id})`;
  }
  return sql<SqlBool>`(${postNotDeleted()} and ${readable})`;
}

/**
 * The posts the forum lists to `viewer` when it leaves private ones out: the public posts anyone
 * sees, and the hidden ones among them that `viewer` may see (their own; every one for a
 * moderator). With a null viewer, the same as `postVisibleTo(null)`.
 */
export function postListedTo(viewer: Viewer): Expression<SqlBool> {
  let shown: Expression<SqlBool>;
  if (!viewer) shown = notHidden();
  else if (seesHiddenContent(viewer)) shown = sql<SqlBool>`${sql.lit(true)}`;
  else shown = sql<SqlBool>`(${notHidden()} or ${sql.ref('posts.user_id')} = ${viewer.id})`;
  return sql<SqlBool>`(${postNotDeleted()} and ${isPublic()} and ${shown})`;
}

/**
 * Of the posts listed to `viewer`, those they may review (policies `decideReviewWrite`: never a
 * post the moderators hid, never one's own), so the review queue offers them nothing else: not
 * their own posts, and not a hidden post even to a moderator, who may see it but not review it.
 * With a null viewer, every post not hidden.
 */
export function postReviewableBy(viewer: Viewer): Expression<SqlBool> {
  if (!viewer) return notHidden();
  return sql<SqlBool>`(${notHidden()} and ${sql.ref('posts.user_id')} <> ${viewer.id})`;
}

/**
 * A comment that is not deleted: counted, editable, likeable. A deleted comment stays in the table
 * (and in its thread, as "[deleted]") only while replies hang from it.
 */
export function commentNotDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('comments.deleted_at')} is null`;
}

/** Deleted, and kept only for the replies under it. */
export function commentDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('comments.deleted_at')} is not null`;
}

/** Hidden by the moderators (and not restored since). */
export function commentHidden(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('comments.hidden_at')} is not null`;
}

/**
 * The comments `viewer` may see, on posts they may see (join `postVisibleTo` for those; policies
 * `mayReadComment`): not deleted, and not hidden unless they wrote it or are a moderator.
 */
export function commentVisibleTo(viewer: Viewer): Expression<SqlBool> {
  return sql<SqlBool>`(${commentNotDeleted()} and not ${commentHiddenFrom(viewer)})`;
}

/**
 * Hidden from `viewer`: the moderators hid it and it is not theirs (a moderator sees every one).
 * In a thread such a comment is, for them, as a deleted one: a blank place for its replies.
 */
export function commentHiddenFrom(viewer: Viewer): Expression<SqlBool> {
  if (!viewer) return sql<SqlBool>`(${commentHidden()})`;
  if (seesHiddenContent(viewer)) return sql<SqlBool>`${sql.lit(false)}`;
  return sql<SqlBool>`(${commentHidden()} and ${sql.ref('comments.user_id')} <> ${viewer.id})`;
}

/**
 * The notifications `recipient` is shown (policies `notificationFollowsItsContent`): one about a
 * post, a comment or a review only while they may see it (`postVisibleTo`, `commentVisibleTo`,
 * `reviewVisibleTo`; a `review_response` one also the response, `reviewResponseVisibleTo`), so
 * it never shows what was deleted, hidden from them or made private since; a moderation outcome
 * or a reward always. Use it in a query that left-joins `posts` on `notifications.post_id`,
 * `comments` on `notifications.comment_id`, and `reviews` and `review_responses` on
 * `notifications.review_id`, under those names.
 */
export function notificationShownTo(recipient: NonNullable<Viewer>): Expression<SqlBool> {
  const following = NOTIFICATION_TYPES.filter(notificationFollowsItsContent);
  // A comment deleted without replies left no row: the join finds nothing, and nothing is shown.
  const postSeen = sql<SqlBool>`(${sql.ref('notifications.post_id')} is null or (${sql.ref('posts.id')} is not null and ${postVisibleTo(recipient)}))`;
  const commentSeen = sql<SqlBool>`(${sql.ref('notifications.comment_id')} is null or (${sql.ref('comments.id')} is not null and ${commentVisibleTo(recipient)}))`;
  const reviewSeen = sql<SqlBool>`(${sql.ref('notifications.review_id')} is null or (${sql.ref('reviews.id')} is not null and ${reviewVisibleTo(recipient)}))`;
  const responseSeen = sql<SqlBool>`(${sql.ref('notifications.type')} <> ${'review_response'} or ${sql.ref('notifications.review_id')} is null or (${sql.ref('review_responses.review_id')} is not null and ${reviewResponseVisibleTo(recipient)}))`;
  return sql<SqlBool>`(${sql.ref('notifications.type')} not in (${sql.join(following)}) or (${postSeen} and ${commentSeen} and ${reviewSeen} and ${responseSeen}))`;
}

/** A review that is not deleted: counted, editable, answerable. */
export function reviewNotDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('reviews.deleted_at')} is null`;
}

/** Hidden by the moderators (and not restored since). */
export function reviewHidden(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('reviews.hidden_at')} is not null`;
}

/**
 * The reviews `viewer` may see, on posts they may see (join `postVisibleTo` for those; policies
 * `mayReadReview`): not deleted, and not hidden unless they wrote it or are a moderator.
 */
export function reviewVisibleTo(viewer: Viewer): Expression<SqlBool> {
  let hiddenFrom: Expression<SqlBool>;
  if (!viewer) hiddenFrom = reviewHidden();
  else if (seesHiddenContent(viewer)) hiddenFrom = sql<SqlBool>`${sql.lit(false)}`;
  else {
    hiddenFrom = sql<SqlBool>`(${reviewHidden()} and ${sql.ref('reviews.reviewer_id')} <> ${viewer.id})`;
  }
  return sql<SqlBool>`(${reviewNotDeleted()} and not ${hiddenFrom})`;
}

/**
 * The reviews whose reviewer `viewer` may know (policies `mayKnowReviewer`): signed ones, and an
 * anonymous one only to its reviewer and the moderators. A member's list of the reviews they
 * wrote holds only these, so it never names the reviewer of an anonymous review.
 */
export function reviewerKnownTo(viewer: Viewer): Expression<SqlBool> {
  if (seesHiddenContent(viewer)) return sql<SqlBool>`${sql.lit(true)}`;
  if (!viewer) return reviewSigned();
  return sql<SqlBool>`(${reviewSigned()} or ${sql.ref('reviews.reviewer_id')} = ${viewer.id})`;
}

/** Signed: the review names its reviewer to everyone (its helpful marks are theirs in public). */
export function reviewSigned(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('reviews.anonymous')} = 0`;
}

/** The reviews that count for a post's status: neither deleted nor hidden, whoever reads. */
export function reviewCounted(): Expression<SqlBool> {
  return sql<SqlBool>`(${reviewNotDeleted()} and not ${reviewHidden()})`;
}

/** A response neither deleted nor hidden: what stands on the record for everyone. */
export function reviewResponseCounted(): Expression<SqlBool> {
  return sql<SqlBool>`(${reviewResponseNotDeleted()} and not ${reviewResponseHidden()})`;
}

/** A response to a review that is not deleted. */
export function reviewResponseNotDeleted(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('review_responses.deleted_at')} is null`;
}

/** A response the moderators hid (and did not restore since). */
export function reviewResponseHidden(): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('review_responses.hidden_at')} is not null`;
}

/**
 * The responses `viewer` may see, under reviews they may see (apply `reviewVisibleTo` and
 * `postVisibleTo` for those; policies `mayReadReviewResponse`): not deleted, and not hidden
 * unless they wrote it (the post's author) or are a moderator.
 */
export function reviewResponseVisibleTo(viewer: Viewer): Expression<SqlBool> {
  let hiddenFrom: Expression<SqlBool>;
  if (!viewer) hiddenFrom = reviewResponseHidden();
  else if (seesHiddenContent(viewer)) hiddenFrom = sql<SqlBool>`${sql.lit(false)}`;
  else {
    hiddenFrom = sql<SqlBool>`(${reviewResponseHidden()} and ${sql.ref('review_responses.author_id')} <> ${viewer.id})`;
  }
  return sql<SqlBool>`(${reviewResponseNotDeleted()} and not ${hiddenFrom})`;
}
