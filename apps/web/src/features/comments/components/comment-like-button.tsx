import { Trans, useTranslation } from 'react-i18next';
import { HeartIcon } from '@/components/ui/icons/icons';
import styles from './comment-item.module.css';

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
      <HeartIcon filled={liked} width={16} height={16} />
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
