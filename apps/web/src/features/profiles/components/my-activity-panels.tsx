import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  MYPAGE_ACTIVITY_BAR_WIDTHS,
  MYPAGE_ACTIVITY_PERCENT,
  type CurrentUser,
} from '@symposia/shared';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { formatTokenAmount } from '@/lib/token-amount';
import { useMyList, type MyList } from '../hooks/use-my-list';
import type { MyListKind } from '../api/get-my-list';
import { EmptyState } from './empty-state';
import { CommentIcon, HeartIcon, LockIcon } from '@/components/ui/icons/icons';
import styles from './my-activity-panels.module.css';

/** A post's title (the member's own words, so translate="no"), or 'Untitled post'. */
function PostTitle({ title }: { title: string }) {
  const { t } = useTranslation('profiles');
  return title.trim() ? <span translate="no">{title}</span> : <>{t('untitledPost')}</>;
}

function When({ date }: { date: string }) {
  return (
    <time className={styles.when} dateTime={date}>
      {formatDateTime(date)}
    </time>
  );
}

/** 'Load more' under a tab's list while the list holds more; a failed page says so. */
function LoadMore<K extends MyListKind>({ list }: { list: MyList<K> }) {
  const { t } = useTranslation('profiles');
  return (
    <>
      {list.failed ? (
        <p className={styles.moreError} role="alert">
          {t('lists.loadMoreFailed')}
        </p>
      ) : null}
      {list.hasMore || list.failed ? (
        <div className={styles.more}>
          <button
            type="button"
            className="button button-secondary"
            onClick={list.loadMore}
            disabled={list.loading}
            aria-busy={list.loading}
          >
            {list.loading ? t('lists.loadingMore') : t('lists.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}

type PanelProps<K extends 'posts' | 'comments' | 'likes'> = {
  /** The first page, as GET /auth/me carries it. */
  first: CurrentUser[K];
  /** How many there are in all (stats). */
  total: number;
};

/** Posts tab: count, 'New Post', every post linked to its detail; private ones marked. */
export function MyPostsPanel({ first, total }: PanelProps<'posts'>) {
  const { t } = useTranslation(['profiles', 'profile']);
  const headingId = useId();
  const list = useMyList('posts', first, total);
  const posts = list.items;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          {t('lists.myPosts')}{' '}
          <span className={styles.count}>({Math.max(total, posts.length)})</span>
        </h2>
        <Link to={paths.upload.href()} className="button button-primary">
          {t('profile:newPost')}
        </Link>
      </div>
      {posts.length === 0 ? (
        <EmptyState
          title={t('lists.noPostsYet')}
          text={t('lists.noPostsMine')}
          action={
            <Link to={paths.upload.href()} className="button button-primary">
              {t('profile:createFirstPost')}
            </Link>
          }
        />
      ) : (
        <ul className={styles.list}>
          {posts.map((post) => (
            <li key={post.id} className={styles.item}>
              <div className={styles.itemMain}>
                <Link to={paths.postDetail.href(post.id)} className={styles.itemTitle}>
                  <PostTitle title={post.title} />
                </Link>
                {post.visibility === 'private' ? (
                  <span className={styles.private}>
                    <LockIcon />
                    {t('profile:private')}
                  </span>
                ) : null}
              </div>
              <div className={styles.meta}>
                <When date={post.date} />
                <span className={styles.metric}>
                  <HeartIcon />
                  {t('likeCount', { count: post.likes })}
                </span>
                <span className={styles.metric}>
                  <CommentIcon />
                  {t('commentCount', { count: post.comments })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}

/** Comments tab: each comment with the post it was written on, linked. */
export function MyCommentsPanel({ first, total }: PanelProps<'comments'>) {
  const { t } = useTranslation(['profiles', 'profile']);
  const headingId = useId();
  const list = useMyList('comments', first, total);
  const comments = list.items;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          {t('lists.myComments')}{' '}
          <span className={styles.count}>({Math.max(total, comments.length)})</span>
        </h2>
      </div>
      {comments.length === 0 ? (
        <EmptyState
          title={t('lists.noCommentsYet')}
          text={t('lists.noCommentsMine')}
          action={
            <Link to={paths.forum.href()} className="button button-primary">
              {t('profile:browsePosts')}
            </Link>
          }
        />
      ) : (
        <ul className={styles.list}>
          {comments.map((comment) => (
            <li key={comment.id} className={styles.item}>
              <p className={styles.comment} translate="no">
                {comment.content}
              </p>
              <div className={styles.meta}>
                <span>
                  {t('lists.commentedOn')}{' '}
                  <Link to={paths.postDetail.href(comment.postId)} className={styles.postLink}>
                    <PostTitle title={comment.postTitle} />
                  </Link>
                </span>
                <When date={comment.date} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}

/** Likes tab: the posts the member liked, linked. */
export function MyLikesPanel({ first, total }: PanelProps<'likes'>) {
  const { t } = useTranslation(['profiles', 'profile']);
  const headingId = useId();
  const list = useMyList('likes', first, total);
  const likes = list.items;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          {t('lists.likedPosts')}{' '}
          <span className={styles.count}>({Math.max(total, likes.length)})</span>
        </h2>
      </div>
      {likes.length === 0 ? (
        <EmptyState
          title={t('lists.noLikesYet')}
          text={t('lists.noLikesMine')}
          action={
            <Link to={paths.forum.href()} className="button button-primary">
              {t('profile:discoverContent')}
            </Link>
          }
        />
      ) : (
        <ul className={styles.list}>
          {likes.map((like) => (
            <li key={like.id} className={styles.item}>
              <div className={styles.itemMain}>
                <HeartIcon className={styles.likeIcon} />
                <Link to={paths.postDetail.href(like.id)} className={styles.itemTitle}>
                  <PostTitle title={like.title} />
                </Link>
              </div>
              <div className={styles.meta}>
                <When date={like.date} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}

/**
 * Statistics tab: the member's own counts, and the fixed activity figure of spec §9 (87%, bars at
 * 75/60/85/87 percent). The bars are decoration; the figure is the content.
 */
export function MyStatisticsPanel({ stats }: { stats: CurrentUser['stats'] }) {
  const headingId = useId();
  const activityId = useId();
  const { t } = useTranslation('profiles');
  const figures = [
    { label: t('statistics.posts'), value: stats.posts },
    { label: t('statistics.comments'), value: stats.comments },
    { label: t('statistics.likes'), value: stats.likes },
    // Contribution rewards ever credited (issue 16), claimed or not.
    { label: t('statistics.tokensEarned'), value: formatTokenAmount(stats.tokens_earned) },
  ];
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          {t('statistics.heading')}
        </h2>
      </div>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.label} className={styles.figure}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <section className={styles.activity} aria-labelledby={activityId}>
        <h3 id={activityId} className={styles.activityTitle}>
          {t('statistics.activityLevel')}
        </h3>
        <p className={styles.activityValue}>{MYPAGE_ACTIVITY_PERCENT}%</p>
        <div className={styles.bars} aria-hidden="true">
          {MYPAGE_ACTIVITY_BAR_WIDTHS.map((width, index) => (
            <div key={index} className={styles.bar}>
              <div className={styles.barFill} style={{ width: `${width}%` }} data-width={width} />
            </div>
          ))}
        </div>
      </section>
    </section>
  );
}
