import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '@/components/ui/icons/icons';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import styles from './like-button.module.css';

type LikeButtonProps = {
  liked: boolean;
  likes: number;
  onToggle: () => void;
  /** A like is on its way: further clicks are ignored (spec §4), the button stays focusable. */
  pending?: boolean;
};

/** The post's like count; pressing it toggles the reader's like (spec §2, §4 Post like). */
export function LikeButton({ liked, likes, onToggle, pending = false }: LikeButtonProps) {
  const { t } = useTranslation('posts');
  return (
    <button
      type="button"
      className={clsx(outline.button, outline.round, styles.button, liked && styles.liked)}
      aria-pressed={liked}
      aria-busy={pending || undefined}
      onClick={() => {
        if (!pending) onToggle();
      }}
    >
      <HeartIcon filled={liked} />
      <span data-testid="like-count">{likes}</span>
      <span className="visually-hidden">{t('card.likes', { count: likes })}</span>
    </button>
  );
}
