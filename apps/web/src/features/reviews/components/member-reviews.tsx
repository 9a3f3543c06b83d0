import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserReview, UserReviewKind } from '@symposia/shared';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import items from '@/components/ui/item-list/item-list.module.css';
import { LoadMoreButton } from '@/components/ui/load-more/load-more-button';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { useMemberReviews } from '../api/get-member-reviews';
import styles from './member-reviews.module.css';

/** One entry: the post it reviews (linked), the recommendation, the summary, who and when. */
function MemberReviewEntry({ review, kind }: { review: UserReview; kind: UserReviewKind }) {
  const { t } = useTranslation(['reviews', 'posts']);
  return (
    <li className={`${items.item} ${styles.item}`} data-review-id={review.id}>
      <p className={styles.meta}>
        {t('reviews:mine.on')}{' '}
        <Link to={paths.postDetail.href(review.post.id)} className={styles.title}>
          <span translate="no">{review.post.title.trim() || t('posts:untitled')}</span>
        </Link>
      </p>
      <p className={styles.meta}>
        <strong>{t(`reviews:recommendation.${review.recommendation}`)}</strong>
        {' · '}
        {t('reviews:item.helpful', { count: review.helpful_count })}
        {review.author_rating !== null
          ? ` · ${t('reviews:item.authorRating', { rating: review.author_rating })}`
          : null}
      </p>
      <p className={styles.summary} translate="no">
        {review.summary}
      </p>
      <p className={styles.meta}>
        {kind === 'received' ? (
          <>
            {t('reviews:mine.by')}{' '}
            {review.reviewer ? (
              <Link to={paths.author.href(review.reviewer.id)} translate="no">
                {review.reviewer.username}
              </Link>
            ) : (
              t('reviews:item.anonymous')
            )}
            {' · '}
          </>
        ) : review.anonymous ? (
          `${t('reviews:mine.anonymously')} · `
        ) : null}
        <time dateTime={review.created_at}>{formatDateTime(review.created_at)}</time>
        {review.edited_at ? ` · ${t('reviews:item.edited')}` : null}
      </p>
    </li>
  );
}

type MemberReviewListProps = {
  userId: string;
  kind: UserReviewKind;
  /** What the list says while empty, beside 'None yet.'. */
  emptyText?: string;
  /** Say how many helpful marks the member's signed reviews got (when they show statistics). */
  withHelpfulness?: boolean;
};

/**
 * The reviews a member wrote or received (GET /users/{id}/reviews), newest first: a heading, their
 * helpfulness when asked for and shown, each review with its post, 'Load more' while more are left;
 * 'Loading…', a failure with Retry, or 'None yet.' in their place.
 */
export function MemberReviewList({
  userId,
  kind,
  emptyText,
  withHelpfulness = false,
}: MemberReviewListProps) {
  const { t } = useTranslation('reviews');
  const headingId = useId();
  const query = useMemberReviews(userId, kind);
  const pages = query.data?.pages;
  const reviews = pages?.flatMap((page) => page.items);
  // Null when the member keeps their statistics private: then nothing is said of it.
  const helpfulTotal = pages?.[0]?.helpful_total ?? null;

  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={`reviews-${kind}`}>
      <h2 id={headingId} className={styles.heading}>
        {t(kind === 'written' ? 'mine.written' : 'mine.received')}
      </h2>
      {withHelpfulness && helpfulTotal !== null ? (
        <p className={styles.helpfulness} data-testid="helpful-total">
          {t('mine.helpfulness', { count: helpfulTotal })}
        </p>
      ) : null}
      {reviews ? (
        reviews.length ? (
          <ul className={items.list}>
            {reviews.map((review) => (
              <MemberReviewEntry key={review.id} review={review} kind={kind} />
            ))}
          </ul>
        ) : (
          <EmptyState title={t('mine.none')} text={emptyText} />
        )
      ) : (
        <QueryStatus query={query} loading={t('mine.loading')} failed={t('mine.loadFailed')} />
      )}
      {reviews && query.hasNextPage ? (
        <div className={styles.more}>
          <LoadMoreButton query={query} label={t('mine.loadMore')} />
        </div>
      ) : null}
    </section>
  );
}

/** My Page's Reviews tab: the reviews the member wrote, with their helpfulness, and received. */
export function MyReviewsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('reviews');
  return (
    <div className={styles.panel}>
      <MemberReviewList
        userId={userId}
        kind="written"
        withHelpfulness
        emptyText={t('mine.noneWritten')}
      />
      <MemberReviewList userId={userId} kind="received" emptyText={t('mine.noneReceived')} />
    </div>
  );
}

/**
 * The author profile's Reviews written: what they reviewed (their anonymous reviews never show
 * here to others) and how helpful readers found it, said only when they show their statistics.
 */
export function AuthorReviewsPanel({ userId }: { userId: string }) {
  return <MemberReviewList userId={userId} kind="written" withHelpfulness />;
}
