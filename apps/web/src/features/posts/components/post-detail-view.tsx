import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PostDetail } from '@symposia/shared';
import page from '@/components/layout/page.module.css';
import { Avatar } from '@/components/ui/avatar/avatar';
import { BackBar } from '@/components/ui/back-bar/back-bar';
import { HiddenBadge } from '@/components/ui/hidden-badge/hidden-badge';
import { ReviewStatusBadge } from '@/components/ui/review-status-badge/review-status-badge';
import { RichText } from '@/components/ui/rich-text/rich-text';
import { TagChips } from '@/components/ui/tag-chips/tag-chips';
import { notify } from '@/components/ui/toast/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/time';
import { useLikePost } from '../api/like-post';
import { useSinglePlayback } from '../hooks/use-single-playback';
import { mediaItemsOf } from '../utils/media-items';
import { userText } from '../utils/user-text';
import { AiAnalysis } from './ai-analysis';
import { CiteButton } from './cite-dialog';
import { DoiLink } from './doi-link';
import { CommentIcon } from '@/components/ui/icons/icons';
import { LikeButton } from './like-button';
import { PostCarousel } from './post-carousel';
import { PostEdited } from './post-edited';
import { PostOwnerActions } from './post-owner-actions';
import text from './post-text.module.css';
import styles from './post-detail-view.module.css';

type PostDetailViewProps = {
  post: PostDetail;
  /** Back returns here: the forum location the post was opened from. */
  onBack: () => void;
  /** The reviews section (issue 29), composed by the app; above the comments. */
  reviews?: ReactNode;
  /** The comments section, composed by the app. */
  comments?: ReactNode;
  /** Posts like this one (RelatedPosts), shown after the post and before its comments. */
  related?: ReactNode;
  /** More actions beside Cite, composed by the app (e.g. Report). */
  actions?: ReactNode;
  /** Beside each tag, composed by the app: its follow toggle (issue 30). */
  tagAction?: (tag: string) => ReactNode;
  /** The author deleted the post: leave its page. */
  onDeleted?: () => void;
  /** The author saved an edit; the detail already shows it. */
  onSaved?: (post: PostDetail) => void;
};

/**
 * The post detail (spec §2): Back, title, author (to the author page), time in China time, like
 * toggle, comment count, media carousel, content, tags, AI analysis, then the comments.
 */
export function PostDetailView({
  post,
  onBack,
  reviews,
  comments,
  related,
  actions,
  tagAction,
  onDeleted = onBack,
  onSaved,
}: PostDetailViewProps) {
  const { t } = useTranslation(['posts', 'messages']);
  const like = useLikePost(post.id, {
    onFailure: (error) => {
      // A 401 already opened the login overlay (api-client); that is the whole answer.
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(
        t('messages:likeFailed'),
        error instanceof ApiError ? error.detail : t('messages:likeFailedDetails'),
      );
    },
  });
  useSinglePlayback();
  const author = post['author name'].trim() || t('messages:anonymous');
  const authorTranslate = userText(post['author name']);
  const authorId = post['author id'];
  const items = mediaItemsOf(post, (number) => t('posts:media.file', { number }));
  const title = post.title.trim() || t('posts:untitled');

  return (
    <article className={`${page.page} ${page.underBackBar}`} aria-labelledby="post-title">
      <BackBar label={t('posts:detail.back')} onBack={onBack} className={styles.topBar}>
        <div className={styles.actions}>
          <CiteButton postId={post.id} version={post.edited_at} />
          {actions}
          <PostOwnerActions post={post} onDeleted={onDeleted} onSaved={onSaved} />
        </div>
      </BackBar>

      <header className={styles.header}>
        {post.hidden ? <HiddenBadge variant="banner" /> : null}
        <h1 id="post-title" className={styles.title} translate={userText(post.title)}>
          {title}
        </h1>
        <div className={styles.meta}>
          {authorId ? (
            <Link to={paths.author.href(authorId)} className={styles.author}>
              <Avatar src={post['author avatar url']} name={author} size={48} />
              <span className={styles.authorName} translate={authorTranslate}>
                {author}
              </span>
            </Link>
          ) : (
            <span className={styles.author}>
              <Avatar src={post['author avatar url']} name={author} size={48} />
              <span className={styles.authorName} translate={authorTranslate}>
                {author}
              </span>
            </span>
          )}
          <time className={styles.time} dateTime={post.timestamp}>
            {formatDateTime(post.timestamp)}
          </time>
          <PostEdited postId={post.id} editedAt={post.edited_at} />
          <ReviewStatusBadge status={post.review_status} />
          <div className={styles.stats}>
            <LikeButton
              liked={post.liked}
              likes={post.likes}
              onToggle={like.toggle}
              pending={like.isPending}
            />
            <span className={styles.comments} data-testid="comment-count">
              <CommentIcon />
              {t('posts:detail.comments', { count: post.comments })}
            </span>
          </div>
        </div>
        <DoiLink doi={post.doi} />
      </header>

      <div className={styles.layout}>
        <div className={styles.main}>
          {items.length ? <PostCarousel items={items} title={title} /> : null}

          {post.Summary.trim() ? (
            <p className={`${text.summary} ${styles.summary}`} translate="no">
              {post.Summary}
            </p>
          ) : null}

          {/* Plain text line by line, each line its own paragraph (spec §2); Markdown and math rendered. */}
          {post.content.trim() ? (
            <RichText
              text={post.content}
              plain="lines"
              className={text.content}
              testId="post-content"
            />
          ) : null}

          {post.tags.length ? (
            <TagChips tags={post.tags} label={t('posts:tags')} action={tagAction} />
          ) : null}
        </div>

        <div className={styles.side}>
          <AiAnalysis
            raw={post.ai_analysis}
            status={post.status}
            processingError={post.processing_error}
          />
        </div>
      </div>

      {related}
      {reviews ? <div className={styles.composedSection}>{reviews}</div> : null}
      {comments ? <div className={styles.composedSection}>{comments}</div> : null}
    </article>
  );
}
