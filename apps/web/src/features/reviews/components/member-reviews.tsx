import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserReview, UserReviewKind } from '@symposia/shared';
import clamp from '@/components/ui/clamp/clamp.module.css';
import items from '@/components/ui/item-list/item-list.module.css';
import { PagedList } from '@/components/ui/paged-list/paged-list';
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
      <p className={`${clamp.clamped} ${styles.summary}`} translate="no">
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
  const query = useMemberReviews(userId, kind);
  const pages = query.data?.pages;
  // Null when the member keeps their statistics private: then nothing is said of it.
  const helpfulTotal = pages?.[0]?.helpful_total ?? null;

  return (
    <PagedList
      query={query}
      items={pages?.flatMap((page) => page.items)}
      testId={`reviews-${kind}`}
      texts={{
        title: t(kind === 'written' ? 'mine.written' : 'mine.received'),
        loading: t('mine.loading'),
        failed: t('mine.loadFailed'),
        empty: t('mine.none'),
        emptyText,
        loadMore: t('mine.loadMore'),
      }}
      intro={
        withHelpfulness && helpfulTotal !== null ? (
          <p className={styles.helpfulness} data-testid="helpful-total">
            {t('mine.helpfulness', { count: helpfulTotal })}
          </p>
        ) : null
      }
      renderItem={(review) => <MemberReviewEntry key={review.id} review={review} kind={kind} />}
    />
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
