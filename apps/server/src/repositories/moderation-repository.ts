import {
  moderationActionSchema,
  reportReasonSchema,
  reportStatusSchema,
  reportTargetTypeSchema,
  type ModerationAction,
  type ModerationLogAction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '@symposia/shared';
import { sql, type Transaction } from 'kysely';
import type { AppDatabase, DatabaseSchema } from '../db/index.js';
import type { Viewer } from '../domain/post.js';
import { createCommentRepository } from './comment-repository.js';
import { addNotification, type NewNotification } from './notification-writes.js';
import { timeOrderedId } from './ordered-ids.js';
import { createPostRepository, type Dialect } from './post-repository.js';
import { createSessionRepository } from './session-repository.js';
import { postVisibleTo } from './visibility.js';

export type ModerationRepository = ReturnType<typeof createModerationRepository>;

type Trx = Transaction<DatabaseSchema>;

/** A report as resolving it needs to know it. */
export interface StoredReport {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  targetAuthorId: string;
  status: ReportStatus;
}

/** Who did something, as lists show them. */
export interface ActorRow {
  id: string;
  username: string;
  avatar: string;
}

/** The reports on one target, grouped (GET /moderation/reports). */
export interface QueueEntry {
  /** The oldest report of the group: resolving it resolves them all. */
  reportId: string;
  targetType: ReportTargetType;
  targetId: string;
  target: { title: string; text: string; postId: string | null; hidden: boolean; deleted: boolean };
  author: ActorRow | null;
  reportCount: number;
  reasons: { reason: ReportReason; count: number }[];
  notes: { reporter: ActorRow; note: string; createdAt: string }[];
  firstReportedAt: string;
  status: ReportStatus;
  outcome: ModerationAction | null;
}

export interface LogEntry {
  id: string;
  moderator: ActorRow;
  action: ModerationLogAction;
  targetType: ReportTargetType;
  targetId: string;
  note: string;
  reportId: string | null;
  suspendedUntil: string | null;
  createdAt: string;
}

/** The open reports a decision resolved, and the log row that records it. */
export interface Resolved {
  logId: string;
  reports: { id: string; reporterId: string }[];
}

export interface Resolution {
  reportId: string;
  moderatorId: string;
  action: ModerationAction;
  note: string;
  at: Date;
  /** With `suspend`: until when (ISO). */
  suspendedUntil: string | null;
  /** What the decision tells whom, once it is known which reports it resolved. */
  notices: (resolved: Resolved) => NewNotification[];
}

export type ResolutionOutcome =
  | { kind: 'resolved'; resolvedCount: number; told: string[] }
  | { kind: 'not-found' }
  | { kind: 'already-resolved' }
  /** The post or comment was deleted while the decision was on its way: nothing was written. */
  | { kind: 'target-gone' };

export interface Restoration {
  targetType: 'post' | 'comment';
  targetId: string;
  moderatorId: string;
  note: string;
  at: Date;
  notices: (logId: string) => NewNotification[];
}

export type RestorationOutcome =
  { kind: 'restored'; told: string[] } | { kind: 'not-hidden' } | { kind: 'target-gone' };

/** Thrown inside a transaction to undo it: the target went away meanwhile. */
class TargetGone extends Error {
  override readonly name = 'TargetGone';
}

/**
 * Reports as the moderators work through them, what they decide, and the log of it. A decision
 * is one transaction: every open report on the target resolved, the action applied (through the
 * post, comment and session repositories' own writes, so counts stay right), the log row
 * appended, and the notifications written.
 */
export function createModerationRepository(db: AppDatabase, dialect: Dialect) {
  // Their writes, run inside this repository's transactions.
  const posts = createPostRepository(db, dialect);
  const comments = createCommentRepository(db, dialect);
  const sessions = createSessionRepository(db);
  const locked = <Q extends { forUpdate(): Q }>(query: Q): Q =>
    dialect === 'postgres' ? query.forUpdate() : query;

  async function appendLog(
    trx: Trx,
    entry: {
      moderatorId: string;
      action: ModerationLogAction;
      targetType: ReportTargetType;
      targetId: string;
      note: string;
      reportId: string | null;
      suspendedUntil: string | null;
      at: Date;
    },
  ): Promise<string> {
    const id = timeOrderedId(entry.at);
    await trx
      .insertInto('moderation_log')
      .values({
        id,
        moderator_id: entry.moderatorId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        note: entry.note,
        report_id: entry.reportId,
        suspended_until: entry.suspendedUntil,
        created_at: entry.at.toISOString(),
      })
      .execute();
    return id;
  }

  async function notify(trx: Trx, notices: NewNotification[]): Promise<string[]> {
    const told: string[] = [];
    for (const notice of notices) {
      if (await addNotification(trx, notice)) told.push(notice.recipientId);
    }
    return told;
  }

  /** Applies the moderator's action to the target, or throws TargetGone. */
  async function apply(trx: Trx, report: StoredReport, resolution: Resolution): Promise<void> {
    const at = resolution.at.toISOString();
    switch (resolution.action) {
      case 'dismiss':
        return;
      case 'hide': {
        // A member is never hidden (policies refuse it); only posts and comments are.
        if (report.targetType === 'user') throw new TargetGone();
        const done =
          report.targetType === 'post'
            ? await posts.setHiddenWithin(trx, report.targetId, at)
            : await comments.setHiddenWithin(trx, report.targetId, at);
        if (done === 'gone') throw new TargetGone();
        return;
      }
      case 'delete': {
        if (report.targetType === 'user') throw new TargetGone();
        const done =
          report.targetType === 'post'
            ? await posts.deleteWithin(trx, report.targetId, at)
            : await comments.deleteWithin(trx, report.targetId, at);
        if (!done) throw new TargetGone();
        return;
      }
      case 'suspend':
        await trx
          .updateTable('users')
          .set({ suspended_until: resolution.suspendedUntil, updated_at: at })
          .where('id', '=', report.targetAuthorId)
          .execute();
        await sessions.revokeAllOf(report.targetAuthorId, at, trx);
        return;
    }
  }

  async function actorsById(ids: string[]): Promise<Map<string, ActorRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'avatar'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * The targets as they are now, keyed `type:id`. A post a moderator may not see (another
   * member's private post) shows neither title nor text.
   */
  async function targetsOf(
    groups: { targetType: ReportTargetType; targetId: string }[],
    moderator: Viewer,
  ): Promise<Map<string, QueueEntry['target']>> {
    const ids = (type: ReportTargetType) =>
      groups.filter((group) => group.targetType === type).map((group) => group.targetId);
    const found = new Map<string, QueueEntry['target']>();
    const postIds = ids('post');
    if (postIds.length > 0) {
      const rows = await db
        .selectFrom('posts')
        .select([
          'id',
          'title',
          'content',
          'deleted_at',
          'hidden_at',
          sql<number>`case when ${postVisibleTo(moderator)} then 1 else 0 end`.as('readable'),
        ])
        .where('id', 'in', postIds)
        .execute();
      for (const row of rows) {
        const deleted = row.deleted_at !== null;
        const shown = deleted || Number(row.readable) === 1;
        found.set(`post:${row.id}`, {
          title: shown ? row.title : '',
          text: shown ? row.content : '',
          postId: row.id,
          hidden: row.hidden_at !== null,
          deleted,
        });
      }
    }
    const commentIds = ids('comment');
    if (commentIds.length > 0) {
      const rows = await db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .select([
          'comments.id',
          'comments.content',
          'comments.post_id',
          'comments.deleted_at',
          'comments.hidden_at',
          'posts.title',
          sql<number>`case when ${postVisibleTo(moderator)} then 1 else 0 end`.as('readable'),
        ])
        .where('comments.id', 'in', commentIds)
        .execute();
      for (const row of rows) {
        const shown = Number(row.readable) === 1;
        found.set(`comment:${row.id}`, {
          title: shown ? row.title : '',
          text: shown ? row.content : '',
          postId: row.post_id,
          hidden: row.hidden_at !== null,
          deleted: row.deleted_at !== null,
        });
      }
    }
    const userIds = ids('user');
    if (userIds.length > 0) {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'bio'])
        .where('id', 'in', userIds)
        .execute();
      for (const row of rows) {
        found.set(`user:${row.id}`, {
          title: row.username,
          text: row.bio,
          postId: null,
          hidden: false,
          deleted: false,
        });
      }
    }
    return found;
  }

  return {
    async findReport(id: string): Promise<StoredReport | undefined> {
      const row = await db
        .selectFrom('reports')
        .select(['id', 'target_type', 'target_id', 'target_author_id', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toStoredReport(row);
    },

    /**
     * Resolves the report and every other open report on its target, applies the action, logs
     * it and writes its notifications, in one transaction. Returns whom it notified.
     */
    async resolve(resolution: Resolution): Promise<ResolutionOutcome> {
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('reports')
            .select(['id', 'target_type', 'target_id', 'target_author_id', 'status'])
            .where('id', '=', resolution.reportId)
            .executeTakeFirst();
          if (!row) return { kind: 'not-found' as const };
          const report = toStoredReport(row);
          // Every open report on the target, locked in one order (by id) so that two moderators
          // resolving reports on one target at once wait for each other rather than deadlock.
          const open = await locked(
            trx
              .selectFrom('reports')
              .select(['id', 'reporter_id'])
              .where('target_type', '=', report.targetType)
              .where('target_id', '=', report.targetId)
              .where('status', '=', 'open')
              .orderBy('id'),
          ).execute();
          if (!open.some((each) => each.id === resolution.reportId)) {
            return { kind: 'already-resolved' as const };
          }
          await apply(trx, report, resolution);
          const at = resolution.at.toISOString();
          await trx
            .updateTable('reports')
            .set({
              status: 'resolved',
              outcome: resolution.action,
              resolved_by: resolution.moderatorId,
              resolved_at: at,
            })
            .where(
              'id',
              'in',
              open.map((each) => each.id),
            )
            .execute();
          const logId = await appendLog(trx, {
            moderatorId: resolution.moderatorId,
            action: resolution.action,
            targetType: report.targetType,
            targetId: report.targetId,
            note: resolution.note,
            reportId: report.id,
            suspendedUntil: resolution.suspendedUntil,
            at: resolution.at,
          });
          const resolved: Resolved = {
            logId,
            reports: open.map((each) => ({ id: each.id, reporterId: each.reporter_id })),
          };
          const told = await notify(trx, resolution.notices(resolved));
          return { kind: 'resolved' as const, resolvedCount: open.length, told };
        });
      } catch (error) {
        if (error instanceof TargetGone) return { kind: 'target-gone' };
        throw error;
      }
    },

    /** Shows a hidden post or comment again, logs it and writes its notifications, in one go. */
    async restore(restoration: Restoration): Promise<RestorationOutcome> {
      return db.transaction().execute(async (trx) => {
        const done =
          restoration.targetType === 'post'
            ? await posts.setHiddenWithin(trx, restoration.targetId, null)
            : await comments.setHiddenWithin(
                trx,
                restoration.targetId,
                null,
                restoration.at.toISOString(),
              );
        if (done === 'gone') return { kind: 'target-gone' as const };
        if (done === 'unchanged') return { kind: 'not-hidden' as const };
        const logId = await appendLog(trx, {
          moderatorId: restoration.moderatorId,
          action: 'restore',
          targetType: restoration.targetType,
          targetId: restoration.targetId,
          note: restoration.note,
          reportId: null,
          suspendedUntil: null,
          at: restoration.at,
        });
        const told = await notify(trx, restoration.notices(logId));
        return { kind: 'restored' as const, told };
      });
    },

    /**
     * The reports with `status`, grouped by target, the target first reported earliest first;
     * each group with the target as it is now (as `moderator` may see it), its author, the
     * reasons counted and the reporters' notes.
     */
    async queue(
      status: ReportStatus,
      moderator: Viewer,
      page: { skip: number; limit: number },
    ): Promise<QueueEntry[]> {
      const groups = await db
        .selectFrom('reports')
        .select((eb) => [
          'target_type',
          'target_id',
          eb.fn.min<string>('created_at').as('first_reported_at'),
        ])
        .where('status', '=', status)
        .groupBy(['target_type', 'target_id'])
        .orderBy('first_reported_at')
        .orderBy('target_type')
        .orderBy('target_id')
        .limit(page.limit)
        .offset(page.skip)
        .execute();
      if (groups.length === 0) return [];
      const rows = await db
        .selectFrom('reports')
        .innerJoin('users', 'users.id', 'reports.reporter_id')
        .select([
          'reports.id',
          'reports.target_type',
          'reports.target_id',
          'reports.target_author_id',
          'reports.reason',
          'reports.note',
          'reports.outcome',
          'reports.created_at',
          'reports.resolved_at',
          'users.id as reporter_id',
          'users.username as reporter_username',
          'users.avatar as reporter_avatar',
        ])
        .where('reports.status', '=', status)
        .where((eb) =>
          eb.or(
            groups.map((group) =>
              eb.and([
                eb('reports.target_type', '=', group.target_type),
                eb('reports.target_id', '=', group.target_id),
              ]),
            ),
          ),
        )
        .orderBy('reports.created_at')
        .orderBy('reports.id')
        .execute();
      const keyOf = (type: string, id: string) => `${type}:${id}`;
      const byTarget = new Map<string, typeof rows>();
      for (const row of rows) {
        const key = keyOf(row.target_type, row.target_id);
        byTarget.set(key, [...(byTarget.get(key) ?? []), row]);
      }
      const targets = await targetsOf(
        groups.map((group) => ({
          targetType: reportTargetTypeSchema.parse(group.target_type),
          targetId: group.target_id,
        })),
        moderator,
      );
      const authors = await actorsById(rows.map((row) => row.target_author_id));
      return groups.flatMap((group): QueueEntry[] => {
        const key = keyOf(group.target_type, group.target_id);
        const reports = byTarget.get(key) ?? [];
        const first = reports[0];
        if (!first) return [];
        const reasons = new Map<ReportReason, number>();
        for (const report of reports) {
          const reason = reportReasonSchema.parse(report.reason);
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
        const latest = reports.reduce((a, b) =>
          (b.resolved_at ?? '') > (a.resolved_at ?? '') ? b : a,
        );
        return [
          {
            reportId: first.id,
            targetType: reportTargetTypeSchema.parse(group.target_type),
            targetId: group.target_id,
            target: targets.get(key) ?? {
              // A comment deleted with nothing under it leaves no row behind.
              title: '',
              text: '',
              postId: null,
              hidden: false,
              deleted: true,
            },
            author: authors.get(first.target_author_id) ?? null,
            reportCount: reports.length,
            reasons: [...reasons].map(([reason, count]) => ({ reason, count })),
            notes: reports
              .filter((report) => report.note !== '')
              .map((report) => ({
                reporter: {
                  id: report.reporter_id,
                  username: report.reporter_username,
                  avatar: report.reporter_avatar,
                },
                note: report.note,
                createdAt: report.created_at,
              })),
            firstReportedAt: group.first_reported_at,
            status,
            outcome: latest.outcome === null ? null : moderationActionSchema.parse(latest.outcome),
          },
        ];
      });
    },

    /** The moderation log, newest first. */
    async log(page: { skip: number; limit: number }): Promise<LogEntry[]> {
      const rows = await db
        .selectFrom('moderation_log')
        .innerJoin('users', 'users.id', 'moderation_log.moderator_id')
        .select([
          'moderation_log.id',
          'moderation_log.action',
          'moderation_log.target_type',
          'moderation_log.target_id',
          'moderation_log.note',
          'moderation_log.report_id',
          'moderation_log.suspended_until',
          'moderation_log.created_at',
          'users.id as moderator_id',
          'users.username as moderator_username',
          'users.avatar as moderator_avatar',
        ])
        .orderBy('moderation_log.created_at', 'desc')
        .orderBy('moderation_log.id', 'desc')
        .limit(page.limit)
        .offset(page.skip)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        moderator: {
          id: row.moderator_id,
          username: row.moderator_username,
          avatar: row.moderator_avatar,
        },
        action: logActionOf(row.action),
        targetType: reportTargetTypeSchema.parse(row.target_type),
        targetId: row.target_id,
        note: row.note,
        reportId: row.report_id,
        suspendedUntil: row.suspended_until,
        createdAt: row.created_at,
      }));
    },
  };
}

function toStoredReport(row: {
  id: string;
  target_type: string;
  target_id: string;
  target_author_id: string;
  status: string;
}): StoredReport {
  return {
    id: row.id,
    targetType: reportTargetTypeSchema.parse(row.target_type),
    targetId: row.target_id,
    targetAuthorId: row.target_author_id,
    status: reportStatusSchema.parse(row.status),
  };
}

function logActionOf(action: string): ModerationLogAction {
  return action === 'restore' ? 'restore' : moderationActionSchema.parse(action);
}
