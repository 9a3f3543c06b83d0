import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog/form-dialog';
import { PreviewToggle, RichTextPreview, usePreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { ApiError } from '@/lib/api-client';
import { localizedDetail, localizeMessage } from '@/lib/localize-message';
import { useRespondToReview } from '../api/respond-to-review';

type RespondDialogProps = {
  postId: string;
  reviewId: string;
  onClose: () => void;
};

/** The post author answers a review (POST /reviews/{id}/response); a 422 shows under the text. */
export function RespondDialog({ postId, reviewId, onClose }: RespondDialogProps) {
  const { t } = useTranslation(['reviews', 'common']);
  const [content, setContent] = useState('');
  const { previewId, previewing, toggle } = usePreview();
  const respond = useRespondToReview(postId, reviewId);
  const error = respond.error instanceof ApiError ? respond.error : null;
  const fieldError = error?.errors.find((e) => e.field === 'content');

  return (
    <FormDialog
      title={t('reviews:respond.title')}
      description={<p>{t('reviews:respond.description')}</p>}
      submitLabel={t('reviews:respond.submit')}
      pendingLabel={t('reviews:respond.submitting')}
      pending={respond.isPending}
      failure={
        respond.error && !fieldError && !(error?.status === 401)
          ? `${t('reviews:item.responseFailed')} ${localizedDetail(respond.error)}`
          : null
      }
      onSubmit={() => respond.mutate(content, { onSuccess: onClose })}
      onCancel={onClose}
    >
      {previewing ? (
        <RichTextPreview
          id={previewId}
          label={t('reviews:item.responseLabel')}
          text={content}
          plain="lines"
        />
      ) : (
        <TextareaField
          label={t('reviews:item.responseLabel')}
          hint={t('common:richText.markdownHint')}
          value={content}
          readOnly={respond.isPending}
          error={fieldError ? localizeMessage(fieldError.message, fieldError) : undefined}
          onChange={(event) => setContent(event.target.value)}
        />
      )}
      <div>
        <PreviewToggle {...toggle} />
      </div>
    </FormDialog>
  );
}
