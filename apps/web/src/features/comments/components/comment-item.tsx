import { useRef } from 'react';
import { Link } from 'react-router';
import { MESSAGES } from '@symposia/shared';
import type { Comment } from '../types';
import { Avatar } from '@/components/ui/avatar/avatar';
import { FallbackImage } from '@/components/ui/fallback-image/fallback-image';
import { RichText } from '@/components/ui/rich-text/rich-text';
import { notify } from '@/components/ui/toast/toast';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/time';
import { useLikeComment } from '../api/like-comment';
import { trimFraction } from '../utils/threads';
import { CommentComposer } from './comment-composer';
import { CommentLikeButton } from './comment-like-button';
import styles from './comment-item.module.css';

export const COMMENT_LIKE_FAILED = MESSAGES.likeFailed;
export const COMMENT_LIKE_FAILED_DETAILS = MESSAGES.likeFailedDetails;
export const ANONYMOUS = MESSAGES.anonymous;

function reportLikeFailure(error: unknown) {
  // A 401 already opened the login overlay (api-client); that is the whole answer.
  if (error instanceof ApiError && error.status === 401) return;
  notify.error(
    COMMENT_LIKE_FAILED,
    error instanceof ApiError ? error.detail : COMMENT_LIKE_FAILED_DETAILS,
  );
}

export const authorOf = (comment: Comment) => comment.username.trim() || ANONYMOUS;

type CommentItemProps = {
  postId: string;
  comment: Comment;
  /** The reply box under this comment is open. */
  replying: boolean;
  onReply: () => void;
  onCloseReply: () => void;
  onPosted: (comment: Comment) => void;
};

/**
 * One comment (spec §2): avatar (initials when missing or broken), name (to the author page), time in
 * China time, the text as text, a like toggle and a Reply button that opens a reply box below.
 */
export function CommentItem({
  postId,
  comment,
  replying,
  onReply,
  onCloseReply,
  onPosted,
}: CommentItemProps) {
  const like = useLikeComment(postId, comment._id, { onFailure: reportLikeFailure });
  const replyButton = useRef<HTMLButtonElement>(null);
  const author = authorOf(comment);
  const createdAt = trimFraction(comment.createdAt);
  const topLevel = comment.level <= 1;

  // Closing the reply box (sent or cancelled) puts focus back on its Reply button.
  const closeReply = () => {
    replyButton.current?.focus();
    onCloseReply();
  };

  return (
    <article
      className={topLevel ? styles.comment : `${styles.comment} ${styles.reply}`}
      aria-label={`Comment by ${author}`}
      data-comment-id={comment._id}
      data-level={comment.level}
    >
      <div className={styles.avatar}>
        <Avatar src={comment.avatar} name={author} size={topLevel ? 48 : 32} />
      </div>
      <div className={styles.body}>
        <header className={styles.meta}>
          {comment.userId ? (
            <Link to={paths.author.href(comment.userId)} className={styles.name}>
              {author}
            </Link>
          ) : (
            <span className={styles.name}>{author}</span>
          )}
          <time className={styles.time} dateTime={createdAt}>
            {formatDateTime(createdAt)}
          </time>
        </header>

        {/* User text is never HTML: plain text as typed, or sanitized Markdown (rich-text/). */}
        <RichText text={comment.content} plain="text" className={styles.content} />

        {comment.imageUrl ? (
          <FallbackImage
            className={styles.image}
            src={comment.imageUrl}
            alt={`Image attached by ${author}`}
            loading="lazy"
            decoding="async"
          />
        ) : null}

        <div className={styles.actions}>
          <CommentLikeButton
            liked={comment.liked}
            likes={comment.likes}
            author={author}
            pending={like.isPending}
            onToggle={like.toggle}
          />
          <button
            ref={replyButton}
            type="button"
            className={styles.action}
            aria-expanded={replying}
            onClick={onReply}
          >
            Reply<span className="visually-hidden"> to {author}</span>
          </button>
        </div>

        {replying ? (
          <div className={styles.replyBox}>
            <CommentComposer
              postId={postId}
              replyTo={comment}
              label={`Reply to ${author}`}
              onPosted={(created) => {
                closeReply();
                onPosted(created);
              }}
              onCancel={closeReply}
            />
          </div>
        ) : null}
      </div>
    </article>
  );
}
