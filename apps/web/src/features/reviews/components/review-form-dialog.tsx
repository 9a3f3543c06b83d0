import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REVIEW_RECOMMENDATIONS,
  REVIEW_SCORE_NAMES,
  createReviewBodySchema,
} from '@symposia/shared';
import { schemaProblemsOf } from '@/components/post-fields/field-errors';
import { FormDialog } from '@/components/ui/form-dialog/form-dialog';
import { RadioCards } from '@/components/ui/radio-cards/radio-cards';
import { PreviewToggle, RichTextPreview } from '@/components/ui/rich-text/preview';
import { TextareaField } from '@/components/ui/textarea-field/textarea-field';
import { notify } from '@/components/ui/toast/toast';
import { ApiError, type FieldError } from '@/lib/api-client';
import { localizedDetail, localizeMessage } from '@/lib/localize-message';
import { useCreateReview } from '../api/create-review';
import {
  EMPTY_REVIEW,
  SCORES,
  reviewBodyOf,
  reviewFieldErrorsOf,
  type ReviewDraft,
  type ReviewFieldErrors,
} from '../utils/review-draft';
import styles from './review-form-dialog.module.css';

type ReviewFormDialogProps = {
  postId: string;
  /** Published: the post's status may have changed with it. */
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
export function ReviewFormDialog({ postId, onPublished, onClose }: ReviewFormDialogProps) {
  const { t } = useTranslation(['reviews', 'common']);
  const previewId = useId();
  const [draft, setDraft] = useState<ReviewDraft>(EMPTY_REVIEW);
  const [errors, setErrors] = useState<ReviewFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const create = useCreateReview(postId, {
    onSuccess: () => {
      notify.success(t('reviews:form.published'));
      onPublished?.();
      onClose();
    },
  });

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

  const submit = () => {
    const checked = createReviewBodySchema.safeParse(reviewBodyOf(draft));
    if (!checked.success) {
      showProblems(schemaProblemsOf(checked.error), null);
      return;
    }
    showProblems([], null);
    create.mutate(checked.data, {
      onError: (error) => {
        // A 401 opened the login overlay; the review stays as typed for after the sign-in.
        if (error instanceof ApiError && error.status === 401) return;
        if (error instanceof ApiError && error.errors.length) {
          showProblems(error.errors, t('reviews:form.failed'));
        } else {
          setFailure(`${t('reviews:form.failed')} ${localizedDetail(error)}`);
        }
      },
    });
  };

  const scoreOptions = SCORES.map((value) => ({ value, label: value }));

  return (
    <FormDialog
      title={t('reviews:form.title')}
      description={<p>{t('reviews:form.description')}</p>}
      size="wide"
      submitLabel={t('reviews:form.submit')}
      pendingLabel={t('reviews:form.submitting')}
      pending={create.isPending}
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
              readOnly={create.isPending}
              onChange={(event) => change(key, event.target.value)}
            />
          ),
        )}
      </div>
      <div>
        <PreviewToggle
          pressed={previewing}
          controls={previewId}
          onToggle={() => setPreviewing((on) => !on)}
        />
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
