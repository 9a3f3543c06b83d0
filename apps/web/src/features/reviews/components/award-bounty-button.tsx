import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bounty } from '@symposia/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog/confirm-dialog';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { localizedDetail } from '@/lib/localize-message';
import { formatTokenAmount, fromUnits } from '@/lib/token-amount';
import { useAwardBounty } from '../api/award-bounty';

type AwardBountyButtonProps = {
  postId: string;
  bounty: Bounty;
  reviewId: string;
  reviewer: string;
};

/** The offerer awards their open bounty to one review, after a confirmation (issue 29). */
export function AwardBountyButton({ postId, bounty, reviewId, reviewer }: AwardBountyButtonProps) {
  const { t } = useTranslation('reviews');
  const [asking, setAsking] = useState(false);
  const award = useAwardBounty(postId);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
        {t('item.award')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('bounty.awardTitle')}
          confirmLabel={t('bounty.awardSubmit')}
          pendingLabel={t('bounty.awardSubmitting')}
          pending={award.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            award.mutate(
              { bountyId: bounty.id, reviewIds: [reviewId] },
              {
                onSuccess: () => {
                  notify.success(t('bounty.awarded'));
                  setAsking(false);
                },
                onError: (error) => {
                  if (error instanceof ApiError && error.status === 401) return;
                  notify.error(t('bounty.awardFailed'), localizedDetail(error));
                },
              },
            )
          }
        >
          <p>
            {t('bounty.open', { amount: formatTokenAmount(fromUnits(bounty.amount)) })} →{' '}
            <span translate="no">{reviewer}</span>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
