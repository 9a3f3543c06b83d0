import type { Review } from '@symposia/shared';
import { ReportButton } from '@/features/reports/components/report-button';

type ReviewReportButtonProps = {
  review: Review;
  /**
   * Given: Report is for the review's response, written by the post's author (`id`, `name`), and
   * offered only when it has one; its author is not offered it (ReportButton).
   */
  responseBy?: { id: string; name: string };
};

/**
 * Report on a review of the post detail (issue 29), for anyone signed in but its reviewer, or on
 * the author's response to it (`responseBy`), for anyone signed in but the author. An anonymous
 * review names nobody: the dialog calls it "an anonymous review". A response is named by its
 * review's id.
 */
export function ReviewReportButton({ review, responseBy }: ReviewReportButtonProps) {
  if (responseBy) {
    if (!review.response) return null;
    return (
      <ReportButton
        targetType="review_response"
        targetId={review.id}
        authorId={responseBy.id}
        name={responseBy.name}
      />
    );
  }
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
