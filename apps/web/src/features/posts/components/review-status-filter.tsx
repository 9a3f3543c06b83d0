import { useTranslation } from 'react-i18next';
import { FILTERED_REVIEW_STATUSES, type ReviewStatusFilter } from '../utils/review-status-param';
import { LIST_PARAM } from '../utils/list-params';
import { PressedButtons } from './pressed-buttons';

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
  const options = [
    { value: undefined, label: t('posts:reviewFilter.all') },
    ...FILTERED_REVIEW_STATUSES.map((option) => ({
      value: option,
      label: t(`common:reviewStatus.${option}`),
    })),
  ];
  return (
    <PressedButtons
      label={t('posts:reviewFilter.group')}
      name={LIST_PARAM.reviewStatus}
      options={options}
      value={status}
      onChange={onChange}
    />
  );
}
