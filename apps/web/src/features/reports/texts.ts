import type { ReportTargetType } from '@symposia/shared';

/** What is reported, as the dialog's title names it. */
export const REPORT_TARGET_NAMES: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  user: 'member',
};
