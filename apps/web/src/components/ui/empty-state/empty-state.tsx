import type { ReactNode } from 'react';
import styles from './empty-state.module.css';
import { InboxIcon, KeyholeLockIcon } from '@/components/ui/icons/icons';
import { RoundIcon } from '@/components/ui/round-icon/round-icon';

type EmptyStateProps = {
  title: string;
  text?: string;
  /** A call to action, e.g. a link to the upload page. */
  action?: ReactNode;
  /** 'lock' for a section the author keeps private. */
  icon?: 'lock' | 'empty';
  headingLevel?: 2 | 3;
};

/** A panel with nothing to list, or whose content the author keeps private. */
export function EmptyState({
  title,
  text,
  action,
  icon = 'empty',
  headingLevel = 3,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty}>
      <RoundIcon className={styles.icon}>
        {icon === 'lock' ? (
          <KeyholeLockIcon width={28} height={28} />
        ) : (
          <InboxIcon width={28} height={28} />
        )}
      </RoundIcon>
      <Heading className={styles.title}>{title}</Heading>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
