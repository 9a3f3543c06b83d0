import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import page from '@/components/layout/page.module.css';
import { Card } from '@/components/ui/card/card';
import { TextField } from '@/components/ui/form/text-field';
import { LoadMoreButton } from '@/components/ui/load-more/load-more-button';
import { QueryStatus } from '@/components/ui/query-status/query-status';
import { ReviewStatusBadge } from '@/components/ui/review-status-badge/review-status-badge';
import spread from '@/components/ui/spread-row/spread-row.module.css';
import list from '@/components/ui/stacked-list/stacked-list.module.css';
import { paths } from '@/config/paths';
import { formatTokenAmount, fromUnits } from '@/lib/token-amount';
import { useReviewQueue } from '../api/get-review-queue';
import styles from './review-queue.module.css';

type ReviewQueueProps = {
  /** The tag in the address (`?tag=`). */
  tag: string;
  onTagChange: (tag: string) => void;
};

/**
 * The review queue (/reviews, issue 29): posts asking for review, each with its open bounties,
 * filtered by a tag. Loading, empty and failed states; Load more while there are more.
 */
export function ReviewQueue({ tag, onTagChange }: ReviewQueueProps) {
  const { t } = useTranslation(['reviews', 'posts']);
  const headingId = useId();
  const [typed, setTyped] = useState(tag);
  const query = useReviewQueue(tag);
  const items = query.data?.pages.flatMap((p) => p.items);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onTagChange(typed.trim().replace(/^#/, ''));
  };

  return (
    <div className={page.page}>
      <Card labelledBy={headingId} className={styles.queue}>
        <h1 id={headingId} className={styles.title}>
          {t('reviews:queue.title')}
        </h1>
        <p className={styles.intro}>{t('reviews:queue.intro')}</p>
        <form className={styles.filter} onSubmit={submit} role="search">
          <TextField
            label={t('reviews:queue.tag')}
            hint={t('reviews:queue.tagHint')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <div className={styles.filterButtons}>
            <button type="submit" className="button button-primary">
              {t('reviews:queue.filter')}
            </button>
            {tag ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setTyped('');
                  onTagChange('');
                }}
              >
                {t('reviews:queue.clear')}
              </button>
            ) : null}
          </div>
        </form>

        {items ? (
          items.length ? (
            <ol className={list.list} aria-label={t('reviews:queue.title')}>
              {items.map(({ post, bounties }) => {
                return (
                  <li key={post.id} className={styles.item} data-post-id={post.id}>
                    <div className={spread.row}>
                      <Link to={paths.postDetail.href(post.id)} className={styles.post}>
                        <span translate="no">{post.title.trim() || t('posts:untitled')}</span>
                      </Link>
                      <ReviewStatusBadge status={post.review_status} />
                    </div>
                    <p className={styles.meta}>
                      <span translate="no">{post.user_name}</span>
                      {post.tags.length ? (
                        <span translate="no"> · {post.tags.map((t) => `#${t}`).join(' ')}</span>
                      ) : null}
                    </p>
                    {bounties.map((bounty) => (
                      <p key={bounty.id} className={styles.bounty} data-testid="queue-bounty">
                        {t('reviews:bounty.open', {
                          amount: formatTokenAmount(fromUnits(bounty.amount)),
                        })}
                      </p>
                    ))}
                  </li>
                );
              })}
            </ol>
          ) : (
            <p className={styles.meta}>{t('reviews:queue.empty')}</p>
          )
        ) : (
          <QueryStatus
            query={query}
            loading={t('reviews:queue.loading')}
            failed={t('reviews:queue.loadFailed')}
          />
        )}
        {items ? <LoadMoreButton query={query} label={t('reviews:queue.loadMore')} /> : null}
      </Card>
    </div>
  );
}
