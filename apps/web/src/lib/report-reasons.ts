import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportReason } from '@symposia/shared';

export type ReportReasonText = { label: string; hint: string };

/**
 * The reasons of a report in words (catalogue `reports:reasons`), for the member who reports (with
 * the hint) and the moderators who read the queue, so both read the same label.
 */
export function useReportReasonText(): (reason: ReportReason) => ReportReasonText {
  const { t } = useTranslation('reports');
  return useCallback(
    (reason: ReportReason) => ({
      label: t(`reasons.${reason}.label`),
      hint: t(`reasons.${reason}.hint`),
    }),
    [t],
  );
}
