import type {
  FrozenRewardsEntry,
  ModerationLogEntry,
  ModerationQueueItem,
  MyReport,
  RewardHoldResult,
} from '@symposia/shared';
import { formatTokenAmount } from '../chain/units.js';
import { loggedActionFields } from '../domain/moderation-log.js';
import type { FrozenBalance, LogEntry, OwnReport, QueueEntry } from '../repositories/index.js';
import type { HoldDone } from '../services/moderation/reward-hold-service.js';

/** One of the member's own reports (GET /reports/mine). */
export function presentOwnReport(report: OwnReport): MyReport {
  return {
    id: report.id,
    target_type: report.targetType,
    target_id: report.targetId,
    post_id: report.postId,
    reason: report.reason,
    note: report.note,
    status: report.status,
    outcome: report.outcome,
    created_at: report.createdAt,
    resolved_at: report.resolvedAt,
  };
}

/** The reports on one target, as the moderation queue lists them (GET /moderation/reports). */
export function presentQueueItem(entry: QueueEntry): ModerationQueueItem {
  return {
    report_id: entry.reportId,
    target_type: entry.targetType,
    target_id: entry.targetId,
    target: {
      title: entry.target.title,
      text: entry.target.text,
      post_id: entry.target.postId,
      hidden: entry.target.hidden,
      deleted: entry.target.deleted,
    },
    author: entry.author && {
      id: entry.author.id,
      username: entry.author.username,
      avatar: entry.author.avatar,
    },
    report_count: entry.reportCount,
    reasons: entry.reasons.map((each) => ({ reason: each.reason, count: each.count })),
    notes: entry.notes.map((each) => ({
      reporter: {
        id: each.reporter.id,
        username: each.reporter.username,
        avatar: each.reporter.avatar,
      },
      note: each.note,
      created_at: each.createdAt,
    })),
    first_reported_at: entry.firstReportedAt,
    status: entry.status,
    outcome: entry.outcome,
  };
}

/** One moderator action (GET /moderation/log). */
export function presentLogEntry(entry: LogEntry): ModerationLogEntry {
  return {
    id: entry.id,
    moderator: {
      id: entry.moderator.id,
      username: entry.moderator.username,
      avatar: entry.moderator.avatar,
    },
    ...loggedActionFields(entry),
    amount: entry.amountUnits === null ? null : formatTokenAmount(entry.amountUnits),
    signals: entry.signalCount,
    created_at: entry.createdAt,
  };
}

/** One member's frozen rewards (GET /moderation/rewards/frozen). */
export function presentFrozenBalance(entry: FrozenBalance): FrozenRewardsEntry {
  return {
    user: { id: entry.user.id, username: entry.user.username, avatar: entry.user.avatar },
    amount: formatTokenAmount(entry.amountUnits),
    frozen_at: entry.frozenAt,
    suspended_until: entry.suspendedUntil,
  };
}

/** What releasing or forfeiting did (POST /moderation/users/{id}/rewards). */
export function presentHoldDone(done: HoldDone): RewardHoldResult {
  return {
    action: done.action,
    amount: formatTokenAmount(done.amountUnits),
    pool_epoch: done.poolEpochId,
  };
}
