import {
  MESSAGES,
  type ModerationAction,
  type ModerationLogQuery,
  type ModerationQueueQuery,
  type ReportTargetType,
  type ResolveReportBody,
  type ResolveReportResult,
  type RestoreBody,
  type RestoreParams,
} from '@symposia/shared';
import { servedCids, type Post } from '../../domain/post.js';
import type { User } from '../../domain/user.js';
import {
  decideModeration,
  decideResolution,
  decideRestore,
  moderationRecipients,
  postFacts,
  reviewFacts,
  reviewResponseFacts,
  type CommentFacts,
  type ModerationTargetFacts,
  type ReviewFacts,
  type ReviewResponseFacts,
} from '../../policies/index.js';
import { authorize } from '../authorize.js';
import type {
  CommentRepository,
  LogEntry,
  ModerationRepository,
  NewNotification,
  PostRepository,
  QueueEntry,
  ReceiptRepository,
  Resolved,
  ReviewRepository,
  UserRepository,
} from '../../repositories/index.js';
import type { ReviewRule } from '../../domain/review-status.js';
import type { Clock } from '../clock.js';
import type { AfterWrite, WriteChange } from '../after-write.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { excerptOf } from '../notifications/notification-service.js';

export type ModerationService = ReturnType<typeof createModerationService>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a notification of a decision links to: the post, and the comment when it is one; and the
 * review when it is one, or its response (`response`; their notifications link to the post).
 */
interface Place {
  postId: string | null;
  commentId: string | null;
  reviewId?: string;
  response?: boolean;
}

/**
 * The moderators' work (docs/ARCHITECTURE.md §4, policies/moderation-policy.ts): the queue of
 * reports grouped by target (posts, comments, reviews and their responses, members), resolving
 * them (dismiss, hide,
 * delete, suspend; a review's post has its review status computed again), undoing a hide, and
 * the log every one of those actions is written to. Each decision is one transaction with its
 * log row and its notifications; readers see its effect at once (the content version moves).
 */
