import {
  moderationActionSchema,
  reportReasonSchema,
  reportStatusSchema,
  reportTargetTypeSchema,
  type ModerationAction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '@symposia/shared';
import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import { insertUnique } from './errors.js';
import { timeOrderedId } from './ordered-ids.js';

export type ReportRepository = ReturnType<typeof createReportRepository>;

export interface NewReport {
  reporterId: string;
  targetType: ReportTargetType;
  targetId: string;
  /**
   * Whom it is about: the post's, comment's or review's author (a response's: the post's), or
   * the reported member.
   */
  targetAuthorId: string;
  reason: ReportReason;
  note: string;
  at: Date;
}

/** A member's own report, with what came of it (GET /reports/mine). */
export interface OwnReport {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  /** The post the target is or is on; null for a member, or a comment since removed. */
  postId: string | null;
  reason: ReportReason;
  note: string;
  status: ReportStatus;
  outcome: ModerationAction | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** The name of the one-open-report-per-reporter-and-target index, as DuplicateKeyError says it. */
export const ONE_OPEN_REPORT = 'reports_one_open_per_reporter';

/** Members' reports: written here, resolved by the moderation repository. */
export function createReportRepository(db: AppDatabase) {
  return {
    /**
     * Writes an open report; returns its id. Throws DuplicateKeyError(ONE_OPEN_REPORT) when the
     * reporter already has one open on the target: the index, not a lookup, settles two at once.
     */
    async insert(report: NewReport): Promise<string> {
      const id = timeOrderedId(report.at);
      await insertUnique(ONE_OPEN_REPORT, () =>
        db
          .insertInto('reports')
          .values({
            id,
            reporter_id: report.reporterId,
            target_type: report.targetType,
            target_id: report.targetId,
            target_author_id: report.targetAuthorId,
            reason: report.reason,
            note: report.note,
            status: 'open',
            outcome: null,
            resolved_by: null,
            created_at: report.at.toISOString(),
            resolved_at: null,
          })
          .execute(),
      );
      return id;
    },

    /** The reporter's reports, newest first. */
    async listByReporter(
      reporterId: string,
      page: { skip: number; limit: number },
    ): Promise<OwnReport[]> {
      const rows = await db
        .selectFrom('reports')
        .leftJoin('comments', (join) =>
          join
            .onRef('comments.id', '=', 'reports.target_id')
            .on('reports.target_type', '=', 'comment'),
        )
        // A review's response is named by its review's id: both are on the review's post.
        .leftJoin('reviews', (join) =>
          join
            .onRef('reviews.id', '=', 'reports.target_id')
            .on('reports.target_type', 'in', ['review', 'review_response']),
        )
        .select([
          'reports.id',
          'reports.target_type',
          'reports.target_id',
          'reports.reason',
          'reports.note',
          'reports.status',
          'reports.outcome',
          'reports.created_at',
          'reports.resolved_at',
          sql<string | null>`case
            when ${sql.ref('reports.target_type')} = ${'post'} then ${sql.ref('reports.target_id')}
            when ${sql.ref('reviews.id')} is not null then ${sql.ref('reviews.post_id')}
            else ${sql.ref('comments.post_id')} end`.as('post_id'),
        ])
        .where('reports.reporter_id', '=', reporterId)
        .orderBy('reports.created_at', 'desc')
        .orderBy('reports.id', 'desc')
        .limit(page.limit)
        .offset(page.skip)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        targetType: reportTargetTypeSchema.parse(row.target_type),
        targetId: row.target_id,
        postId: row.post_id,
        reason: reportReasonSchema.parse(row.reason),
        note: row.note,
        status: reportStatusSchema.parse(row.status),
        outcome: row.outcome === null ? null : moderationActionSchema.parse(row.outcome),
        createdAt: row.created_at,
        resolvedAt: row.resolved_at,
      }));
    },
  };
}
