import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import { FILTERED_REVIEW_STATUSES, type ReviewStatusFilter } from '../utils/review-status-param';
import styles from './sort-buttons.module.css';

type ReviewStatusFilterButtonsProps = {
  status: ReviewStatusFilter | undefined;
  onChange: (status: ReviewStatusFilter | undefined) => void;
};

/**
 * The forum's review-status filter (issue 29): All, Validated, In review, Disputed. One is pressed
 * at a time, shown as aria-pressed, in the same look as the sort buttons beside it.
 */
export function ReviewStatusFilterButtons({ status, onChange }: ReviewStatusFilterButtonsProps) {
  const { t } = useTranslation(['posts', 'common']);
  const options = [undefined, ...FILTERED_REVIEW_STATUSES] as const;
  return (
    <div className={styles.group} role="group" aria-label={t('posts:reviewFilter.group')}>
      {options.map((option) => (
        <button
          key={option ?? 'all'}
          type="button"
          className={clsx(
            outline.button,
            outline.round,
            styles.button,
            status === option && styles.active,
          )}
          aria-pressed={status === option}
          onClick={() => onChange(option)}
        >
          {option ? t(`common:reviewStatus.${option}`) : t('posts:reviewFilter.all')}
        </button>
      ))}
    </div>
  );
}
