import { useTranslation } from 'react-i18next';
import type { Review } from '@symposia/shared';
import { RadioCards } from '@/components/ui/radio-cards/radio-cards';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { localizedDetail } from '@/lib/localize-message';
import { useRateReview } from '../api/rate-review';
import { SCORES, type ScoreText } from '../utils/review-draft';

/**
 * The post author's helpfulness rating of a review, 1 to 5: a radio group, so Tab reaches it and
 * the arrow keys choose (each choice is sent, and the last one stands).
 */
export function ReviewRating({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const rate = useRateReview(review.post_id, review.id);
  return (
    <RadioCards
      legend={`${t('item.rate')} — ${t('item.rateScale')}`}
      options={SCORES.map((value) => ({ value, label: value }))}
      value={review.author_rating === null ? null : (String(review.author_rating) as ScoreText)}
      onChange={(value) =>
        rate.mutate(Number(value), {
          onError: (error) => {
            if (error instanceof ApiError && error.status === 401) return;
            notify.error(t('item.rateFailed'), localizedDetail(error));
          },
        })
      }
    />
  );
}
