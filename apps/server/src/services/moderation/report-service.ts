import {
  MESSAGES,
  type CreateReportBody,
  type MyReportsQuery,
  type ReportCreated,
} from '@symposia/shared';
import type { User } from '../../domain/user.js';
import {
  decideReport,
  postFacts,
  reviewFacts,
  reviewResponseFacts,
  type ReportTargetFacts,
} from '../../policies/index.js';
import { authorize } from '../authorize.js';
import {
  DuplicateKeyError,
  type CommentRepository,
  type OwnReport,
  type PostRepository,
  type ReportRepository,
  type ReviewRepository,
  type UserRepository,
} from '../../repositories/index.js';
import type { Clock } from '../clock.js';
import { ConflictError, TooManyAttemptsError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';

export type ReportService = ReturnType<typeof createReportService>;

/**
 * Members report posts, comments, peer reviews and responses to them, and other members, to the
 * moderators (POST /reports) and follow
 * what came of their reports (GET /reports/mine). Who may report what is policies/'
 * (moderation-policy.ts); this reads the facts, counts the rate limit and writes.
 */
export function createReportService(deps: {
  reports: ReportRepository;
  posts: PostRepository;
  comments: CommentRepository;
  reviews: Pick<ReviewRepository, 'findRef' | 'findResponseRef'>;
  users: UserRepository;
  /** REPORT_RATE_LIMIT_*: reports per member per window. */
  limiter: RateLimiter;
  now: Clock;
  /** REPORT_MIN_ACCOUNT_AGE_SECONDS. */
  minAccountAgeSeconds: number;
}) {
  const { reports, posts, comments, reviews, users, limiter, now } = deps;

  /** The target as the reporter may see it: undefined inside when there is none for them. */
  async function targetFor(user: User, body: CreateReportBody): Promise<ReportTargetFacts> {
    switch (body.target_type) {
      case 'post': {
        const post = await posts.findVisible(body.target_id, user);
        return { type: 'post', post: post && postFacts(post) };
      }
      case 'comment': {
        const ref = await comments.findRef(body.target_id);
        const post = ref && (await posts.findVisible(ref.postId, user));
        return {
          type: 'comment',
          comment: ref && {
            authorId: ref.userId,
            deleted: false,
            hidden: ref.hidden,
            post: post ? postFacts(post) : null,
          },
        };
      }
      case 'review': {
        const ref = await reviews.findRef(body.target_id);
        const post = ref && (await posts.findVisible(ref.postId, user));
        return { type: 'review', review: ref && reviewFacts(ref, post) };
      }
      case 'review_response': {
        const ref = await reviews.findResponseRef(body.target_id);
        const post = ref && (await posts.findVisible(ref.review.postId, user));
        return { type: 'review_response', response: ref && reviewResponseFacts(ref, post) };
      }
      case 'user': {
        const member = await users.findById(body.target_id);
        return { type: 'user', user: member && { id: member.id } };
      }
    }
  }

  /** Whom the report is about; the target was found (the policy allowed it). */
  function authorOf(target: ReportTargetFacts): string {
    switch (target.type) {
      case 'post':
        return target.post?.authorId ?? '';
      case 'comment':
        return target.comment?.authorId ?? '';
      case 'review':
        return target.review?.reviewerId ?? '';
      case 'review_response':
        return target.response?.authorId ?? '';
      case 'user':
        return target.user?.id ?? '';
    }
  }

  return {
    /**
     * Files a report: 404 for a target the reporter cannot see, 422 for their own, 403 while
     * their account is too new, 429 over the rate limit, 409 when they already have one open on
     * the same target.
     */
    async create(user: User, body: CreateReportBody): Promise<ReportCreated> {
      const at = now();
      const target = await targetFor(user, body);
      authorize(
        decideReport(user, target, { at, minAccountAgeSeconds: deps.minAccountAgeSeconds }),
      );
      const allowed = await limiter.consume(user.id);
      if (!allowed.allowed) {
        throw new TooManyAttemptsError(allowed.retryAfterSeconds, MESSAGES.tooManyReports);
      }
      try {
        const id = await reports.insert({
          reporterId: user.id,
          targetType: body.target_type,
          targetId: body.target_id,
          targetAuthorId: authorOf(target),
          reason: body.reason,
          note: body.note,
          at,
        });
        return { id, status: 'open' };
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
        // A second report of the same thing is no new report: it does not count.
        await limiter.release(user.id);
        throw new ConflictError(MESSAGES.reportAlreadyOpen);
      }
    },

    /** The member's own reports, newest first, with their status and outcome. */
    async mine(user: User, page: MyReportsQuery): Promise<OwnReport[]> {
      return reports.listByReporter(user.id, page);
    },
  };
}
