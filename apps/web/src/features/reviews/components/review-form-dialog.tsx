import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  REVIEW_RECOMMENDATIONS,
  REVIEW_SCORE_NAMES,
  createReviewBodySchema,
  reviewPatchBodySchema,
  type Review,
} from '@symposia/shared';
import { schemaProblemsOf } from '@/components/post-fields/field-errors';
import { FormDialog } from '@/components/ui/form-dialog/form-dialog';
import { RadioCards } from '@/components/ui/radio-cards/radio-cards';
import { PreviewToggle, RichTextPreview, usePreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { notify } from '@/components/ui/toast/toast';
import { ApiError, type FieldError } from '@/lib/api-client';
import { localizedDetail, localizeMessage } from '@/lib/localize-message';
import { useCreateReview } from '../api/create-review';
import { useUpdateReview } from '../api/update-review';
import {
  EMPTY_REVIEW,
  draftOf,
  SCORES,
  reviewBodyOf,
  reviewFieldErrorsOf,
  type ReviewDraft,
  type ReviewFieldErrors,
} from '../utils/review-draft';
import styles from './review-form-dialog.module.css';

type ReviewFormDialogProps = {
  postId: string;
  /** The reviewer's own review to edit (PATCH /reviews/{id}); a new review when absent. */
  review?: Review;
  /** Published or saved: the post's status may have changed with it. */
  onPublished?: () => void;
  onClose: () => void;
};

const TEXTS = ['summary', 'strengths', 'weaknesses'] as const;

const shown = (problem: FieldError | undefined) =>
  problem ? localizeMessage(problem.message, problem) : undefined;

/**
 * "Write a review" (issue 29): the rubric's four scores and the reviewer's confidence (1 to 5,
 * radio groups the arrow keys move through), a recommendation, then the summary, strengths and
 * weaknesses in Markdown with math, which Preview shows as the post will. The shared contract is
 * checked first, and a 422 keeps the dialog open with each problem under the field it names.
 */
export function ReviewFormDialog({ postId, review, onPublished, onClose }: ReviewFormDialogProps) {
  const { t } = useTranslation(['reviews', 'common']);
  const { previewId, previewing, setPreviewing, toggle } = usePreview();
  const editing = review !== undefined;
  const [draft, setDraft] = useState<ReviewDraft>(() => (review ? draftOf(review) : EMPTY_REVIEW));
  const [errors, setErrors] = useState<ReviewFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const done = {
    onSuccess: () => {
      notify.success(t(editing ? 'reviews:form.saved' : 'reviews:form.published'));
      onPublished?.();
      onClose();
    },
  };
  // One form writes a review and edits one: the same fields, checks and problems; only the call
  // differs.
  const create = useCreateReview(postId, done);
  const update = useUpdateReview(postId, review?.id ?? '', done);
  const pending = create.isPending || update.isPending;
  const failedText = t(editing ? 'reviews:form.saveFailed' : 'reviews:form.failed');

  const change = <K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const showProblems = (problems: readonly FieldError[], title: string | null) => {
    const { fields, other } = reviewFieldErrorsOf(problems);
    setErrors(fields);
    // A problem in a text hidden by the preview must be seen: back to the fields.
    if (TEXTS.some((name) => fields[name])) setPreviewing(false);
    const rest = other.map((e) => `${e.field}: ${localizeMessage(e.message, e)}`);
    setFailure(
      title === null && rest.length === 0 ? null : [title, ...rest].filter(Boolean).join(' '),
    );
  };

  const onError = (error: Error) => {
    // A 401 opened the login overlay; the review stays as typed for after the sign-in.
    if (error instanceof ApiError && error.status === 401) return;
    if (error instanceof ApiError && error.errors.length) {
      showProblems(error.errors, failedText);
    } else {
      setFailure(`${failedText} ${localizedDetail(error)}`);
    }
  };

  /** The shared contract first: its problems show under their fields and nothing is sent. */
  const sendChecked = <Body,>(schema: z.ZodType<Body>, send: (body: Body) => void) => {
    const checked = schema.safeParse(reviewBodyOf(draft));
    if (!checked.success) {
      showProblems(schemaProblemsOf(checked.error), null);
      return;
    }
    showProblems([], null);
    send(checked.data);
  };

  const submit = () => {
    if (editing) sendChecked(reviewPatchBodySchema, (body) => update.mutate(body, { onError }));
    else sendChecked(createReviewBodySchema, (body) => create.mutate(body, { onError }));
  };

  const scoreOptions = SCORES.map((value) => ({ value, label: value }));

  return (
    <FormDialog
      title={t(editing ? 'reviews:form.editTitle' : 'reviews:form.title')}
      description={<p>{t('reviews:form.description')}</p>}
      size="wide"
      submitLabel={t(editing ? 'reviews:form.save' : 'reviews:form.submit')}
      pendingLabel={t(editing ? 'reviews:form.saving' : 'reviews:form.submitting')}
      pending={pending}
      failure={failure}
      onSubmit={submit}
      onCancel={onClose}
    >
      <div className={styles.scores}>
        {[...REVIEW_SCORE_NAMES, 'confidence' as const].map((key) => (
          <RadioCards
            key={key}
            legend={`${t(`reviews:rubric.${key}`)} — ${t(
              key === 'confidence' ? 'reviews:rubric.confidenceScale' : 'reviews:rubric.scale',
            )}`}
            options={scoreOptions}
            value={draft[key]}
            onChange={(value) => change(key, value)}
            error={shown(errors[key])}
            className={styles.score}
          />
        ))}
      </div>
      <RadioCards
        legend={t('reviews:recommendation.label')}
        options={REVIEW_RECOMMENDATIONS.map((value) => ({
          value,
          label: t(`reviews:recommendation.${value}`),
        }))}
        value={draft.recommendation}
        onChange={(value) => change('recommendation', value)}
        error={shown(errors.recommendation)}
        className={styles.recommendation}
      />
      <div id={previewId} className={styles.texts}>
        {TEXTS.map((key) =>
          previewing ? (
            <RichTextPreview
              key={key}
              label={t(`reviews:form.${key}`)}
              text={draft[key]}
              plain="lines"
            />
          ) : (
            <TextareaField
              key={key}
              label={t(`reviews:form.${key}`)}
              hint={
                key === 'summary'
                  ? `${t('reviews:form.summaryHint')} ${t('common:richText.markdownHint')}`
                  : undefined
              }
              value={draft[key]}
              error={shown(errors[key])}
              readOnly={pending}
              onChange={(event) => change(key, event.target.value)}
            />
          ),
        )}
      </div>
      <div>
        <PreviewToggle {...toggle} />
      </div>
      <RadioCards
        legend={t('reviews:form.identity')}
        options={[
          { value: 'named', label: t('reviews:form.named'), hint: t('reviews:form.namedHint') },
          {
            value: 'anonymous',
            label: t('reviews:form.anonymous'),
            hint: t('reviews:form.anonymousHint'),
          },
        ]}
        value={draft.anonymous ? 'anonymous' : 'named'}
        onChange={(value) => change('anonymous', value === 'anonymous')}
        error={shown(errors.anonymous)}
      />
    </FormDialog>
  );
}
