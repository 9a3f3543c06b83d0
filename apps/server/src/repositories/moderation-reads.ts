import {
  moderationActionSchema,
  moderationLogActionSchema,
  reportReasonSchema,
  reportTargetTypeSchema,
  type ModerationAction,
  type ModerationLogAction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '@symposia/shared';
import { sql } from 'kysely';
import type { AppDatabase } from '../db/index.js';
import type { LoggedAction } from '../domain/moderation-log.js';
import type { Viewer } from '../domain/post.js';
import { postVisibleTo } from './visibility.js';

/**
 * What the moderators read: the queue of reports grouped by target, and the log of decisions.
 * Plain reads over the reports and the log (moderation-repository.ts writes them).
 */

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

export interface LogEntry extends LoggedAction {
  id: string;
  moderator: ActorRow;
  /** Freeze, release, forfeit: the units concerned. */
  amountUnits: bigint | null;
  /** Voiding signals: how many reversals it recorded. */
  signalCount: number | null;
  createdAt: string;
}

async function actorsById(db: AppDatabase, ids: string[]): Promise<Map<string, ActorRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'avatar'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** 1 when the moderator may see the row's post (joined as `posts`): what a queue entry shows. */
function readableBy(moderator: Viewer) {
  return sql<number>`case when ${postVisibleTo(moderator)} then 1 else 0 end`.as('readable');
}

/**
 * A reported post, comment, review or response as the queue shows it: its post's title and its
 * own `text` only when its post is one the moderator may see (`readable`), or when `shownAnyway`
 * (a deleted post, which no longer counts as visible to anyone).
 */
function shownTarget(
  row: { title: string; readable: number; hidden_at: string | null; deleted_at: string | null },
  text: string,
  postId: string,
  shownAnyway = false,
): QueueEntry['target'] {
  const shown = shownAnyway || Number(row.readable) === 1;
  return {
    title: shown ? row.title : '',
    text: shown ? text : '',
    postId,
    hidden: row.hidden_at !== null,
    deleted: row.deleted_at !== null,
  };
}

/**
 * The targets as they are now, keyed `type:id`. A post a moderator may not see (another
 * member's private post) shows neither title nor text.
 */
async function targetsOf(
  db: AppDatabase,
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
      .select(['id', 'title', 'content', 'deleted_at', 'hidden_at', readableBy(moderator)])
      .where('id', 'in', postIds)
      .execute();
    for (const row of rows) {
      found.set(`post:${row.id}`, shownTarget(row, row.content, row.id, row.deleted_at !== null));
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
        readableBy(moderator),
      ])
      .where('comments.id', 'in', commentIds)
      .execute();
    for (const row of rows) {
      found.set(`comment:${row.id}`, shownTarget(row, row.content, row.post_id));
    }
  }
  const reviewIds = ids('review');
  if (reviewIds.length > 0) {
    // A review's summary is its excerpt; the queue names its reviewer (the report's author),
    // anonymous or not: the moderators may know them (review-policy.ts `mayKnowReviewer`).
    const rows = await db
      .selectFrom('reviews')
      .innerJoin('posts', 'posts.id', 'reviews.post_id')
      .select([
        'reviews.id',
        'reviews.summary',
        'reviews.post_id',
        'reviews.deleted_at',
        'reviews.hidden_at',
        'posts.title',
        readableBy(moderator),
      ])
      .where('reviews.id', 'in', reviewIds)
      .execute();
    for (const row of rows) {
      found.set(`review:${row.id}`, shownTarget(row, row.summary, row.post_id));
    }
  }
  const responseIds = ids('review_response');
  if (responseIds.length > 0) {
    // A response is named by its review's id; its text is its excerpt, with its post's title.
    const rows = await db
      .selectFrom('review_responses')
      .innerJoin('reviews', 'reviews.id', 'review_responses.review_id')
      .innerJoin('posts', 'posts.id', 'reviews.post_id')
      .select([
        'review_responses.review_id',
        'review_responses.content',
        'review_responses.deleted_at',
        'review_responses.hidden_at',
        'reviews.post_id',
        'posts.title',
        readableBy(moderator),
      ])
      .where('review_responses.review_id', 'in', responseIds)
      .execute();
    for (const row of rows) {
      found.set(`review_response:${row.review_id}`, shownTarget(row, row.content, row.post_id));
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

/**
 * The reports with `status`, grouped by target, the target first reported earliest first;
 * each group with the target as it is now (as `moderator` may see it), its author, the
 * reasons counted and the reporters' notes.
 */
export async function moderationQueue(
  db: AppDatabase,
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
    db,
    groups.map((group) => ({
      targetType: reportTargetTypeSchema.parse(group.target_type),
      targetId: group.target_id,
    })),
    moderator,
  );
  const authors = await actorsById(
    db,
    rows.map((row) => row.target_author_id),
  );
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
}

/** The moderation log, newest first. */
export async function moderationLog(
  db: AppDatabase,
  page: { skip: number; limit: number },
): Promise<LogEntry[]> {
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
      sql<string | null>`cast(moderation_log.amount_units as text)`.as('amount_units'),
      'moderation_log.signal_count',
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
    amountUnits: row.amount_units === null ? null : BigInt(row.amount_units),
    signalCount: row.signal_count === null ? null : Number(row.signal_count),
    createdAt: row.created_at,
  }));
}

function logActionOf(action: string): ModerationLogAction {
  return moderationLogActionSchema.parse(action);
}
