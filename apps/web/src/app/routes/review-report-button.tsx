import type { Review } from '@symposia/shared';
import { ReportButton } from '@/features/reports/components/report-button';

/**
 * Report on a review of the post detail (issue 29), for anyone signed in but its reviewer. An
 * anonymous review names nobody: the dialog calls it "an anonymous review".
 */
export function ReviewReportButton({ review }: { review: Review }) {
  if (review.is_mine) return null;
  return (
    <ReportButton
      targetType="review"
      targetId={review.id}
      authorId={review.reviewer?.id ?? ''}
      name={review.reviewer?.username ?? ''}
    />
  );
}
