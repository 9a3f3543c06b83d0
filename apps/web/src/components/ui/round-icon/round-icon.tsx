import clsx from 'clsx';
import type { ReactNode } from 'react';
import styles from './round-icon.module.css';

type RoundIconProps = {
  /** `danger` for what went wrong and for a like. */
  tone?: 'primary' | 'danger';
  /** Sets `--round-icon-size` (48px when not) and where the disc stands. */
  className?: string;
  children: ReactNode;
};

/** An icon in a tinted disc: an empty panel's, the wallet to connect, an activity's kind. */
export function RoundIcon({ tone = 'primary', className, children }: RoundIconProps) {
  return (
    <span className={clsx(styles.icon, styles[tone], className)} aria-hidden="true">
      {children}
    </span>
  );
}

/** The "!" of a page or panel that failed to load. */
export function FailureMark({ className }: { className?: string }) {
  return (
    <RoundIcon tone="danger" className={clsx(styles.mark, className)}>
      !
    </RoundIcon>
  );
}
