import { useId } from 'react';
import { Link } from 'react-router';
import {
  MYPAGE_ACTIVITY_BAR_WIDTHS,
  MYPAGE_ACTIVITY_PERCENT,
  type CurrentUser,
} from '@symposia/shared';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/time';
import { formatTokenAmount } from '@/lib/token-amount';
import { PROFILE_TEXTS, PROFILE_UI } from '../texts';
import { useMyList, type MyList } from '../hooks/use-my-list';
import type { MyListKind } from '../api/get-my-list';
import { EmptyState } from './empty-state';
import { CommentIcon, HeartIcon, LockIcon } from '@/components/ui/icons/icons';
import styles from './my-activity-panels.module.css';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

function When({ date }: { date: string }) {
  return (
    <time className={styles.when} dateTime={date}>
      {formatDateTime(date)}
    </time>
  );
}

/** 'Load more' under a tab's list while the list holds more; a failed page says so. */
function LoadMore<K extends MyListKind>({ list }: { list: MyList<K> }) {
  return (
    <>
      {list.failed ? (
        <p className={styles.moreError} role="alert">
          {PROFILE_UI.loadMoreFailed}
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
            {list.loading ? PROFILE_UI.loadingMore : PROFILE_UI.loadMore}
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
  const headingId = useId();
  const list = useMyList('posts', first, total);
  const posts = list.items;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          My Posts <span className={styles.count}>({Math.max(total, posts.length)})</span>
        </h2>
        <Link to={paths.upload.href()} className="button button-primary">
          {PROFILE_TEXTS.newPost}
        </Link>
      </div>
      {posts.length === 0 ? (
        <EmptyState
          title="No posts yet"
          text={PROFILE_UI.noPostsMine}
          action={
            <Link to={paths.upload.href()} className="button button-primary">
              {PROFILE_TEXTS.createFirstPost}
            </Link>
          }
        />
      ) : (
        <ul className={styles.list}>
          {posts.map((post) => (
            <li key={post.id} className={styles.item}>
              <div className={styles.itemMain}>
                <Link to={paths.postDetail.href(post.id)} className={styles.itemTitle}>
                  {post.title.trim() || 'Untitled post'}
                </Link>
                {post.visibility === 'private' ? (
                  <span className={styles.private}>
                    <LockIcon />
                    {PROFILE_TEXTS.private}
                  </span>
                ) : null}
              </div>
              <div className={styles.meta}>
                <When date={post.date} />
                <span className={styles.metric}>
                  <HeartIcon />
                  {plural(post.likes, 'like')}
                </span>
                <span className={styles.metric}>
                  <CommentIcon />
                  {plural(post.comments, 'comment')}
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
  const headingId = useId();
  const list = useMyList('comments', first, total);
  const comments = list.items;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          My Comments <span className={styles.count}>({Math.max(total, comments.length)})</span>
        </h2>
      </div>
      {comments.length === 0 ? (
        <EmptyState
          title="No comments yet"
          text={PROFILE_UI.noCommentsMine}
          action={
            <Link to={paths.forum.href()} className="button button-primary">
              {PROFILE_TEXTS.browsePosts}
            </Link>
          }
        />
      ) : (
        <ul className={styles.list}>
          {comments.map((comment) => (
            <li key={comment.id} className={styles.item}>
              <p className={styles.comment}>{comment.content}</p>
              <div className={styles.meta}>
                <span>
                  on{' '}
                  <Link to={paths.postDetail.href(comment.postId)} className={styles.postLink}>
                    {comment.postTitle.trim() || 'Untitled post'}
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
  const headingId = useId();
  const list = useMyList('likes', first, total);
  const likes = list.items;
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          Liked Posts <span className={styles.count}>({Math.max(total, likes.length)})</span>
        </h2>
      </div>
      {likes.length === 0 ? (
        <EmptyState
          title="No likes yet"
          text={PROFILE_UI.noLikesMine}
          action={
            <Link to={paths.forum.href()} className="button button-primary">
              {PROFILE_TEXTS.discoverContent}
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
                  {like.title.trim() || 'Untitled post'}
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
  const figures = [
    { label: 'Posts', value: stats.posts },
    { label: 'Comments', value: stats.comments },
    { label: 'Likes', value: stats.likes },
    // Contribution rewards ever credited (issue 16), claimed or not.
    { label: 'Tokens earned', value: formatTokenAmount(stats.tokens_earned) },
  ];
  return (
    <section aria-labelledby={headingId}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.heading}>
          Statistics
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
          Activity level
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
