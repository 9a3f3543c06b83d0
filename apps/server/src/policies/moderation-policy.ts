import { MESSAGES, type ModerationAction, type UserRole } from '@symposia/shared';
import {
  decideComment,
  decidePost,
  mayReadPost,
  type Actor,
  type CommentFacts,
  type PostFacts,
} from './content-policy.js';
import { ALLOW, deny, type Decision } from './decision.js';
import {
  decideReview,
  decideReviewResponse,
  type ReviewFacts,
  type ReviewResponseFacts,
} from './review-policy.js';

/**
 * Who may report what, who moderates, what a moderator may do to what, and who may sign in
 * (docs/ARCHITECTURE.md §4). Services read the facts and ask; nothing here reads a database.
 */

/** A member reporting: their account's age decides whether they may yet. */
export type Reporter = { id: string; role?: UserRole; createdAt: string } | null;

/**
 * What is reported, as the reporter may see it: `undefined` when it does not exist or they may
 * not see it (repositories found none for them), which is the same to them.
 */
export type ReportTargetFacts =
  | { type: 'post'; post: PostFacts | undefined }
  | { type: 'comment'; comment: CommentFacts | undefined }
  | { type: 'review'; review: ReviewFacts | undefined }
  | { type: 'review_response'; response: ReviewResponseFacts | undefined }
  | { type: 'user'; user: { id: string } | undefined };

/**
 * What a moderator acts on. `authorRole` is the role of whoever the report is about (the post's,
 * comment's, review's or response's author, or the user); null when that account is gone.
 */
export type ModerationTargetFacts =
  | { type: 'post'; post: PostFacts | undefined; authorRole: UserRole | null }
  | { type: 'comment'; comment: CommentFacts | undefined; authorRole: UserRole | null }
  | { type: 'review'; review: ReviewFacts | undefined; authorRole: UserRole | null }
  | {
      type: 'review_response';
      response: ReviewResponseFacts | undefined;
      authorRole: UserRole | null;
    }
  | { type: 'user'; authorRole: UserRole | null };

/** Whether the actor is a moderator: the one role that reviews reports and acts on them. */
export function mayModerate(actor: Actor): boolean {
  return actor !== null && actor.role === 'moderator';
}

/** The moderation queue, its actions and its log: moderators only (401 signed out, else 403). */
export function decideModeration(actor: Actor): Decision {
  if (actor === null) return deny('sign-in', MESSAGES.notAuthenticated);
  return mayModerate(actor) ? ALLOW : deny('forbidden', MESSAGES.moderatorsOnly);
}

/**
 * May `reporter` report the target? A member whose account is at least `minAccountAgeSeconds`
 * old (REPORT_MIN_ACCOUNT_AGE_SECONDS) reports what they may see (else 404), but never themself
 * or their own content (422).
 */
export function decideReport(
  reporter: Reporter,
  target: ReportTargetFacts,
  rules: { at: Date; minAccountAgeSeconds: number },
): Decision {
  if (reporter === null) return deny('sign-in', MESSAGES.notAuthenticated);
  const ageMs = rules.at.getTime() - Date.parse(reporter.createdAt);
  if (ageMs < rules.minAccountAgeSeconds * 1000) {
    return deny('forbidden', MESSAGES.reportAccountTooNew);
  }
  const authorId = reportedAuthor(reporter, target);
  if (authorId === undefined) return deny('not-found', MESSAGES.reportTargetNotFound);
  return authorId === reporter.id ? deny('invalid', MESSAGES.reportOwnContent, 'target_id') : ALLOW;
}

/** Whom the target is about, when the reporter may see it. */
function reportedAuthor(reporter: Reporter, target: ReportTargetFacts): string | undefined {
  switch (target.type) {
    case 'post':
      return target.post && decidePost(reporter, target.post, 'see').allowed
        ? target.post.authorId
        : undefined;
    case 'comment':
      return target.comment && decideComment(reporter, target.comment, 'see').allowed
        ? target.comment.authorId
        : undefined;
    case 'review':
      return decideReview(reporter, target.review, 'see').allowed
        ? target.review?.reviewerId
        : undefined;
    case 'review_response':
      return decideReviewResponse(reporter, target.response).allowed
        ? target.response?.authorId
        : undefined;
    case 'user':
      return target.user?.id;
  }
}

