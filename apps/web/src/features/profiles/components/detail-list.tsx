import type { ReactNode } from 'react';
import styles from './detail-list.module.css';

/** A list of Details; `compact` in the settings window. */
export function DetailList({
  compact = false,
  children,
}: {
  compact?: boolean;
  children: ReactNode;
}) {
  return <dl className={compact ? `${styles.list} ${styles.compact}` : styles.list}>{children}</dl>;
}

/** One labelled value of a DetailList. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
