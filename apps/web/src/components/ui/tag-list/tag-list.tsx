import clsx from 'clsx';
import styles from './tag-list.module.css';

type TagListProps = {
  tags: readonly string[];
  /** Names the list, e.g. 'Tags' or 'Expertise'. */
  label: string;
  /** Tags of a post are shown as #tag. */
  hashed?: boolean;
  size?: 'normal' | 'small';
  outlined?: boolean;
};

/** The members' own words as pills (translate="no"), in a list named by `label`. */
export function TagList({ tags, label, hashed, size = 'normal', outlined }: TagListProps) {
  const className = clsx(styles.tag, size === 'small' && styles.small, outlined && styles.outlined);
  return (
    <ul className={styles.list} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className={className} translate="no">
          {hashed ? `#${tag}` : tag}
        </li>
      ))}
    </ul>
  );
}
