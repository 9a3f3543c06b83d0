import { useTranslation } from 'react-i18next';
import { HeartIcon } from '@/components/ui/icons/icons';
import { PillToggle } from '@/components/ui/outline-button/pill-toggle';
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
    <PillToggle
      pressed={liked}
      pending={pending}
      onToggle={onToggle}
      className={styles.button}
      pressedClassName={styles.liked}
    >
      <HeartIcon filled={liked} />
      <span data-testid="like-count">{likes}</span>
      <span className="visually-hidden">{t('card.likes', { count: likes })}</span>
    </PillToggle>
  );
}
