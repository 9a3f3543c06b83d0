import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REVIEW_SCORE_NAMES, type Review } from '@symposia/shared';
import { Avatar } from '@/components/ui/avatar/avatar';
import { HiddenBadge } from '@/components/ui/hidden-badge/hidden-badge';
import { RichText } from '@/components/ui/rich-text/rich-text';
import { notify } from '@/components/ui/toast/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { localizedDetail } from '@/lib/localize-message';
import { formatDateTime } from '@/lib/time';
import { useToggleHelpful } from '../api/toggle-helpful';
import { RespondDialog } from './respond-dialog';
import styles from './review-item.module.css';
import { ReviewOwnerActions } from './review-owner-actions';
import { ReviewProof } from './review-proof';
import { ReviewRating } from './review-rating';

type ReviewItemProps = {
  review: Review;
  /** The reader wrote the post: they may respond to the review. */
  isPostAuthor: boolean;
  /** More actions composed by the section (awarding a bounty). */
  actions?: ReactNode;
  /** What the app adds to the author's response, when there is one (Report). */
  responseActions?: ReactNode;
  /** The reviewer edited or deleted it: what shows the post's status elsewhere reads it again. */
  onChanged?: () => void;
};

/** A gateway link to the review's receipt (issue 29, the receipts part fills it). */
const receiptHref = (cid: string) => `/ipfs/${encodeURIComponent(cid)}`;

/**
 * One review (issue 29): who wrote it (or 'Anonymous reviewer'), the revision it reviews, its
 * scores and recommendation, its texts in Markdown with math, Helpful with its count, the author's
 * response (or Respond, for the author; marked when the moderators hid it), the link to its
 * receipt and its Proof. Its reviewer edits and deletes it; the post's author rates its
 * helpfulness.
 */
export function ReviewItem({
  review,
  isPostAuthor,
  actions,
  responseActions,
  onChanged,
}: ReviewItemProps) {
  const { t } = useTranslation(['reviews', 'messages']);
  const [responding, setResponding] = useState(false);
  const helpful = useToggleHelpful(review.post_id, review.id);
  const name = review.reviewer?.username ?? null;
  const shownName = name ?? t('reviews:item.anonymous');

  const toggleHelpful = () =>
    helpful.mutate(undefined, {
      onError: (error) => {
        // A 401 already opened the login overlay (api-client).
        if (error instanceof ApiError && error.status === 401) return;
        notify.error(t('reviews:item.helpfulFailed'), localizedDetail(error));
      },
    });

  return (
    <li>
      <article
        className={styles.review}
        aria-label={t('reviews:item.label', { author: shownName })}
        data-review-id={review.id}
        data-current={review.current}
      >
        <header className={styles.header}>
          {review.reviewer ? (
            <Link to={paths.author.href(review.reviewer.id)} className={styles.reviewer}>
              <Avatar src={review.reviewer.avatar} name={review.reviewer.username} size={32} />
              <span translate="no">{review.reviewer.username}</span>
            </Link>
          ) : (
            <span className={styles.reviewer}>{shownName}</span>
          )}
          <span className={styles.meta}>
            {t('reviews:item.ofRevision', { revision: review.revision })}
            {review.current ? null : ` · ${t('reviews:item.outdated')}`}
            {' · '}
            <time dateTime={review.created_at}>{formatDateTime(review.created_at)}</time>
            {review.edited_at ? ` · ${t('reviews:item.edited')}` : null}
          </span>
          {review.hidden ? <HiddenBadge /> : null}
        </header>

        <p className={styles.recommendation} data-testid="review-recommendation">
          {t(`reviews:recommendation.${review.recommendation}`)}
        </p>
        <dl className={styles.scores}>
          {[...REVIEW_SCORE_NAMES, 'confidence' as const].map((key) => {
            const score = key === 'confidence' ? review.confidence : review.scores[key];
            return (
              <div key={key} className={styles.score}>
                <dt>{t(`reviews:rubric.${key}`)}</dt>
                <dd aria-label={t('reviews:rubric.scoreOf', { score })}>{score}/5</dd>
              </div>
            );
          })}
        </dl>

        {(['summary', 'strengths', 'weaknesses'] as const).map((key) =>
          review[key].trim() ? (
            <section key={key} className={styles.text}>
              <h4 className={styles.textTitle}>{t(`reviews:item.${key}`)}</h4>
              <RichText text={review[key]} plain="lines" />
            </section>
          ) : null,
        )}

        <div className={styles.actions}>
          <button
            type="button"
            className="button button-secondary"
            aria-pressed={review.helpful_by_me}
            aria-busy={helpful.isPending || undefined}
            title={
              review.helpful_by_me ? t('reviews:item.unmarkHelpful') : t('reviews:item.markHelpful')
            }
            // The reviewer does not mark their own review.
            disabled={review.is_mine}
            onClick={() => {
              if (!helpful.isPending) toggleHelpful();
            }}
            data-testid="review-helpful"
          >
            {t('reviews:item.helpful', { count: review.helpful_count })}
          </button>
          {isPostAuthor && !review.response ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setResponding(true)}
            >
              {t('reviews:item.respond')}
            </button>
          ) : null}
          {review.is_mine ? <ReviewOwnerActions review={review} onChanged={onChanged} /> : null}
          {actions}
          {review.receipt_cid ? (
            <a
              className={styles.receipt}
              href={receiptHref(review.receipt_cid)}
              aria-label={t('reviews:item.receiptLabel', { cid: review.receipt_cid })}
            >
              {t('reviews:item.receipt')}
            </a>
          ) : null}
          {review.author_rating !== null && !isPostAuthor ? (
            <span className={styles.meta}>
              {t('reviews:item.authorRating', { rating: review.author_rating })}
            </span>
          ) : null}
        </div>
        {/* A hidden review takes no rating (the server refuses it). */}
        {isPostAuthor && !review.hidden ? <ReviewRating review={review} /> : null}
        <ReviewProof reviewId={review.id} />

        {review.response ? (
          <section className={styles.response} data-testid="review-response">
            <h4 className={styles.textTitle}>{t('reviews:item.response')}</h4>
            {/* Shown only to its author and the moderators once the moderators hid it. */}
            {review.response.hidden ? <HiddenBadge /> : null}
            <RichText text={review.response.content} plain="lines" />
            {responseActions ? <div className={styles.actions}>{responseActions}</div> : null}
          </section>
        ) : null}
      </article>
      {responding ? (
        <RespondDialog
          postId={review.post_id}
          reviewId={review.id}
          onClose={() => setResponding(false)}
        />
      ) : null}
    </li>
  );
}
