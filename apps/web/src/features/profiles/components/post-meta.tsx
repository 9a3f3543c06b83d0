import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CommentIcon, HeartIcon } from '@/components/ui/icons/icons';
import styles from './post-meta.module.css';

type PostMetaProps = {
  /** The date, as the list shows it. */
  date: ReactNode;
  /** Without counts, the line holds the date alone (or what the list puts there). */
  counts?: { likes: number; comments: number };
  children?: ReactNode;
};

/** The line under a post in a profile's list: its date, likes and comments. */
export function PostMeta({ date, counts, children }: PostMetaProps) {
  const { t } = useTranslation('profiles');
  return (
    <div className={styles.meta}>
      {children}
      {date}
      {counts ? (
        <>
          <span className={styles.metric}>
            <HeartIcon />
            {t('likeCount', { count: counts.likes })}
          </span>
          <span className={styles.metric}>
            <CommentIcon />
            {t('commentCount', { count: counts.comments })}
          </span>
        </>
      ) : null}
    </div>
  );
}
