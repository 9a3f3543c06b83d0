import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { Feed } from '@symposia/shared';
import outline from '@/components/ui/outline-button/outline-button.module.css';
import styles from './sort-buttons.module.css';

type FeedSwitchProps = {
  feed: Feed | undefined;
  onChange: (feed: Feed | undefined) => void;
};

/**
 * All posts, or only those of the authors and tags the member follows (issue 30): two pressed
 * buttons in the look of the sort and review filters beside them. The app shows it to members.
 */
export function FeedSwitch({ feed, onChange }: FeedSwitchProps) {
  const { t } = useTranslation('posts');
  const options = [undefined, 'following'] as const;
  return (
    <div className={styles.group} role="group" aria-label={t('feed.group')}>
      {options.map((option) => (
        <button
          key={option ?? 'all'}
          type="button"
          className={clsx(
            outline.button,
            outline.round,
            styles.button,
            feed === option && styles.active,
          )}
          aria-pressed={feed === option}
          onClick={() => onChange(option)}
        >
          {t(option ? 'feed.following' : 'feed.all')}
        </button>
      ))}
    </div>
  );
}
