import clsx from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import styles from './tag-chips.module.css';

type TagChipsProps = {
  tags: readonly string[];
  /** Names the list, e.g. 'Tags'. */
  label: string;
  /** Something beside each tag, composed by the app (the post detail's follow toggle). */
  action?: (tag: string) => ReactNode;
  size?: 'normal' | 'small';
  className?: string;
};

/**
 * A post's tags as `#tag` pills (the members' words: translate="no"), each a link to the forum
 * filtered by it, where the tag is followed (issue 30); an optional action sits inside each pill.
 */
export function TagChips({ tags, label, action, size = 'normal', className }: TagChipsProps) {
  return (
    <ul className={clsx(styles.list, className)} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className={clsx(styles.chip, size === 'small' && styles.small)}>
          <Link className={styles.link} to={paths.forum.tag(tag)} translate="no">
            #{tag}
          </Link>
          {action?.(tag)}
        </li>
      ))}
    </ul>
  );
}
