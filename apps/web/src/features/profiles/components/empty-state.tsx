import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

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
      <span className={styles.icon} aria-hidden="true">
        {icon === 'lock' ? <LockIcon /> : <InboxIcon />}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {text ? <p className={styles.text}>{text}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9zm3 4a2 2 0 0 1 1 3.73V19h-2v-1.27A2 2 0 0 1 12 14z"
      />
    </svg>
  );
}

function InboxIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
      <path
        fill="currentColor"
        d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 12h-4a3 3 0 0 1-6 0H5V5h14v10z"
      />
    </svg>
  );
}
