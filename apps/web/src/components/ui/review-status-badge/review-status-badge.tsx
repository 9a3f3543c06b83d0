import { useTranslation } from 'react-i18next';
import type { ReviewStatus } from '@symposia/shared';
import styles from './review-status-badge.module.css';

/**
 * A post's peer-review status (issue 29) on its forum card, its page and its author's profile:
 * validated, disputed or in review. An unreviewed post shows nothing, so the forum stays as it was
 * for the posts nobody reviewed.
 */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const { t } = useTranslation('common');
  if (status === 'unreviewed') return null;
  return (
    <span
      className={`${styles.badge} ${styles[status]}`}
      data-testid="review-status"
      data-status={status}
      title={t(`reviewStatus.explain.${status}`)}
    >
      {t(`reviewStatus.${status}`)}
    </span>
  );
}