export function createModerationService(deps: {
  moderation: ModerationRepository;
  posts: PostRepository;
  comments: CommentRepository;
  reviews: Pick<ReviewRepository, 'findRef' | 'findResponseRef'>;
  /** A review's receipts, which the gateway stops serving once it is hidden or deleted. */
  receipts: Pick<ReceiptRepository, 'cidsOfReview' | 'cidsOfResponse'>;
  users: UserRepository;
  /** The review status rule (trust-service.ts `reviewRuleOf`): a hidden review counts nothing. */
  reviewRule: ReviewRule;
  now: Clock;
  /**
   * Told what each decision changed, after it committed (services/after-write.ts): the caches,
   * the gateway (a hidden or deleted post's files), the recipients' live streams, the streams of
   * a suspended member's sessions, and those of whoever was told of what is hidden, deleted or
   * restored (their notifications of it leave or come back).
   */
  afterWrite: AfterWrite;
}) {
  const { moderation, posts, comments, reviews, receipts, users, reviewRule, now, afterWrite } =
    deps;

  /**
   * The CIDs a hide or delete of the target withdraws from the gateway. A response's withdraws its
   * own receipts and leaves its review's as they are: they are the review's record.
   */
  async function withdrawnCids(target: { post?: Post; place: Place }): Promise<string[]> {
    if (target.post) return servedCids(target.post);
    const { reviewId, response } = target.place;
    if (reviewId === undefined) return [];
    return response ? receipts.cidsOfResponse(reviewId) : receipts.cidsOfReview(reviewId);
  }

  /** A comment as the moderator may see it, and where it is. */
  async function commentAsSeenBy(moderator: User, id: string) {
    const ref = await comments.findRef(id);
    const post = ref && (await posts.findVisible(ref.postId, moderator));
    const facts: CommentFacts | undefined = ref && {
      authorId: ref.userId,
      deleted: false,
      hidden: ref.hidden,
      post: post ? postFacts(post) : null,
    };
    return { facts, place: { postId: ref?.postId ?? null, commentId: ref ? id : null } };
  }

  /** A review as the moderator may see it, and where it is. */
  async function reviewAsSeenBy(
    moderator: User,
    id: string,
  ): Promise<{ facts: ReviewFacts | undefined; place: Place }> {
    const ref = await reviews.findRef(id);
    const post = ref && (await posts.findVisible(ref.postId, moderator));
    return {
      facts: ref && reviewFacts(ref, post),
      place: { postId: ref?.postId ?? null, commentId: null, reviewId: id },
    };
  }

  /** The response to the review as the moderator may see it, and where it is. */
  async function responseAsSeenBy(
    moderator: User,
    reviewId: string,
  ): Promise<{ facts: ReviewResponseFacts | undefined; place: Place }> {
    const ref = await reviews.findResponseRef(reviewId);
    const post = ref && (await posts.findVisible(ref.review.postId, moderator));
    return {
      facts: ref && reviewResponseFacts(ref, post),
      place: { postId: ref?.review.postId ?? null, commentId: null, reviewId, response: true },
    };
  }

  /** The target of a report as the policy needs it, the post (to withdraw its files), its place. */
  async function targetOf(
    moderator: User,
    type: ReportTargetType,
    id: string,
    authorId: string,
  ): Promise<{ facts: ModerationTargetFacts; post?: Post; place: Place }> {
    const authorRole = (await users.findById(authorId))?.role ?? null;
    switch (type) {
      case 'post': {
        const post = await posts.findVisible(id, moderator);
        return {
          facts: { type, post: post && postFacts(post), authorRole },
          post,
          place: { postId: id, commentId: null },
        };
      }
      case 'comment': {
        const { facts, place } = await commentAsSeenBy(moderator, id);
        return { facts: { type, comment: facts, authorRole }, place };
      }
      case 'review': {
        const { facts, place } = await reviewAsSeenBy(moderator, id);
        return { facts: { type, review: facts, authorRole }, place };
      }
      case 'review_response': {
        const { facts, place } = await responseAsSeenBy(moderator, id);
        return { facts: { type, response: facts, authorRole }, place };
      }
      case 'user':
        return { facts: { type, authorRole }, place: { postId: null, commentId: null } };
    }
  }

  /** What the decision tells whom: the author of the target, and every reporter. */
  function noticesOf(
    moderator: User,
    decision: {
      action: ModerationAction | 'restore';
      targetType: ReportTargetType;
      authorId: string;
      note: string;
      suspendedUntil: string | null;
      place: Place;
      at: string;
    },
    resolved: Resolved,
  ): NewNotification[] {
    const recipients = moderationRecipients(moderator, {
      action: decision.action,
      authorId: decision.authorId,
      reporterIds: resolved.reports.map((report) => report.reporterId),
    });
    const base = {
      type: 'moderation' as const,
      actorId: null,
      postId: decision.place.postId,
      commentId: decision.place.commentId,
      at: decision.at,
    };
    const notices: NewNotification[] = [];
    if (recipients.author !== null && decision.action !== 'dismiss') {
      notices.push({
        ...base,
        recipientId: recipients.author,
        excerpt: excerptOf(authorNotice(decision)),
        groupKey: `moderation:${resolved.logId}`,
      });
    }
    const action = decision.action;
    if (action !== 'restore') {
      for (const report of resolved.reports) {
        if (!recipients.reporters.includes(report.reporterId)) continue;
        notices.push({
          ...base,
          recipientId: report.reporterId,
          excerpt: excerptOf(MESSAGES.reportOutcomeNotice[action]),
          groupKey: `report:${report.id}`,
        });
      }
    }
    return notices;
  }

  /**
   * What hiding, deleting or restoring the post, comment, review or response at `place` changed:
   * it, and the notifications about it (they leave or return). A review, or its response,
   * changes its post: the post's review status, its detail and its review list; the
   * notifications about the review (of it and of its response) follow it.
   */
  function contentAt(place: Place): WriteChange {
    if (place.reviewId !== undefined) {
      return {
        ...(place.postId !== null && { posts: [place.postId] }),
        notificationsAbout: { reviewId: place.reviewId },
      };
    }
    if (place.commentId !== null) {
      return {
        comments: [place.commentId],
        notificationsAbout: { commentId: place.commentId },
      };
    }
    if (place.postId !== null) {
      return { posts: [place.postId], notificationsAbout: { postId: place.postId } };
    }
    return {};
  }

  return {
    /** GET /moderation/reports: the reports with the status, grouped by target, oldest first. */
    async queue(user: User, query: ModerationQueueQuery): Promise<QueueEntry[]> {
      authorize(decideModeration(user));
      return moderation.queue(query.status, user, query);
    },

    /** GET /moderation/log: every moderator action, newest first. */
    async log(user: User, query: ModerationLogQuery): Promise<LogEntry[]> {
      authorize(decideModeration(user));
      return moderation.log(query);
    },

    /**
     * Resolves the report, and with it every open report on the same target: 404 unknown report,
     * 409 already resolved, 422 an action that does not fit the target (policies), 404 a post or
     * comment gone meanwhile.
     */
    async resolve(
      user: User,
      reportId: string,
      body: ResolveReportBody,
    ): Promise<ResolveReportResult> {
      authorize(decideModeration(user));
      const report = await moderation.findReport(reportId);
      if (!report) throw new NotFoundError(MESSAGES.reportNotFound);
      if (report.status !== 'open') throw new ConflictError(MESSAGES.reportAlreadyResolved);
      const target = await targetOf(
        user,
        report.targetType,
        report.targetId,
        report.targetAuthorId,
      );
      authorize(decideResolution(user, target.facts, body.action));

      const at = now();
      const suspendedUntil =
        body.action === 'suspend' && body.suspend_days !== undefined
          ? new Date(at.getTime() + body.suspend_days * DAY_MS).toISOString()
          : null;
      const decision = {
        action: body.action,
        targetType: report.targetType,
        authorId: report.targetAuthorId,
        note: body.note,
        suspendedUntil,
        place: target.place,
        at: at.toISOString(),
      };
      const outcome = await moderation.resolve({
        reportId,
        moderatorId: user.id,
        action: body.action,
        note: body.note,
        at,
        suspendedUntil,
        notices: (resolved) => noticesOf(user, decision, resolved),
        reviewRule,
      });
      switch (outcome.kind) {
        case 'not-found':
          throw new NotFoundError(MESSAGES.reportNotFound);
        case 'already-resolved':
          throw new ConflictError(MESSAGES.reportAlreadyResolved);
        case 'target-gone':
          throw new NotFoundError(goneMessage(report.targetType));
      }
      const changesContent = body.action === 'hide' || body.action === 'delete';
      await afterWrite({
        ...(changesContent && contentAt(target.place)),
        // A hidden or deleted post's files, or review's receipts, stop being served to anyone.
        files: changesContent ? await withdrawnCids(target) : undefined,
        notify: outcome.told,
        sessionsEnded: body.action === 'suspend' ? report.targetAuthorId : undefined,
      });
      return {
        status: 'resolved',
        outcome: body.action,
        resolved_count: outcome.resolvedCount,
        suspended_until: suspendedUntil,
      };
    },

    /**
     * POST /moderation/{target_type}/{id}/restore: shows hidden content again (a post's or
     * comment's counts come back, a review counts again for its post), logged, its author told.
     * 404 when gone, 409 when it is not hidden.
     */
    async restore(user: User, params: RestoreParams, body: RestoreBody): Promise<void> {
      authorize(decideModeration(user));
      let authorId: string | undefined;
      let place: Place;
      switch (params.target_type) {
        case 'post': {
          const post = await posts.findVisible(params.id, user);
          authorize(decideRestore(user, { type: 'post', post: post && postFacts(post) }));
          authorId = post?.author.id;
          place = { postId: params.id, commentId: null };
          break;
        }
        case 'comment': {
          const comment = await commentAsSeenBy(user, params.id);
          authorize(decideRestore(user, { type: 'comment', comment: comment.facts }));
          authorId = comment.facts?.authorId;
          place = comment.place;
          break;
        }
        case 'review': {
          const review = await reviewAsSeenBy(user, params.id);
          authorize(decideRestore(user, { type: 'review', review: review.facts }));
          authorId = review.facts?.reviewerId;
          place = review.place;
          break;
        }
        case 'review_response': {
          const response = await responseAsSeenBy(user, params.id);
          authorize(decideRestore(user, { type: 'review_response', response: response.facts }));
          authorId = response.facts?.authorId;
          place = response.place;
          break;
        }
      }
      const at = now();
      const outcome = await moderation.restore({
        targetType: params.target_type,
        targetId: params.id,
        moderatorId: user.id,
        note: body.note,
        at,
        notices: (logId) =>
          noticesOf(
            user,
            {
              action: 'restore',
              targetType: params.target_type,
              authorId: authorId ?? '',
              note: body.note,
              suspendedUntil: null,
              place,
              at: at.toISOString(),
            },
            { logId, reports: [] },
          ),
        reviewRule,
      });
      if (outcome.kind === 'target-gone') throw new NotFoundError(goneMessage(params.target_type));
      if (outcome.kind === 'not-hidden') throw new ConflictError(MESSAGES.notHidden);
      await afterWrite({ ...contentAt(place), notify: outcome.told });
    },
  };
}

