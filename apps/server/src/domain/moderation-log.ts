import type { ModerationLogAction, ReportTargetType } from '@symposia/shared';

/** What a moderator did, to what and why: the part of a log entry the moderator writes. */
export interface LoggedAction {
  action: ModerationLogAction;
  targetType: ReportTargetType;
  targetId: string;
  note: string;
  reportId: string | null;
  suspendedUntil: string | null;
}

/**
 * A logged action under the names both GET /moderation/log's answer and the `moderation_log`
 * table give its fields (snake_case): what presenters/moderation.ts sends and
 * repositories/moderation-repository.ts writes.
 */
export function loggedActionFields(entry: LoggedAction) {
  return {
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    note: entry.note,
    report_id: entry.reportId,
    suspended_until: entry.suspendedUntil,
  };
}
