import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_SCORE_NAMES, type Review } from '@symposia/shared';
import { Card } from '@/components/ui/card/card';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { ReviewStatusBadge } from '@/components/ui/review-status-badge/review-status-badge';
import spread from '@/components/ui/spread-row/spread-row.module.css';
import list from '@/components/ui/stacked-list/stacked-list.module.css';
import { authStore, useAuth } from '@/lib/auth-store';
import { useBounties } from '../api/get-bounties';
import { usePostReviews } from '../api/get-post-reviews';
import { AwardBountyButton } from './award-bounty-button';
import { PostBounties } from './post-bounties';
import { LazyReviewFormDialog } from './review-form-lazy';
import { ReviewItem } from './review-item';
import styles from './reviews-section.module.css';

const OfferBountyDialog = lazy(() =>
  import('./offer-bounty-dialog').then((module) => ({ default: module.OfferBountyDialog })),
);

type ReviewsSectionProps = {
  postId: string;
  /** The post's author: they respond to reviews and do not review their own post. */
  authorId: string | null;
  /** A review was published: what shows the post's status elsewhere reads it again. */
  onReviewed?: () => void;
  /** What the app adds to each review's actions (Report), drawn as its other buttons. */
  renderReviewActions?: (review: Review) => ReactNode;
  /** What the app adds under the author's response to a review (Report), when it has one. */
  renderResponseActions?: (review: Review) => ReactNode;
};

/**
 * A post's Reviews (issue 29), above its comments: the status badge, the mean scores of the
 * current revision, the bounties, each review (newest revision first), Write a review and Offer
 * a bounty. The offerer of an open bounty awards it from the review it goes to.
 */
export function ReviewsSection({
  postId,
  authorId,
  onReviewed,
  renderReviewActions,
  renderResponseActions,
}: ReviewsSectionProps) {
  const { t } = useTranslation(['reviews', 'messages']);
  const headingId = useId();
  const { token, user } = useAuth();
  const [open, setOpen] = useState<'review' | 'bounty' | null>(null);
  const query = usePostReviews(postId);
  const bounties = useBounties(postId).data?.items ?? [];
  // A bounty the reader may award now (the server's bounty policy says so in `may_award`: its
  // offerer before the deadline, a moderator after it): they award it from the review it goes to.
  const bountyToAward = bounties.find((bounty) => bounty.may_award);
  const awardable = (reviewId: string, ownReview: boolean) =>
    bountyToAward !== undefined &&
    !ownReview &&
    !bountyToAward.awarded.some((award) => award.review_id === reviewId);

  const data = query.data;
  const isPostAuthor = user !== null && user.id === authorId;
  // One review per reviewer and revision (the server refuses a second): theirs is edited instead.
  const mine =
    data?.items.some((review) => review.is_mine && review.revision === data.current_revision) ??
    false;

  const start = (what: 'review' | 'bounty') => {
    // Reviews and bounties are members' own: a guest is asked to sign in first.
    if (!token)
      authStore.requestLogin(
        t(what === 'review' ? 'reviews:form.loginPrompt' : 'reviews:bounty.loginPrompt'),
      );
    else setOpen(what);
  };

  return (
    <Card labelledBy={headingId} className={styles.section}>
      <div className={spread.row}>
        <div className={styles.heading}>
          <h2 id={headingId} className={styles.title}>
            {t('reviews:section.title')}
            {data ? (
              <span className={styles.count}>
                {' '}
                ({t('reviews:section.count', { count: data.review_count })})
              </span>
            ) : null}
          </h2>
          {data ? <ReviewStatusBadge status={data.review_status} /> : null}
        </div>
        <div className={styles.buttons}>
          {isPostAuthor || mine ? null : (
            <button type="button" className="button button-primary" onClick={() => start('review')}>
              {t('reviews:section.write')}
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={() => start('bounty')}>
            {t('reviews:section.offerBounty')}
          </button>
        </div>
      </div>
      {data ? (
        <p className={styles.meta}>
          {t('reviews:section.currentRevision', { revision: data.current_revision })}
        </p>
      ) : null}
      {isPostAuthor ? <p className={styles.meta}>{t('reviews:section.ownPost')}</p> : null}

      {data?.mean_scores ? (
        <dl
          className={styles.means}
          aria-label={t('reviews:section.meanScores')}
          data-testid="mean-scores"
        >
          {REVIEW_SCORE_NAMES.map((key) => (
            <div key={key} className={styles.mean}>
              <dt>{t(`reviews:rubric.${key}`)}</dt>
              <dd>{data.mean_scores?.[key].toFixed(1)}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <PostBounties bounties={bounties} />

      {data ? (
        data.items.length ? (
          <ol className={list.list} aria-label={t('reviews:section.list')}>
            {data.items.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                isPostAuthor={isPostAuthor}
                onChanged={onReviewed}
                responseActions={review.response ? renderResponseActions?.(review) : null}
                actions={
                  <>
                    {bountyToAward && awardable(review.id, review.is_mine) ? (
                      <AwardBountyButton
                        postId={postId}
                        bounty={bountyToAward}
                        reviewId={review.id}
                        reviewer={review.reviewer?.username ?? t('reviews:item.anonymous')}
                      />
                    ) : null}
                    {renderReviewActions?.(review)}
                  </>
                }
              />
            ))}
          </ol>
        ) : (
          <p className={styles.meta}>{t('reviews:section.empty')}</p>
        )
      ) : (
        <QueryStatus
          query={query}
          loading={t('reviews:section.loading')}
          failed={t('reviews:section.loadFailed')}
        />
      )}

      <Suspense fallback={null}>
        {open === 'review' ? (
          <LazyReviewFormDialog
            postId={postId}
            onPublished={onReviewed}
            onClose={() => setOpen(null)}
          />
        ) : open === 'bounty' ? (
          <OfferBountyDialog postId={postId} onClose={() => setOpen(null)} />
        ) : null}
      </Suspense>
    </Card>
  );
}
