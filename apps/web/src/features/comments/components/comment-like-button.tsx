import { Trans, useTranslation } from 'react-i18next';
import styles from './comment-item.module.css';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.2-9.3C1.6 7.8 3.8 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.4 0 5.6 3.3 4.4 6.7-1.7 4.7-9.2 9.3-9.2 9.3Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type CommentLikeButtonProps = {
  liked: boolean;
  likes: number;
  /** Whose comment, so each like button has its own name for assistive technology. */
  author: string;
  /** "no" when `author` is the member's own name rather than the interface's 'Anonymous'. */
  authorTranslate?: 'no';
  pending?: boolean;
  onToggle: () => void;
};

/**
 * A comment's like count; pressing it toggles the reader's like (spec §2, §4 Comment like). Its name
 * reads e.g. "Like comment by bob: 2 likes", and aria-pressed says whether the reader likes it.
 */
export function CommentLikeButton({
  liked,
  likes,
  author,
  authorTranslate,
  pending = false,
  onToggle,
}: CommentLikeButtonProps) {
  const { t } = useTranslation('comments');
  return (
    <button
      type="button"
      className={liked ? `${styles.action} ${styles.liked}` : styles.action}
      aria-pressed={liked}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!pending) onToggle();
      }}
    >
      <HeartIcon filled={liked} />
      <span className="visually-hidden">
        <Trans
          t={t}
          i18nKey="like.by"
          values={{ author }}
          components={{ term: <span translate={authorTranslate} /> }}
        />
      </span>
      <span data-testid="comment-like-count">{likes}</span>
      <span className="visually-hidden">{t('like.likes', { count: likes })}</span>
    </button>
  );
}
