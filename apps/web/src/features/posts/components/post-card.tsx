import clsx from 'clsx';
import { lazy, Suspense, useId, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NEW_TAB_HREF_ATTRIBUTE, type PostListItem } from '@symposia/shared';
import { Avatar } from '@/components/ui/avatar/avatar';
import clamp from '@/components/ui/clamp/clamp.module.css';
import { ReviewStatusBadge } from '@/components/ui/review-status-badge/review-status-badge';
import { TagChips } from '@/components/ui/tag-chips/tag-chips';
import { formatDateTime } from '@/lib/time';
import { CommentIcon, HeartIcon } from '@/components/ui/icons/icons';
import { snippetParts } from '../utils/snippet';
import { userText } from '../utils/user-text';
import { PostCardMedia } from './post-card-media';
import styles from './post-card.module.css';

type PostCardProps = {
  post: PostListItem;
  /** Opens the post (the forum opens it in a new tab). */
  onOpen: (post: PostListItem) => void;
  /**
   * The address `onOpen` opens in a new tab: a click on a server-rendered card opens it before the
   * app has hydrated it too (packages/shared/src/early-input.ts).
   */
  newTabHref?: string;
  /** The first card a reader sees: its image is fetched at once, with high priority. */
  priority?: boolean;
};

const MAX_TAGS_SHOWN = 5;

// Only the author and the moderators ever see a hidden post: the badge stays out of the forum's
// first load.
const HiddenBadge = lazy(() =>
  import('@/components/ui/hidden-badge/hidden-badge').then((module) => ({
    default: module.HiddenBadge,
  })),
);

/** Clicks on the card's own controls (the play button) do not open the post. */
function fromInnerControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  const control = target.closest('a, button, input, select, textarea, video[controls], audio');
  return control !== null && control !== event.currentTarget;
}

/**
 * A post in the forum grid (spec §2): media, title, its review status (issue 29), author with
 * avatar, time, summary, tags (links to the forum filtered by each), like and comment counts. The
 * whole card opens the post, by click or by Enter; a tag's link goes to its list instead.
 */
export function PostCard({ post, onOpen, newTabHref, priority = false }: PostCardProps) {
  const { t } = useTranslation(['posts', 'messages']);
  const titleId = useId();
  const hintId = useId();
  const author = post.user_name.trim() || t('messages:anonymous');
  const title = post.title.trim() || t('posts:untitled');
  const summary = post.summary.trim() || post.content.trim();

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!fromInnerControl(event)) onOpen(post);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen(post);
    }
  };

  return (
    <article
      className={styles.card}
      tabIndex={0}
      aria-labelledby={titleId}
      aria-describedby={hintId}
      data-post-id={post.id}
      {...(newTabHref ? { [NEW_TAB_HREF_ATTRIBUTE]: newTabHref } : {})}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <PostCardMedia
        type={post.media_type}
        src={post.media}
        renditions={post.media_renditions}
        poster={post.poster}
        title={title}
        priority={priority}
      />
      <div className={styles.body}>
        <h3
          id={titleId}
          className={clsx(clamp.clamped, styles.title)}
          translate={userText(post.title)}
        >
          {title}
        </h3>
        {post.hidden ? (
          <Suspense fallback={null}>
            <HiddenBadge />
          </Suspense>
        ) : null}
        <ReviewStatusBadge status={post.review_status} />
        <span id={hintId} className="visually-hidden">
          {t('posts:card.opensInNewTab')}
        </span>
        <div className={styles.meta}>
          <Avatar src={post.user_avatar} name={author} size={32} />
          <span className={styles.author} translate={userText(post.user_name)}>
            {author}
          </span>
          <time className={styles.time} dateTime={post.created_at}>
            {formatDateTime(post.created_at)}
          </time>
        </div>
        {post.snippet ? (
          // A search result shows where it matched instead of the summary, matches highlighted.
          <p
            className={clsx(clamp.clamped, styles.summary)}
            data-testid="search-snippet"
            translate="no"
          >
            {snippetParts(post.snippet).map((part, index) =>
              part.match ? (
                <mark key={index} className={styles.match}>
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </p>
        ) : summary ? (
          <p className={clsx(clamp.clamped, styles.summary)} translate="no">
            {summary}
          </p>
        ) : null}
        {post.tags.length ? (
          // Each tag leads to the forum filtered by it, where it is followed (issue 30).
          <TagChips
            tags={post.tags.slice(0, MAX_TAGS_SHOWN)}
            label={t('posts:tags')}
            size="small"
          />
        ) : null}
        <div className={styles.stats}>
          <span className={styles.stat} data-testid="like-count">
            <HeartIcon filled={post.liked} />
            {post.likes}
            <span className="visually-hidden"> {t('posts:card.likes', { count: post.likes })}</span>
          </span>
          <span className={styles.stat} data-testid="comment-count">
            <CommentIcon />
            {post.comments}
            <span className="visually-hidden">
              {' '}
              {t('posts:card.comments', { count: post.comments })}
            </span>
          </span>
        </div>
      </div>
    </article>
  );
}