/** The 404 of a target gone while the decision was on its way. */
function goneMessage(type: ReportTargetType): string {
  switch (type) {
    case 'post':
      return MESSAGES.postNotFoundTitle;
    case 'review':
      return MESSAGES.reviewNotFound;
    case 'review_response':
      return MESSAGES.reviewResponseNotFound;
    default:
      return MESSAGES.commentNotFound;
  }
}

/** What the decision tells the member it concerns. */
function authorNotice(decision: {
  action: ModerationAction | 'restore';
  targetType: ReportTargetType;
  note: string;
  suspendedUntil: string | null;
}): string {
  const what = noticeName(decision.targetType);
  switch (decision.action) {
    case 'hide':
      return MESSAGES.moderationNotice.hide(what, decision.note);
    case 'delete':
      return MESSAGES.moderationNotice.delete(what, decision.note);
    case 'suspend':
      return MESSAGES.moderationNotice.suspend(decision.suspendedUntil ?? '', decision.note);
    case 'restore':
      return MESSAGES.moderationNotice.restore(what, decision.note);
    case 'dismiss':
      return '';
  }
}

/** What a moderation notice calls the target ('The moderators hid your {{what}}'). */
function noticeName(type: ReportTargetType): string {
  switch (type) {
    case 'user':
      return 'account';
    case 'review_response':
      return 'response';
    default:
      return type;
  }
}
