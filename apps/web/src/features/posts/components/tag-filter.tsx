import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './tag-filter.module.css';

type TagFilterProps = {
  tag: string;
  /** The address of the same list without the tag. */
  clearHref: string;
  /** The tag's Follow button, composed by the app (issue 30). */
  action?: ReactNode;
};

/** "Posts tagged #optics", with the tag's Follow button and Show all posts. */
export function TagFilter({ tag, clearHref, action }: TagFilterProps) {
  const { t } = useTranslation('posts');
  return (
    <div className={styles.bar}>
      <h2 className={styles.heading}>
        <Trans
          t={t}
          i18nKey="tagFilter.heading"
          values={{ tag }}
          components={{ tag: <span className={styles.tag} translate="no" /> }}
        />
      </h2>
      {action}
      <Link className={`button button-secondary ${styles.clear}`} to={clearHref}>
        {t('tagFilter.clear')}
      </Link>
    </div>
  );
}
