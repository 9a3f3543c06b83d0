import { useId, type ReactNode } from 'react';
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
import type { MyListItem, MyListKind } from '../api/get-my-list';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { PostMeta } from './post-meta';
import { StatFigures } from './stat-figures';
import { HeartIcon, LockIcon } from '@/components/ui/icons/icons';
import clamp from '@/components/ui/clamp/clamp.module.css';
import items from '@/components/ui/item-list/item-list.module.css';
import spread from '@/components/ui/spread-row/spread-row.module.css';
import { ReviewStatusBadge } from '@/components/ui/review-status-badge/review-status-badge';
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

type PanelProps<K extends MyListKind> = {
  /** The first page, as GET /auth/me carries it. */
  first: CurrentUser[K];
  /** How many there are in all (stats). */
  total: number;
};

/** A tab's heading row: its title, the count beside it, and an action at the far end. */
function PanelHeader({
  id,
  title,
  count,
  action,
}: {
  id: string;
  title: string;
  count?: number;
  action?: ReactNode;
}) {
  return (
    <div className={`${spread.row} ${styles.panelHeader}`}>
      <h2 id={id} className={styles.heading}>
        {title}
        {count === undefined ? null : (
          <>
            {' '}
            <span className={styles.count}>({count})</span>
          </>
        )}
      </h2>
      {action}
    </div>
  );
}

/** Each list's title, and what it says while empty with the link onward. */
const LIST_TEXTS = {
  posts: {
    title: 'lists.myPosts',
    emptyTitle: 'lists.noPostsYet',
    emptyText: 'lists.noPostsMine',
    emptyLink: () => paths.upload.href(),
    emptyLinkLabel: 'profile:createFirstPost',
  },
  comments: {
    title: 'lists.myComments',
    emptyTitle: 'lists.noCommentsYet',
    emptyText: 'lists.noCommentsMine',
    emptyLink: () => paths.forum.href(),
    emptyLinkLabel: 'profile:browsePosts',
  },
  likes: {
    title: 'lists.likedPosts',
    emptyTitle: 'lists.noLikesYet',
    emptyText: 'lists.noLikesMine',
    emptyLink: () => paths.forum.href(),
    emptyLinkLabel: 'profile:discoverContent',
  },
} as const;

type ActivityListPanelProps<K extends MyListKind> = {
  kind: K;
  first: MyListItem[K][];
  total: number;
  /** Beside the title, e.g. 'New Post'. */
  action?: ReactNode;
  /** What one entry shows, inside its list item. */
  renderItem: (item: MyListItem[K]) => ReactNode;
};

/** One of the lists of My Page: its heading with the count of all, the entries, 'Load more'. */
function ActivityListPanel<K extends MyListKind>({
  kind,
  first,
  total,
  action,
  renderItem,
}: ActivityListPanelProps<K>) {
  const { t } = useTranslation(['profiles', 'profile']);
  const texts = LIST_TEXTS[kind];
  const headingId = useId();
  const list = useMyList(kind, first, total);
  return (
    <section aria-labelledby={headingId}>
      <PanelHeader
        id={headingId}
        title={t(texts.title)}
        count={Math.max(total, list.items.length)}
        action={action}
      />
      {list.items.length === 0 ? (
        <EmptyState
          title={t(texts.emptyTitle)}
          text={t(texts.emptyText)}
          action={
            <Link to={texts.emptyLink()} className="button button-primary">
              {t(texts.emptyLinkLabel)}
            </Link>
          }
        />
      ) : (
        <ul className={items.list}>
          {list.items.map((item) => (
            <li key={item.id} className={`${items.item} ${styles.item}`}>
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />
    </section>
  );
}

/** Posts tab: count, 'New Post', every post linked to its detail; private ones marked. */
export function MyPostsPanel({ first, total }: PanelProps<'posts'>) {
  const { t } = useTranslation(['profiles', 'profile']);
  return (
    <ActivityListPanel
      kind="posts"
      first={first}
      total={total}
      action={
        <Link to={paths.upload.href()} className="button button-primary">
          {t('profile:newPost')}
        </Link>
      }
      renderItem={(post) => (
        <>
          <div className={styles.itemMain}>
            <Link to={paths.postDetail.href(post.id)} className={styles.itemTitle}>
              <PostTitle title={post.title} />
            </Link>
            <ReviewStatusBadge status={post.review_status} />
            {post.visibility === 'private' ? (
              <span className={styles.private}>
                <LockIcon />
                {t('profile:private')}
              </span>
            ) : null}
          </div>
          <PostMeta date={<When date={post.date} />} counts={post} />
        </>
      )}
    />
  );
}

/** Comments tab: each comment with the post it was written on, linked. */
export function MyCommentsPanel({ first, total }: PanelProps<'comments'>) {
  const { t } = useTranslation('profiles');
  return (
    <ActivityListPanel
      kind="comments"
      first={first}
      total={total}
      renderItem={(comment) => (
        <>
          <p className={`${clamp.clamped} ${styles.comment}`} translate="no">
            {comment.content}
          </p>
          <PostMeta date={<When date={comment.date} />}>
            <span>
              {t('lists.commentedOn')}{' '}
              <Link to={paths.postDetail.href(comment.postId)} className={styles.postLink}>
                <PostTitle title={comment.postTitle} />
              </Link>
            </span>
          </PostMeta>
        </>
      )}
    />
  );
}

/** Likes tab: the posts the member liked, linked. */
export function MyLikesPanel({ first, total }: PanelProps<'likes'>) {
  return (
    <ActivityListPanel
      kind="likes"
      first={first}
      total={total}
      renderItem={(like) => (
        <>
          <div className={styles.itemMain}>
            <HeartIcon className={styles.likeIcon} />
            <Link to={paths.postDetail.href(like.id)} className={styles.itemTitle}>
              <PostTitle title={like.title} />
            </Link>
          </div>
          <PostMeta date={<When date={like.date} />} />
        </>
      )}
    />
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
      <PanelHeader id={headingId} title={t('statistics.heading')} />
      <StatFigures figures={figures} size="large" />
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
