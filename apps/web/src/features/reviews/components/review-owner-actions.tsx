import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Review } from '@symposia/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog/confirm-dialog';
import { notify } from '@/components/ui/toast/toast';
import { ApiError } from '@/lib/api-client';
import { localizedDetail } from '@/lib/localize-message';
import { useDeleteReview } from '../api/delete-review';
import { LazyReviewFormDialog } from './review-form-lazy';

type ReviewOwnerActionsProps = {
  review: Review;
  /** The review changed or went: what shows the post's status elsewhere reads it again. */
  onChanged?: () => void;
};

/**
 * The reviewer's Edit (the review form, filled with what they wrote) and Delete (after a
 * confirmation, as posts and comments ask). A review of an earlier revision stays as written
 * (the server refuses an edit), so only Delete is offered on it.
 */
export function ReviewOwnerActions({ review, onChanged }: ReviewOwnerActionsProps) {
  const { t } = useTranslation('reviews');
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const remove = useDeleteReview(review.post_id, review.id, {
    onSuccess: () => {
      notify.success(t('item.deleted'));
      setOpen(null);
      onChanged?.();
    },
  });

  return (
    <>
      {review.current ? (
        <button type="button" className="button button-secondary" onClick={() => setOpen('edit')}>
          {t('item.edit')}
        </button>
      ) : null}
      <button type="button" className="button button-secondary" onClick={() => setOpen('delete')}>
        {t('item.delete')}
      </button>
      {open === 'edit' ? (
        <Suspense fallback={null}>
          <LazyReviewFormDialog
            postId={review.post_id}
            review={review}
            onPublished={onChanged}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
      {open === 'delete' ? (
        <ConfirmDialog
          title={t('item.deleteTitle')}
          confirmLabel={t('item.deleteConfirm')}
          pendingLabel={t('item.deleting')}
          danger
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(undefined, {
              onError: (error) => {
                if (error instanceof ApiError && error.status === 401) return;
                notify.error(t('item.deleteFailed'), localizedDetail(error));
              },
            })
          }
          onCancel={() => {
            if (!remove.isPending) setOpen(null);
          }}
        >
          <p>{t('item.deleteBody')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