/**
 * May the moderator resolve a report on the target with `action`? Dismissing always. Hiding and
 * deleting take a post, comment, review or response the moderator may see and delete (404
 * otherwise; a user is neither hidden nor deleted: 422). Suspending takes anyone but a moderator
 * (422).
 */
export function decideResolution(
  actor: Actor,
  target: ModerationTargetFacts,
  action: ModerationAction,
): Decision {
  const moderator = decideModeration(actor);
  if (!moderator.allowed) return moderator;
  switch (action) {
    case 'dismiss':
      return ALLOW;
    case 'suspend':
      if (target.authorRole === null) return deny('not-found', MESSAGES.userNotFound);
      return target.authorRole === 'moderator'
        ? deny('invalid', MESSAGES.cannotModerateModerator, 'action')
        : ALLOW;
    case 'hide':
    case 'delete':
      switch (target.type) {
        case 'user':
          return deny('invalid', MESSAGES.moderationActionNotForUsers, 'action');
        case 'post':
          return decidePost(actor, target.post, 'delete');
        case 'comment':
          return decideComment(actor, target.comment, 'delete');
        case 'review':
          return decideReview(actor, target.review, 'delete');
        case 'review_response':
          return decideReviewResponse(actor, target.response);
      }
  }
}

/**
 * May the moderator undo the hiding of the post, comment, review or response? It must still exist
 * and be one they may see (404 otherwise); whether it is hidden at all is for the service to say.
 */
export function decideRestore(
  actor: Actor,
  target:
    | { type: 'post'; post: PostFacts | undefined }
    | { type: 'comment'; comment: CommentFacts | undefined }
    | { type: 'review'; review: ReviewFacts | undefined }
    | { type: 'review_response'; response: ReviewResponseFacts | undefined },
): Decision {
  const moderator = decideModeration(actor);
  if (!moderator.allowed) return moderator;
  switch (target.type) {
    case 'post':
      return target.post && mayReadPost(actor, target.post)
        ? ALLOW
        : deny('not-found', MESSAGES.postNotFoundTitle);
    case 'comment':
      return decideComment(actor, target.comment, 'see');
    case 'review':
      return decideReview(actor, target.review, 'see');
    case 'review_response':
      return decideReviewResponse(actor, target.response);
  }
}

/**
 * Who is told of a moderator's decision: the target's author (unless the report was dismissed:
 * nothing happened to them) and each reporter about their report; never the moderator themself.
 */
export function moderationRecipients(
  actor: { id: string },
  decision: {
    action: ModerationAction | 'restore';
    authorId: string | null;
    reporterIds: string[];
  },
): { author: string | null; reporters: string[] } {
  const author =
    decision.action !== 'dismiss' && decision.authorId !== null && decision.authorId !== actor.id
      ? decision.authorId
      : null;
  return {
    author,
    reporters: [...new Set(decision.reporterIds)].filter((id) => id !== actor.id),
  };
}

/**
 * May the moderator release or forfeit this member's frozen rewards (issue 28)? Moderators
 * only; a member who does not exist is 404. Whether anything is frozen is for the service to say.
 */
export function decideRewardHold(actor: Actor, member: { id: string } | undefined): Decision {
  const moderator = decideModeration(actor);
  if (!moderator.allowed) return moderator;
  return member ? ALLOW : deny('not-found', MESSAGES.userNotFound);
}

/**
 * May the account sign in? Not while a moderator's suspension lasts (403, saying until when, as
 * an ISO time); from `suspendedUntil` on it may again.
 */
export function decideSignIn(account: { suspendedUntil: string | null }, at: Date): Decision {
  if (account.suspendedUntil === null) return ALLOW;
  const until = new Date(account.suspendedUntil);
  return at.getTime() < until.getTime()
    ? deny('forbidden', MESSAGES.accountSuspended(until.toISOString()))
    : ALLOW;
}
